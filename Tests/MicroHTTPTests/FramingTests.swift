import HTTPTesting
import MicroHTTP
import Testing

/// RFC 9112 §6.3: a request whose body length a proxy and the server could read differently is
/// answered 400 and its connection closed. scripts/checks/70-framing runs the full table
/// against layoutd with a strict parser; these pin the rules on the HTTP layer itself.
@Suite("Request framing", .tags(.threads))
struct FramingTests {
  /// Sends `head` (header lines after the request line, CRLF-separated) and `body` to
  /// `POST /echo`, and returns the answer and whether the server closed the connection after it.
  private func exchange(_ head: [String], body: String) throws -> (TestResponse, closed: Bool) {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let lines = ["POST /echo HTTP/1.1", "Host: test"] + head
    try client.send(lines.joined(separator: "\r\n") + "\r\n\r\n" + body)
    let response = try client.readResponse()
    return (response, client.isClosedByServer())
  }

  @Test(arguments: [["Content-Length: 5", "Content-Length: 3"], ["Content-Length: 3", "Content-Length: 5"]])
  func contentLengthsThatDifferAreRefusedAndTheConnectionClosed(_ head: [String]) throws {
    let (response, closed) = try exchange(head, body: "abcde")
    #expect(response.status == 400)
    #expect(response.headers["Content-Type"] == HTTPError.problemContentType)
    #expect(response.bodyString.contains("Content-Length"))
    #expect(response.headers["Connection"]?.lowercased() == "close")
    #expect(closed)
  }

  @Test func aContentLengthAfterTheFirstThatIsNotDecimalIsRefused() throws {
    let (response, closed) = try exchange(["Content-Length: 3", "Content-Length: 3x"], body: "abc")
    #expect(response.status == 400)
    #expect(response.bodyString.contains("Content-Length"))
    #expect(closed)
  }

  @Test func identicalContentLengthsCollapseIntoOne() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc")
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(response.bodyString == "abc")
    // The connection stays usable.
    #expect(try client.request(method: "GET", path: "/fixed").bodyString == "fixed reply")
  }

  @Test func contentLengthWithTransferEncodingIsRefused() throws {
    let (response, closed) = try exchange(
      ["Content-Length: 3", "Transfer-Encoding: chunked"], body: "3\r\nabc\r\n0\r\n\r\n")
    #expect(response.status == 400)
    #expect(response.bodyString.contains("Transfer-Encoding"))
    #expect(closed)
  }

  @Test(arguments: [
    (["Transfer-Encoding: chunked", "Transfer-Encoding: chunked"], 400),
    (["Transfer-Encoding: chunked, identity"], 400),
    (["Transfer-Encoding: gzip, chunked"], 501),
  ])
  func transferCodingsOtherThanOneFinalChunkedAreRefused(_ head: [String], status: Int) throws {
    let (response, closed) = try exchange(head, body: "3\r\nabc\r\n0\r\n\r\n")
    #expect(response.status == status)
    #expect(response.bodyString.contains("Transfer-Encoding"))
    #expect(closed)
  }

  @Test func aFieldNameEndingInWhitespaceIsRefused() throws {
    let (response, closed) = try exchange(["Content-Length : 3"], body: "abc")
    #expect(response.status == 400)
    #expect(closed)
  }

  @Test func theBytesAfterARefusedRequestAreNeverReadAsAnotherRequest() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let smuggled = "GET /fixed HTTP/1.1\r\nHost: test\r\n\r\n"
    try client.send(
      "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\nContent-Length: \(2 + smuggled.utf8.count)\r\n\r\n{}"
        + smuggled)
    #expect(try client.readResponse().status == 400)
    #expect(client.isClosedByServer())
  }

  @Test(arguments: ["http://test/fixed", "HTTP://test:8080/fixed?x=1", "https://test/fixed"])
  func anAbsoluteFormTargetIsRoutedByItsPath(_ target: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(response.bodyString == "fixed reply")
  }

  @Test func anAbsoluteFormTargetWithoutAPathIsTheRoot() throws {
    var router = TestRoutes.router()
    router.add(.get, "/") { _, response in response.write("root") }
    let server = try HTTPTestServer(router: router)
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET http://test HTTP/1.1\r\nHost: test\r\n\r\n")
    #expect(try client.readResponse().bodyString == "root")
  }
}
