import HTTPTesting
import Synchronization
import Testing

@testable import MicroHTTP

@Suite("Routing")
struct RoutingTests {
  @Test func routedGETAnswersWithTheHandlersResponse() throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(path: "/fixed")
    #expect(response.status == 200)
    #expect(response.bodyString == "fixed reply")
    #expect(response.headers["content-type"] == "text/plain")
    #expect(response.headers["x-route"] == "fixed")
    #expect(response.headers["Content-Length"] == "11")
  }

  @Test func queryStringIsIgnoredForMatching() throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    #expect(try client.request(path: "/fixed?cache=no").status == 200)
    let echo = try client.request(method: "POST", path: "/echo?name=caret%20rect&other=1", body: "kept")
    #expect(echo.status == 200 && echo.bodyString == "kept")
  }

  @Test func pathIsMatchedWithItsUnreservedEscapesDecoded() throws {
    var router = Router()
    router.add(.get, "/a-b") { request, response in response.write(request.path) }
    let server = try TestServer.start(router: router)
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(path: "/%61%2db")
    #expect(response.status == 200)
    #expect(response.bodyString == "/a-b")
    // `%20` is no space: a path is not decoded into what a request line cannot hold.
    #expect(try client.request(path: "/a%20b").status == 404)
  }

  @Test func requestHeadersAreLookedUpWithoutRegardToCase() throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(
      path: "/header", headers: [("X-TEST", "shouted")])
    #expect(response.bodyString == "shouted")
  }

  @Test func unknownPathAnswers404Problem() throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(
      method: "POST", path: "/nowhere", body: "{}")
    #expect(response.status == 404)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    let problem = try TestServer.jsonObject(response)
    #expect(problem["type"] as? String == "about:blank")
    #expect(problem["title"] as? String == "Not Found")
    #expect(problem["status"] as? Int == 404)
    #expect((problem["detail"] as? String)?.contains("/nowhere") == true)
    #expect(problem["pointer"] == nil)
  }

  @Test(arguments: ["GET", "HEAD", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "FOO"])
  func otherMethodsOnAPOSTRouteAnswer405WithAllow(method: String) throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(method: method, path: "/echo")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "POST")
    if method != "HEAD" {
      let problem = try TestServer.jsonObject(response)
      #expect(problem["status"] as? Int == 405)
      #expect(problem["title"] as? String == "Method Not Allowed")
    }
    // The connection stays usable after the refusal.
    #expect(try client.request(path: "/fixed").status == 200)
  }

  @Test func methodsAreEqualExactlyWhenTheirTokensAre() {
    let tokens = [
      "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "get", "FOO", "BAR", "",
    ]
    for first in tokens {
      for second in tokens {
        #expect((HTTPMethod(first) == HTTPMethod(second)) == (first == second), "\(first) \(second)")
      }
    }
    #expect(HTTPMethod(rawValue: "POST") == .post)
    #expect(HTTPMethod("OPTIONS") == .options)
    #expect(HTTPMethod("get") != .get)
    #expect(Set(tokens.map { HTTPMethod($0) }).count == tokens.count)
    #expect(Set([HTTPMethod("FOO"), HTTPMethod("FOO"), .trace, HTTPMethod("TRACE")]).count == 2)
  }

  @Test func aTargetIsAKnownPathOnlyWhenARouteHasExactlyIt() {
    var router = Router()
    for path in ["/a", "/ab", "/b/c", "/é"] { router.add(.get, path) { _, _ in } }
    router.add(.post, "/ab") { _, _ in }
    let routes = router.build()
    for (target, known) in [
      ("/a", "/a"), ("/ab", "/ab"), ("/b/c", "/b/c"), ("/é", "/é"), ("/abc", nil), ("/b", nil), ("/", nil),
      ("", nil),
      ("/A", nil), ("http://host/a", nil),
    ] {
      #expect(target.withCString { routes.route(matching: $0)?.path } == known, "\(target)")
      #expect(
        target.withCString { routes.route(matching: $0)?.id } == known.flatMap { routes.route(for: $0)?.id })
    }
    #expect("/a".withCString { Router().build().route(matching: $0) } == nil)
  }

  @Test func getRouteAllowsGETAndHEAD() throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(method: "DELETE", path: "/fixed")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET, HEAD")
  }

  @Test func headOnAGETRouteSendsTheHeadersWithoutTheBody() throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let get = try client.request(path: "/fixed")
    let head = try client.request(method: "HEAD", path: "/fixed")
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
    #expect(head.headers["Content-Length"] == get.headers["Content-Length"])
    #expect(head.headers["Content-Type"] == get.headers["Content-Type"])
    // Had a body been sent, this response would be read out of step.
    #expect(try client.request(path: "/fixed").bodyString == "fixed reply")
  }

  @Test func anOPTIONSRouteJoinsTheAllowHeader() throws {
    var router = TestServer.routes()
    router.add(.options, "/echo") { _, response in
      response.status = 204
      response.addHeader("Access-Control-Allow-Methods", "POST")
    }
    #expect(router.build().allowedMethods(for: "/echo") == "OPTIONS, POST")
    let server = try TestServer.start(router: router)
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let preflight = try client.request(method: "OPTIONS", path: "/echo")
    #expect(preflight.status == 204)
    #expect(preflight.headers["Access-Control-Allow-Methods"] == "POST")
    let refused = try client.request(method: "PUT", path: "/echo")
    #expect(refused.status == 405)
    #expect(refused.headers["Allow"] == "OPTIONS, POST")
  }

  /// Each path's `Allow`, the server's, and a handler made from its path's `Allow` (as a CORS
  /// preflight's is) come out the same in whatever order the routes are added.
  @Test func theOrderRoutesAreAddedInChangesNoAllowAndNoAnswerMadeFromIt() throws {
    let preflight: Router.HandlerMaker = { allow in
      { _, response in
        response.status = 204
        response.addHeader("Allow", allow)
      }
    }
    let additions: [@Sendable (inout Router) -> Void] = [
      { $0.add(.post, "/a") { _, _ in } },
      { $0.add(.options, "/a", makingHandler: preflight) },
      { $0.add(.get, "/a") { _, _ in } },
      { $0.add(.put, "/b") { _, _ in } },
      { $0.add(.options, "/b", makingHandler: preflight) },
    ]
    func orders(_ rest: [Int]) -> [[Int]] {
      guard !rest.isEmpty else { return [[]] }
      return rest.indices.flatMap { index in
        orders(Array(rest[..<index] + rest[(index + 1)...])).map { [rest[index]] + $0 }
      }
    }
    let every = orders(Array(additions.indices))
    #expect(every.count == 120)
    for order in every {
      var router = Router()
      for index in order { additions[index](&router) }
      let routes = router.build()
      #expect(routes.allowedMethods(for: "/a") == "GET, HEAD, OPTIONS, POST", "\(order)")
      #expect(routes.allowedMethods(for: "/b") == "OPTIONS, PUT", "\(order)")
      for (path, allow) in [("/a", "GET, HEAD, OPTIONS, POST"), ("/b", "OPTIONS, PUT")] {
        guard case .handler(let handler) = routes.decision(for: .options, path: path).reply else {
          Issue.record("no OPTIONS handler on \(path), \(order)")
          continue
        }
        var response = HTTPResponse()
        try handler(
          HTTPRequest(method: .options, path: path, body: UnsafeRawBufferPointer(start: nil, count: 0)),
          &response)
        #expect(
          response.status == 204 && response.headers == [HTTPHeader("Allow", allow)], "\(path) \(order)")
      }
      guard case .handler(let serverWide) = routes.decision(for: .options, path: "*").reply else {
        Issue.record("no OPTIONS * answer, \(order)")
        continue
      }
      var response = HTTPResponse()
      try serverWide(
        HTTPRequest(method: .options, path: "*", body: UnsafeRawBufferPointer(start: nil, count: 0)),
        &response)
      #expect(response.headers == [HTTPHeader("Allow", "GET, HEAD, OPTIONS, POST, PUT")], "\(order)")
      // The paths keep the order they were first added in: that, and only that, follows it.
      #expect(Set(routes.paths) == ["/a", "/b"])
    }
  }

  @Test func optionsForTheAsteriskAnswersForTheWholeServer() throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(method: "OPTIONS", path: "*")
    #expect(response.status == 200)
    #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS, POST")
    #expect(response.headers["Content-Length"] == "0")
    #expect(response.headers["Content-Type"] == nil)
    #expect(response.body.isEmpty)
    #expect(try client.request(path: "/fixed").status == 200, "the connection serves on")
  }

  @Test func theServersAllowIsEveryMethodOfEveryRoute() throws {
    var router = Router()
    router.add(HTTPMethod("PUT"), "/a") { _, _ in }
    let server = try TestServer.start(router: router)
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    #expect(try client.request(method: "OPTIONS", path: "*").headers["Allow"] == "OPTIONS, PUT")
    // A path named `*` by an absolute-form target is an ordinary path.
    #expect(try client.request(method: "OPTIONS", path: "http://test/*").status == 404)
  }

  @Test(arguments: ["GET", "HEAD", "POST", "DELETE"])
  func theAsteriskWithAnotherMethodAnswers400(method: String) throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(method: method, path: "*")
    #expect(response.status == 400)
    #expect(response.headers["Allow"] == nil)
    if method != "HEAD" {
      let problem = try TestServer.jsonObject(response)
      #expect(problem["status"] as? Int == 400)
      #expect((problem["detail"] as? String)?.contains("OPTIONS") == true)
    }
    #expect(try client.request(path: "/fixed").status == 200, "the connection serves on")
  }

  @Test func aLaterRouteForTheSameMethodAndPathReplacesTheEarlier() throws {
    var router = Router()
    router.add(.get, "/x") { _, response in response.write("first") }
    router.add(.get, "/x") { _, response in response.write("second") }
    let server = try TestServer.start(router: router)
    defer { server.stop() }
    #expect(try HTTPTestClient(port: server.port).request(path: "/x").bodyString == "second")
  }
}

