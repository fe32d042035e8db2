import Dispatch
import HTTPTesting
import MicroHTTP
import Synchronization
import Testing

@Suite("Connections", .tags(.threads))
struct ConnectionTests {
  @Test func severalRequestsShareOneKeepAliveConnection() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    for index in 0..<5 {
      let response = try client.request(method: "POST", path: "/echo", body: "request \(index)")
      #expect(response.bodyString == "request \(index)")
      #expect(response.headers["Connection"]?.lowercased() != "close")
    }
  }

  @Test func pipelinedRequestsAreAnsweredInOrder() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let first = HTTPTestClient.encode(method: "POST", path: "/echo", host: "test", body: Array("one".utf8))
    let second = HTTPTestClient.encode(method: "GET", path: "/fixed", host: "test")
    let third = HTTPTestClient.encode(method: "POST", path: "/echo", host: "test", body: Array("three".utf8))
    try client.send(first + second + third)
    #expect(try client.readResponse().bodyString == "one")
    #expect(try client.readResponse().bodyString == "fixed reply")
    #expect(try client.readResponse().bodyString == "three")
  }

  @Test func eightThreadsOfFiveHundredRequestsAreEachAnsweredRightly() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let wrong = Atomic<Int>(0)
    let answered = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      guard let client = try? HTTPTestClient(port: server.port) else {
        wrong.add(500, ordering: .relaxed)
        return
      }
      for index in 0..<500 {
        let body = "thread \(thread) request \(index) " + String(repeating: "z", count: index % 97)
        let response = try? client.request(method: "POST", path: "/echo", body: body)
        if response?.status == 200, response?.bodyString == body {
          answered.add(1, ordering: .relaxed)
        } else {
          wrong.add(1, ordering: .relaxed)
        }
      }
    }
    #expect(wrong.load(ordering: .relaxed) == 0)
    #expect(answered.load(ordering: .relaxed) == 8 * 500)
  }
}
