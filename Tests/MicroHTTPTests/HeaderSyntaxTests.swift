import HTTPTesting
import Testing

@testable import MicroHTTP

/// RFC 9112 §2–§5 and RFC 9110 §5.5: a request line or header field that a proxy in front could
/// read otherwise than libmicrohttpd 0.9.75 does is answered 400 and its connection closed, so
/// that no byte after it is read as another request; a path is routed as sent.
@Suite("Request line and header field syntax", .tags(.threads))
struct HeaderSyntaxTests {
  /// Sends `raw` on a new connection and returns the answer, whether the server closed the
  /// connection after it, and the server (still running, for a follow-up on a new connection).
  private func exchange(_ raw: [UInt8], on server: HTTPTestServer) throws -> (TestResponse, closed: Bool) {
    let client = try HTTPTestClient(port: server.port)
    try client.send(raw)
    let response = try client.readResponse()
    return (response, client.isClosedByServer())
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// A request whose second one hides where a proxy reads a body: refused, and the hidden one
  /// never answered (the connection closes after the first answer).
  @Test(arguments: [
    // obs-fold: libmicrohttpd 0.9.75 appends the fold to the field *name*, so that it sees no
    // Content-Length where a proxy that unfolds sees 43.
    "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length:\r\n 36\r\n\r\n",
    // A NUL ends libmicrohttpd's C string: it reads Content-Length 2 where a proxy reads 236.
    "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 2\u{0}36\r\n\r\n{}",
    // libmicrohttpd reads chunks only for a first field of exactly `chunked`: here it would
    // read the body up to the connection's close.
    "POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked \r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    "POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding:\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: , chunked\r\n\r\n0\r\n\r\n",
    // Two NULs look like a line end: the block must end where libmicrohttpd ended it.
    "POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 2\u{0}\u{0}36\r\n\r\n{}",
    // A line that starts with a NUL, or a colon after a field, ends libmicrohttpd's block: the
    // fields after it would be read as a body or a request.
    "POST /echo HTTP/1.1\r\nHost: test\r\n\u{0}Content-Length: 36\r\n\r\n",
    "POST /echo HTTP/1.1\r\nHost: test\r\n:x\r\nContent-Length: 36\r\n\r\n",
  ])
  func aFieldReadTwoWaysIsRefusedAndTheConnectionClosed(_ head: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let hidden = "GET /fixed HTTP/1.1\r\nHost: test\r\n\r\n"
    let (response, closed) = try exchange(bytes(head + hidden), on: server)
    #expect(response.status == 400)
    #expect(response.headers["Content-Type"] == HTTPError.problemContentType)
    #expect(response.headers["Connection"]?.lowercased() == "close")
    #expect(closed)
    #expect(try HTTPTestClient(port: server.port).request(path: "/fixed").status == 200)
  }

  @Test func aFoldedFieldIsRefusedWhateverItsName() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let (response, closed) = try exchange(
      bytes("GET /fixed HTTP/1.1\r\nHost: test\r\nX-Folded: a\r\n  b\r\n\r\n"), on: server)
    #expect(response.status == 400)
    #expect(response.bodyString.contains("folded"))
    #expect(closed)
  }

  @Test func aNULInTheLastFieldIsRefusedAndItsValueNotEchoed() throws {
    let server = try HTTPTestServer(requestIDs: RequestIDPolicy())
    defer { server.stop() }
    let (response, closed) = try exchange(
      bytes("GET /fixed HTTP/1.1\r\nHost: test\r\nX-Request-Id: ab\u{0}cd\r\n\r\n"), on: server)
    #expect(response.status == 400)
    #expect(closed)
    // The id is the server's own, not the client's cut short.
    #expect(response.headers["X-Request-Id"] != "ab")
    #expect(response.headers["X-Request-Id"]?.count == 32)
  }