/// `RequestEngine.respond(to:)`: the server's engine without a socket.
@Suite("The request engine without a connection")
struct EngineWithoutConnectionTests {
  /// An engine serving the test routes with `requestIDs` and `middleware`, as a server
  /// configured by `configure` answers.
  static func engine(
    requestIDs: RequestIDs? = nil, middleware: [any HTTPMiddleware] = [],
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) -> RequestEngine {
    var configuration = HTTPServer.Configuration()
    configure(&configuration)
    return RequestEngine(
      configuration: configuration,
      service: RoutedService(router: TestServer.routes(), requestIDs: requestIDs, middleware: middleware))
  }

  func answer(
    _ method: HTTPMethod, _ path: String, body: String = "", headers: [HTTPHeader] = [],
    engine: RequestEngine = Self.engine()
  ) -> HTTPResponse {
    var bytes = Array(body.utf8)
    return bytes.withUnsafeMutableBytes { buffer in
      engine.respond(
        to: HTTPRequest(method: method, path: path, headers: headers, body: UnsafeRawBufferPointer(buffer)))
    }
  }

  @Test func routesToTheHandlerWithBodyAndHeaders() {
    let echo = answer(.post, "/echo", body: "hello")
    #expect(echo.status == 200)
    #expect(echo.body == Array("hello".utf8))
    #expect(answer(.get, "/header", headers: [HTTPHeader("X-Test", "seen")]).body == Array("seen".utf8))
  }

