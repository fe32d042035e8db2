import HTTPTesting
import MicroHTTP
import Posix
import Testing

/// The middleware chain the router composes: each stage gets the request and `next`, may answer
/// without calling it, may answer when the headers are in before any body is read, and sees what
/// the stages after it answered; the observers hear of every request, whoever answered it.
@Suite("Middleware: a chain of stages around the routes", .tags(.threads))
struct MiddlewareTests {
  /// A stage that refuses `POST /echo` (403) without calling `next`, and one that marks every answer
  /// it sees with its name.
  static func refusing() -> TestMiddleware {
    TestMiddleware(answers: { request, response in
      guard request.method == .post, request.path == "/echo" else { return false }
      response.status = 403
      response.contentType = "text/plain"
      response.write("refused by a stage")
      return true
    })
  }

  static func marking(_ name: String) -> TestMiddleware {
    TestMiddleware(after: { _, response in response.addHeader("X-Stage", name) })
  }

  @Test(arguments: TestTransportKind.allCases)
  func aStageAnswersBeforeTheHandlerWithoutCallingNext(transport: TestTransportKind) throws {
    let service = TestRoutes.service(TestRoutes.router(), nil, [Self.marking("outer"), Self.refusing()])
    let fixture = try transport.transport(to: service)
    let refused = try fixture.request(method: "POST", path: "/echo", headers: [], body: Array("hello".utf8))
    #expect(refused.status == 403)
    // The handler, which echoes the body, never ran; the stage before the refusing one saw its answer.
    #expect(refused.bodyString == "refused by a stage")
    #expect(refused.headers["X-Stage"] == "outer")
    let passed = try fixture.request(method: "GET", path: "/fixed", headers: [], body: nil)
    #expect(passed.status == 200 && passed.headers["X-Route"] == "fixed")
    #expect(passed.headers["X-Stage"] == "outer")
  }

  @Test func theFirstStageAddedIsTheOutermost() throws {
    let service = TestRoutes.service(
      TestRoutes.router(), nil, [Self.marking("first"), Self.marking("second"), Self.marking("third")])
    let response = HTTPTestService(serving: service).request(path: "/fixed")
    // Each stage adds its header after `next` returned: the innermost first.
    #expect(response.headers.values(for: "X-Stage") == ["third", "second", "first"])
  }