  @Test(arguments: [
    ("X(A): v", "token"), ("X A: v", "token"), (": first", "token"), ("X-A: a\rb", "CR"),
    ("Host: b", "more than one Host"),
  ])
  func aFieldThatIsNotAFieldLineIsRefused(_ field: String, mentions: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    // The odd field first, Host after it: a field after `: …` would end libmicrohttpd's block.
    let head = field.hasPrefix(":") ? "\(field)\r\nHost: test" : "Host: test\r\n\(field)"
    let (response, closed) = try exchange(bytes("GET /fixed HTTP/1.1\r\n\(head)\r\n\r\n"), on: server)
    #expect(response.status == 400, "\(field)")
    #expect(response.bodyString.contains(mentions), "\(response.bodyString)")
    #expect(closed)
  }

  @Test(arguments: [
    "a b", "a/b", "a@b", "ü.example", "a\u{7}", "a:b", "a:80:80", "::1", "[::1", "[::1]x", "a]",
  ])
  func aHostThatIsNotAHostIsRefused(_ host: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let (response, closed) = try exchange(bytes("GET /fixed HTTP/1.1\r\nHost: \(host)\r\n\r\n"), on: server)
    #expect(response.status == 400, "\(host)")
    #expect(closed)
    #expect(response.bodyString.contains("Host"))
  }

  @Test(arguments: [
    "test", "127.0.0.1:8080", "[::1]:8080", "[fe80::1%25eth0]", "xn--bcher-kva.example", "test.", "test:",
    "test ", "",
  ])
  func aHostWithAnOptionalPortIsServed(_ host: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET /fixed HTTP/1.1\r\nHost: \(host)\r\n\r\n")
    #expect(try client.readResponse().status == 200, "\(host)")
    // The connection serves on.
    #expect(try client.request(path: "/fixed").status == 200)
  }

