import HTTPTesting
import MicroHTTP
import Testing

@Suite("Request bodies", .tags(.threads))
struct BodyTests {
  static let limit = 1000

  static func server() throws -> HTTPTestServer {
    try HTTPTestServer { $0.maxBodyBytes = limit }
  }

  /// `count` bytes that repeat every 256 (`index * 31 + 7`), made by copying that period:
  /// megabytes made byte by byte take seconds in a debug build under ThreadSanitizer.
  static func bytes(_ count: Int) -> [UInt8] {
    let period = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count { bytes += period.prefix(count - bytes.count) }
    return bytes
  }

  @Test func bodyExactlyAtTheLimitIsAccepted() throws {
    let server = try Self.server()
    defer { server.stop() }
    let body = Self.bytes(Self.limit)
    let response = try HTTPTestClient(port: server.port).request(method: "POST", path: "/echo", body: body)
    #expect(response.status == 200)
    #expect(response.body == body)
  }

  @Test func bodyOneByteOverTheLimitAnswers413() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(method: "POST", path: "/echo", body: Self.bytes(Self.limit + 1))
    #expect(response.status == 413)
    let problem = try response.jsonObject()
    #expect(problem["status"] as? Int == 413)
    #expect((problem["detail"] as? String)?.contains("\(Self.limit)") == true)
  }

  @Test func announcedLengthOverTheLimitIsAnsweredBeforeTheBodyIsSent() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 1000000000\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 413)
    #expect(response.headers["Connection"]?.lowercased() == "close")
    #expect(client.isClosedByServer())
    #expect(try HTTPTestClient(port: server.port).request(path: "/fixed").status == 200)
  }

  @Test func aBodyALittleOverTheLimitIsReadAndDroppedBeforeIts413() throws {
    // 2 MB sent at once, far more than the socket buffers hold: the server reads and drops it
    // before it answers, so the answer reaches a client that never stopped sending. Built before
    // the connection opens: the time a slow build (ThreadSanitizer beside a CPU hog) takes to make
    // it must not count against the connection's idle timeout (10 s).
    let body = Self.bytes(2 << 20)
    let raw = HTTPTestClient.encode(method: "POST", path: "/echo", host: "test", body: body)
    let server = try Self.server()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send(raw)
    #expect(
      !client.sendMetClosedConnection,
      "closed after the server read \(server.gauges.receivedBodyByteCount) of \(body.count) body bytes")
    let response = try client.readResponse()
    #expect(response.status == 413)
    #expect(try client.request(path: "/fixed").status == 200, "the connection stays usable")
  }

  @Test func aSendIntoAConnectionTheServerClosedIsAnOutcome() throws {
    // 8 MB announced and sent: over what the server reads of a refused body, so it answers at
    // once and closes while the client still writes. The client must not fail on the send; what
    // it reads is the 413 or, when the reset overtook it, the closed connection. Built before the
    // connection opens, as above.
    let raw = HTTPTestClient.encode(method: "POST", path: "/echo", host: "test", body: Self.bytes(8 << 20))
    let server = try Self.server()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send(raw)
    #expect(client.sendMetClosedConnection)
    do {
      let response = try client.readResponse()
      #expect(response.status == 413)
      #expect(response.headers["Connection"]?.lowercased() == "close")
    } catch .connectionClosed, .receiveFailed {
      // The reset that closed the connection destroyed the answer on its way: an outcome too.
    }
  }

  @Test func aClientWaitingFor100ContinueGetsThe413Before100() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send(
      "POST /echo HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 2000\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 413)
    #expect(client.isClosedByServer())
  }

  @Test(arguments: [("/nowhere", 404), ("/fixed", 405)])
  func aClientWaitingFor100ContinueGetsARouteRefusalBefore100(path: String, status: Int) throws {
    let server = try Self.server()
    defer { server.stop() }
    for framing in ["Content-Length: 20", "Transfer-Encoding: chunked"] {
      let client = try HTTPTestClient(port: server.port)
      try client.send("POST \(path) HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\n\(framing)\r\n\r\n")
      let response = try client.readResponse()
      #expect(response.status == status, "\(framing)")
      #expect(client.isClosedByServer())
    }
    // Without the expectation, the body is read first and the connection serves on.
    let client = try HTTPTestClient(port: server.port)
    #expect(try client.request(method: "POST", path: path, body: "12345").status == status)
    #expect(try client.request(path: "/fixed").status == 200)
  }

  @Test func bodySplitAcrossManySmallWritesArrivesWhole() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let body = Self.bytes(900)
    let raw = HTTPTestClient.encode(method: "POST", path: "/echo", host: "test", body: body)
    try client.send(Array(raw[..<(raw.count - body.count)]))
    // Each piece is sent only once the server has read the one before: 129 separate pieces.
    var sent = 0
    while sent < body.count {
      let piece = body[sent..<min(sent + 7, body.count)]
      try client.send(Array(piece))
      sent += piece.count
      #expect(
        waitUntil { server.gauges.receivedBodyByteCount == sent }, "piece ending at \(sent)")
    }
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(response.body == body)
  }

  @Test func chunkedBodyIsReassembled() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
    let pieces = ["hello", ", ", String(repeating: "x", count: 300), "!"]
    var sent = 0
    for piece in pieces {
      try client.send(String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n")
      // The server has read this chunk before the next is sent: four separate pieces.
      sent += piece.utf8.count
      #expect(waitUntil { server.gauges.receivedBodyByteCount == sent })
    }
    try client.send("0\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(response.bodyString == pieces.joined())
    #expect(try client.request(path: "/fixed").status == 200)
  }

  @Test func chunkedBodyGrowingPastTheLimitAnswers413() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
    let chunk = String(repeating: "y", count: 400)
    for _ in 0..<3 { try client.send("190\r\n" + chunk + "\r\n") }
    try client.send("0\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 413)
    #expect(try response.jsonObject()["status"] as? Int == 413)
  }

  @Test func emptyBodyReachesTheHandlerAsEmpty() throws {
    let server = try Self.server()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(method: "POST", path: "/echo", body: [])
    #expect(response.status == 200)
    #expect(response.body.isEmpty)
  }

  @Test func clientLeavingMidBodyDoesNotDisturbTheServer() throws {
    let server = try HTTPTestServer {
      $0.maxBodyBytes = Self.limit
      $0.connectionTimeout = 60
    }
    defer { server.stop() }
    do {
      let leaving = try HTTPTestClient(port: server.port)
      try leaving.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 500\r\n\r\n")
      try leaving.send(Self.bytes(100))
      leaving.close()
    }
    let body = Self.bytes(500)
    let response = try HTTPTestClient(port: server.port).request(method: "POST", path: "/echo", body: body)
    #expect(response.status == 200)
    #expect(response.body == body)
    // The abandoned request is released when the client leaves, not at the idle timeout.
    #expect(waitUntil { server.gauges.liveRequestCount == 0 })
  }

  @Test func aRequestCutOffByItsCloseIsReleasedAtOnce() throws {
    // The last bytes and the close in one segment: libmicrohttpd's epoll workers on their own
    // would keep each of these connections until the idle timeout (docs/operations.md); the
    // close watcher makes them see the close.
    // One worker: it takes up connections in the order they were accepted, so once the last
    // cut's body bytes are in, every cut connection has been started.
    let server = try HTTPTestServer {
      $0.maxBodyBytes = Self.limit
      $0.connectionTimeout = 60
      $0.threads = 1
    }
    defer { server.stop() }
    for _ in 0..<3 {
      try HTTPTestClient(port: server.port).sendThenClose("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Le")
    }
    for _ in 0..<3 {
      try HTTPTestClient(port: server.port).sendThenClose(
        "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 500\r\n\r\n0123456789")
    }
    #expect(waitUntil { server.gauges.receivedBodyByteCount >= 30 })
    #expect(
      waitUntil {
        server.gauges.openConnectionCount == 0 && server.gauges.liveRequestCount == 0
      })
    #expect(try HTTPTestClient(port: server.port).request(path: "/fixed").status == 200)
  }

  @Test func headersOverTheMemoryLimitAnswer431() throws {
    let server = try HTTPTestServer { $0.maxHeaderBytes = 8192 }
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(
      path: "/fixed", headers: [("X-Big", String(repeating: "b", count: 10_000))])
    #expect(response.status == 431)
  }
}