  @Test func theServersOwnProblemsPassThroughTheStages() throws {
    let fixture = HTTPTestService(
      serving: TestRoutes.service(TestRoutes.router(), nil, [Self.marking("seen")])
    ) {
      $0.maxBodyBytes = 8
    }
    #expect(fixture.request(path: "/missing").headers["X-Stage"] == "seen")
    #expect(fixture.request(method: "PUT", path: "/fixed").headers["X-Stage"] == "seen")
    #expect(fixture.request(method: "POST", path: "/echo", body: Array("123456789".utf8)).status == 413)
    #expect(
      fixture.request(method: "POST", path: "/echo", body: Array("123456789".utf8)).headers["X-Stage"]
        == "seen")
  }

  /// A stage that answers 401 when the headers are in, unless the request says `X-Pass: yes`.
  static func gate() -> TestMiddleware {
    TestMiddleware(beforeBody: { request, response in
      guard request.header("X-Pass") != "yes" else { return false }
      response.status = 401
      response.contentType = "text/plain"
      response.write("no pass")
      return true
    })
  }

  @Test func aStageAnswersWhenTheHeadersAreInBeforeAnyBodyIsRead() throws {
    let records = Locked<[CompletedRequest]>([])
    let server = try HTTPTestServer(
      middleware: [Self.marking("outer"), Self.gate(), Self.marking("inner")],
      observers: [TestObserver(onEnd: { record in records.withLock { $0.append(record) } })])
    defer { server.stop() }
    // An upload of a megabyte announced, its first kilobyte sent: the answer comes before the rest.
    let client = try HTTPTestClient(port: server.port)
    try client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 1000000\r\n\r\n")
    try client.send(Array(repeating: UInt8(ascii: "x"), count: 1000))
    let refused = try client.readResponse()
    #expect(refused.status == 401)
    #expect(refused.bodyString == "no pass")
    // The stages before the gate wrap its answer; the one after it never saw the request.
    #expect(refused.headers["X-Stage"] == "outer")
    #expect(refused.headers["Connection"] == "close")
    #expect(client.isClosedByServer())
    #expect(waitUntil { records.withLock { $0.count } == 1 })
    #expect(records.withLock { $0.first?.status } == 401)
    // The body was never kept: what arrived was at most what was sent before the answer.
    #expect(server.gauges.receivedBodyByteCount <= 1000)
    // With the pass, the same stages let the request through to its route.
    let passed = try server.client().request(
      method: "POST", path: "/echo", headers: [("X-Pass", "yes")], body: "hello")
    #expect(passed.status == 200 && passed.bodyString == "hello")
    #expect(passed.headers.values(for: "X-Stage") == ["inner", "outer"])
  }

  @Test func aStageIsCalledOnlyWhereItSaysItActs() throws {
    let gate = TestGateOnly()
    let server = try HTTPTestServer(middleware: [Self.marking("outer"), gate, Self.marking("inner")])
    defer { server.stop() }
    // Let through: answered as without the gate, whose `respond` is never called.
    let passed = try server.client().request(path: "/fixed", headers: [("X-Pass", "yes")])
    #expect(passed.status == 200)
    #expect(passed.headers.values(for: "X-Stage") == ["inner", "outer"])
    #expect(gate.respondCalls.withLock { $0 } == 0)
    // Refused: the stage before it wraps its answer, the one after it never sees the request.
    let refused = try server.client().request(path: "/fixed")
    #expect(refused.status == 401)
    #expect(refused.headers.values(for: "X-Stage") == ["outer"])
    #expect(gate.respondCalls.withLock { $0 } == 0)
  }

  @Test func aClientWaitingFor100ContinueGetsTheStagesAnswerInstead() throws {
    let server = try HTTPTestServer(middleware: [Self.gate()])
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    try client.send(
      "POST /echo HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 8000000\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 401)
    #expect(client.isClosedByServer())
  }

  @Test func aStageAnswerWithoutABodyKeepsTheConnection() throws {
    let server = try HTTPTestServer(middleware: [Self.gate()])
    defer { server.stop() }
    let client = try server.client()
    #expect(try client.request(path: "/fixed").status == 401)
    #expect(try client.request(path: "/fixed", headers: [("X-Pass", "yes")]).status == 200)
  }

  @Test func notesOfStagesAndHandlersReachTheObservers() throws {
    let records = Locked<[CompletedRequest]>([])
    let noting = TestNotingMiddleware()
    var router = TestRoutes.router()
    router.add(.get, "/counted") { _, response in
      response.notes.note("items", .count(3))
      response.write("three")
    }
    let fixture = HTTPTestService(
      serving: TestRoutes.service(
        router, nil, [noting], [TestObserver(onEnd: { record in records.withLock { $0.append(record) } })]))
    _ = fixture.request(path: "/counted")
    _ = fixture.request(path: "/fixed")
    let ended = records.withLock { $0 }
    #expect(ended.count == 2)
    #expect(ended.first?.notes.value("items") == .count(3))
    #expect(ended.first?.notes.value("seen") == .text("/counted"))
    #expect(ended.last?.notes.value("items") == nil)
    #expect(ended.last?.notes.value("seen") == .text("/fixed"))
  }
}

/// A stage that notes the path of every request it lets through, when its headers are in.
final class TestNotingMiddleware: HTTPMiddleware {
  var answersBeforeBody: Bool { true }

  func answerBeforeBody(
    _ request: borrowing HTTPRequest, route: RouteID?, notes: inout RequestNotes
  ) -> HeadersDecision {
    notes.note("seen", .text(request.path))
    return .proceed
  }
}

/// A stage that only answers before the body (`respondsAroundNext` false), as an access check
/// does, and counts the calls of the `respond` it says it has not.
final class TestGateOnly: HTTPMiddleware {
  let respondCalls = Locked(0)

  var answersBeforeBody: Bool { true }
  var respondsAroundNext: Bool { false }

  func answerBeforeBody(
    _ request: borrowing HTTPRequest, route: RouteID?, notes: inout RequestNotes
  ) -> HeadersDecision {
    guard request.header("X-Pass") != "yes" else { return .proceed }
    var response = HTTPResponse()
    response.status = 401
    return .answer(response)
  }

  func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse, next: HTTPResponder) {
    respondCalls.withLock { $0 += 1 }
    next(request, &response)
  }
}