  @Test func aBareLFEndsLinesAsCRLFDoes() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET /header HTTP/1.1\nHost: test\nX-Empty:\nX-Test: lf\n\n")
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(response.bodyString == "lf")
    #expect(try client.request(path: "/fixed").status == 200)
  }

  @Test func trailingWhitespaceIsNotPartOfAValue() throws {
    let server = try HTTPTestServer(requestIDs: RequestIDPolicy())
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET /header HTTP/1.1\r\nHost: test\r\nX-Test: \t value \t\r\nX-Request-Id: abc \r\n\r\n")
    let response = try client.readResponse()
    #expect(response.bodyString == "value")
    #expect(response.headers["X-Request-Id"] == "abc")
  }

  @Test(arguments: ["G@T", "GE\"T", "GET(", "[GET]", "GE\u{0}T"])
  func aMethodThatIsNotATokenIsRefused(_ method: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let (response, closed) = try exchange(
      bytes("\(method) /fixed HTTP/1.1\r\nHost: test\r\n\r\n"), on: server)
    #expect(response.status == 400, "\(method)")
    #expect(response.bodyString.contains("method") || response.bodyString.contains("NUL"))
    #expect(closed)
  }

  @Test(arguments: [
    "/fix ed", "fixed", "fixed/", "1http://test/fixed", "/fixed\u{0}.js", "/fixed?a\rb", "/fixed?a\tb",
    "/fixed?a b",
    "/fixed\u{7F}",
  ])
  func aTargetThatIsNotAPathOrAnAbsoluteURIIsRefused(_ target: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let (response, closed) = try exchange(bytes("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n"), on: server)
    #expect(response.status == 400, "\(target)")
    #expect(response.bodyString.contains("target"))
    #expect(closed)
  }

  /// Escapes of unreserved characters are decoded; every other escape stays, so that a path a
  /// proxy allows or denies as sent cannot reach another resource.
  @Test(arguments: [
    ("/%66ixed", 200), ("/fix%65d", 200), ("/fixed%00", 404), ("/fixed%00.js", 404), ("/%2Ffixed", 404),
    ("/fixed%2F", 404), ("/fixed%", 404), ("/fixed%zz", 404),
  ])
  func aPathIsRoutedAsSentWithOnlyUnreservedEscapesDecoded(_ target: String, status: Int) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(path: target)
    #expect(response.status == status, "\(target)")
    if status == 404 {
      // The problem names the path as sent.
      #expect(response.bodyString.contains(target), "\(response.bodyString)")
    }
  }

  /// A request line and header block within `maxHeaderBytes` (its bytes and 64 per field) is
  /// served; one over it is answered 431 (a request line alone over it 414) as a problem: never
  /// closed unanswered, which libmicrohttpd did when the headers left no room for the answer's.
  @Test func headersUpToTheLimitAreServedAndOverItAnswered431() throws {
    let limit = 4096
    let server = try HTTPTestServer { $0.maxHeaderBytes = limit }
    defer { server.stop() }
    var firstRefused: Int?
    for padding in stride(from: limit - 700, to: limit + 200, by: 3) {
      let raw =
        "GET /fixed HTTP/1.1\r\nHost: test\r\nX-Long: \(String(repeating: "a", count: padding))\r\n\r\n"
      let client = try HTTPTestClient(port: server.port)
      try client.send(raw)
      let response = try client.readResponse()
      // Two fields: the block's bytes and 128.
      let taken = raw.utf8.count + 2 * 64
      if taken <= limit {
        #expect(response.status == 200, "\(taken) bytes")
      } else {
        #expect(response.status == 431, "\(taken) bytes")
        #expect(response.headers["Content-Type"] == HTTPError.problemContentType)
        #expect(client.isClosedByServer())
        firstRefused = firstRefused ?? taken
      }
    }
    #expect(firstRefused.map { $0 <= limit + 3 } == true)
    // libmicrohttpd keeps a copy of the first Cookie field and a record per cookie too.
    var served = 0
    for cookies in [45, 52] {
      let cookie = (0..<cookies).map { "c\($0)=1" }.joined(separator: "; ")
      let raw = "GET /fixed HTTP/1.1\r\nHost: test\r\nCookie: \(cookie)\r\n\r\n"
      let taken = raw.utf8.count + 2 * 64 + cookie.utf8.count + 1 + 64 * cookies
      let client = try HTTPTestClient(port: server.port)
      try client.send(raw)
      #expect(
        try client.readResponse().status == (taken <= limit ? 200 : 431), "\(cookies) cookies, \(taken) bytes"
      )
      if taken <= limit { served += 1 }
    }
    #expect(served == 1, "one within the limit, one over it")
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET /\(String(repeating: "a", count: limit)) HTTP/1.1\r\nHost: test\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 414)
    #expect(response.headers["Content-Type"] == HTTPError.problemContentType)
  }

  @Test func theCharacterClassesHoldTheirRFCsCharacters() {
    let digitsAndLetters = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    #expect(HTTPSyntax.tokenCharacters == .init("!#$%&'*+-.^_`|~" + digitsAndLetters))
    #expect(HTTPSyntax.hostCharacters == .init("-._~%!$&'()*+,;=:[]" + digitsAndLetters))
    #expect(HTTPSyntax.schemeCharacters == .init("+-." + digitsAndLetters))
    #expect(HTTPSyntax.letters == .init(String(digitsAndLetters.dropFirst(10))))
    #expect(HTTPSyntax.unreservedCharacters == .init("-._~" + digitsAndLetters))
    #expect(!HTTPSyntax.tokenCharacters.contains(0x80) && !HTTPSyntax.tokenCharacters.contains(0xFF))
  }

  @Test func onlyTheEscapesOfUnreservedCharactersAreDecoded() {
    for (target, decoded) in [
      ("/a%2Fb%20c%41%00d", "/a%2Fb%20cA%00d"), ("/%7e%2d%5F%2E", "/~-_."), ("/100%", "/100%"),
      ("/%4", "/%4"), ("/%zz%41", "/%zzA"), ("/plain", "/plain"),
    ] {
      var text = Array(target.utf8CString)
      let count = text.withUnsafeMutableBufferPointer {
        HTTPSyntax.decodeUnreservedEscapes(in: $0.baseAddress!)
      }
      #expect(
        String(decoding: text[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) == decoded, "\(target)")
    }
  }
}