  @Test func answersProblemsAsTheServerDoes() {
    let missing = answer(.get, "/missing")
    #expect(missing.status == 404)
    #expect(missing.contentType == HTTPError.problemContentType)
    let wrongMethod = answer(.delete, "/fixed")
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.headers.contains(HTTPHeader("Allow", "GET, HEAD")))
    let problem = answer(.post, "/problem")
    #expect(problem.status == 422)
    #expect(!String(decoding: problem.body, as: UTF8.self).contains("partial output"))
    #expect(answer(.post, "/failure").status == 500)
  }

  @Test func middlewareAndRequestIDsRunWithoutAConnectionAsOnTheServer() throws {
    let stage = TestMiddleware(onPrepare: { request, response in
      response.addHeader("X-Seen", "\(request.method) \(response.status)")
    })
    let engine = Self.engine(requestIDs: RequestIDs(), middleware: [stage])
    let server = try TestServer.start(requestIDs: RequestIDs(), middleware: [stage])
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    for (method, path) in [
      (HTTPMethod.get, "/fixed"), (.get, "/missing"), (.delete, "/fixed"), (.post, "/problem"),
    ] {
      let local = answer(method, path, headers: [HTTPHeader("X-Request-Id", "given-7")], engine: engine)
      let remote = try client.request(
        method: method.rawValue, path: path, headers: [("X-Request-Id", "given-7")])
      #expect(local.status == remote.status, "\(method) \(path)")
      #expect(local.body == remote.body, "\(method) \(path)")
      #expect(
        local.headers.first { $0.name == "X-Seen" }?.value == remote.headers["X-Seen"], "\(method) \(path)")
      #expect(remote.headers["X-Request-Id"] == "given-7")
      #expect(local.headers.contains(HTTPHeader("X-Request-Id", "given-7")), "\(method) \(path)")
    }
  }

  @Test func headKeepsTheHeadersAndDropsTheBodyAsTheServerDoes() throws {
    let server = try TestServer.start()
    defer { server.stop() }
    let remote = try HTTPTestClient(port: server.port).request(method: "HEAD", path: "/fixed")
    let local = answer(.head, "/fixed")
    #expect(local.status == 200 && remote.status == 200)
    #expect(local.body.isEmpty && remote.body.isEmpty)
    #expect(local.headers.contains(HTTPHeader("X-Route", "fixed")) && remote.headers["X-Route"] == "fixed")
    #expect(local.contentType == remote.headers["Content-Type"])
  }

  @Test func aBodyTheBudgetCannotHoldIs503AndClosesAsOnTheServer() throws {
    let limits: (inout HTTPServer.Configuration) -> Void = {
      $0.maxBodyBytes = 1 << 20
      $0.maxBodyMemory = 16 << 10
    }
    let body = String(repeating: "b", count: 40 << 10)
    let local = answer(.post, "/echo", body: body, engine: Self.engine(limits))
    let server = try TestServer.start(limits)
    defer { server.stop() }
    let remote = try HTTPTestClient(port: server.port).request(
      method: "POST", path: "/echo", body: Array(body.utf8))
    #expect(local.status == 503 && remote.status == 503)
    #expect(local.body == remote.body)
    #expect(local.headers.contains(HTTPHeader("Connection", "close")))
    #expect(remote.headers["Connection"] == "close")
    // The engine answered within the budget: a body it can hold is echoed after the refusal.
    #expect(answer(.post, "/echo", body: "small", engine: Self.engine(limits)).body == Array("small".utf8))
  }

  @Test func everyMiddlewareIsToldTheRequestEnded() {
    let records = Mutex<[CompletedRequest]>([])
    let engine = Self.engine(
      middleware: [TestMiddleware(onEnd: { record in records.withLock { $0.append(record) } })])
    _ = answer(.post, "/echo", body: "hello", engine: engine)
    _ = answer(.get, "/missing", engine: engine)
    let ended = records.withLock { $0 }
    #expect(ended.count == 2)
    #expect(ended.first?.status == 200 && ended.first?.bytesIn == 5 && ended.first?.bytesOut == 5)
    #expect(ended.first?.route == TestServer.routeID("/echo") && ended.first?.completed == true)
    #expect(ended.last?.status == 404 && ended.last?.route == nil)
  }
}
