import HTTPTesting
import Posix
import Testing

@testable import MicroHTTP

@Suite("Routing", .tags(.threads))
struct RoutingTests {
  @Test func routedGETAnswersWithTheHandlersResponse() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(path: "/fixed")
    #expect(response.status == 200)
    #expect(response.bodyString == "fixed reply")
    #expect(response.headers["content-type"] == "text/plain")
    #expect(response.headers["x-route"] == "fixed")
    #expect(response.headers["Content-Length"] == "11")
  }

  @Test func queryStringIsIgnoredForMatching() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    #expect(try client.request(path: "/fixed?cache=no").status == 200)
    let echo = try client.request(method: "POST", path: "/echo?name=caret%20rect&other=1", body: "kept")
    #expect(echo.status == 200 && echo.bodyString == "kept")
  }

  @Test func pathIsMatchedWithItsUnreservedEscapesDecoded() throws {
    var router = Router()
    router.add(.get, "/a-b") { request, response in response.write(request.path) }
    let server = try HTTPTestServer(router: router)
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(path: "/%61%2db")
    #expect(response.status == 200)
    #expect(response.bodyString == "/a-b")
    // `%20` is no space: a path is not decoded into what a request line cannot hold.
    #expect(try client.request(path: "/a%20b").status == 404)
  }

  @Test func requestHeadersAreLookedUpWithoutRegardToCase() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(
      path: "/header", headers: [("X-TEST", "shouted")])
    #expect(response.bodyString == "shouted")
  }

  @Test func unknownPathAnswers404Problem() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(
      method: "POST", path: "/nowhere", body: "{}")
    #expect(response.status == 404)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    let problem = try response.jsonObject()
    #expect(problem["type"] as? String == "about:blank")
    #expect(problem["title"] as? String == "Not Found")
    #expect(problem["status"] as? Int == 404)
    #expect((problem["detail"] as? String)?.contains("/nowhere") == true)
    #expect(problem["pointer"] == nil)
  }

  @Test(arguments: ["GET", "HEAD", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS", "FOO"])
  func otherMethodsOnAPOSTRouteAnswer405WithAllow(method: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(method: method, path: "/echo")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "POST")
    if method != "HEAD" {
      let problem = try response.jsonObject()
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
    let routes = router.build().routes
    for (target, known) in [
      ("/a", "/a"), ("/ab", "/ab"), ("/b/c", "/b/c"), ("/é", "/é"), ("/abc", nil), ("/b", nil), ("/", nil),
      ("", nil),
      ("/A", nil), ("http://host/a", nil),
    ] {
      #expect(target.withCString { routes.route(matching: $0)?.path } == known, "\(target)")
      #expect(
        target.withCString { routes.route(matching: $0)?.id } == known.flatMap { routes.route(for: $0)?.id })
    }
    #expect("/a".withCString { Router().build().routes.route(matching: $0) } == nil)
  }

  @Test func getRouteAllowsGETAndHEAD() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(method: "DELETE", path: "/fixed")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET, HEAD")
  }

  @Test func headOnAGETRouteSendsTheHeadersWithoutTheBody() throws {
    let server = try HTTPTestServer()
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
    var router = TestRoutes.router()
    router.add(.options, "/echo") { _, response in
      response.status = 204
      response.addHeader("Access-Control-Allow-Methods", "POST")
    }
    #expect(router.build().routes.allowedMethods(for: "/echo") == "OPTIONS, POST")
    let server = try HTTPTestServer(router: router)
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
      let routes = router.build().routes
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
    let server = try HTTPTestServer()
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
    let server = try HTTPTestServer(router: router)
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    #expect(try client.request(method: "OPTIONS", path: "*").headers["Allow"] == "OPTIONS, PUT")
    // A path named `*` by an absolute-form target is an ordinary path.
    #expect(try client.request(method: "OPTIONS", path: "http://test/*").status == 404)
  }

  @Test(arguments: ["GET", "HEAD", "POST", "DELETE"])
  func theAsteriskWithAnotherMethodAnswers400(method: String) throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(method: method, path: "*")
    #expect(response.status == 400)
    #expect(response.headers["Allow"] == nil)
    if method != "HEAD" {
      let problem = try response.jsonObject()
      #expect(problem["status"] as? Int == 400)
      #expect((problem["detail"] as? String)?.contains("OPTIONS") == true)
    }
    #expect(try client.request(path: "/fixed").status == 200, "the connection serves on")
  }

  @Test func aLaterRouteForTheSameMethodAndPathReplacesTheEarlier() throws {
    var router = Router()
    router.add(.get, "/x") { _, response in response.write("first") }
    router.add(.get, "/x") { _, response in response.write("second") }
    let server = try HTTPTestServer(router: router)
    defer { server.stop() }
    #expect(try HTTPTestClient(port: server.port).request(path: "/x").bodyString == "second")
  }
}

/// `RequestEngine.respond(to:)`: the test server's engine without a socket, beside a connection
/// to the same server.
@Suite("The request engine without a connection", .tags(.threads))
struct EngineWithoutConnectionTests {
  @Test func routesToTheHandlerWithBodyAndHeaders() throws {
    let server = try HTTPTestServer()
    let echo = server.request(method: "POST", path: "/echo", body: Array("hello".utf8))
    #expect(echo.status == 200)
    #expect(echo.bodyString == "hello")
    #expect(server.request(path: "/header", headers: [("X-Test", "seen")]).bodyString == "seen")
  }

  @Test func answersProblemsAsTheServerDoes() throws {
    let server = try HTTPTestServer()
    let missing = server.request(path: "/missing")
    #expect(missing.status == 404)
    #expect(missing.headers["Content-Type"] == HTTPError.problemContentType)
    let wrongMethod = server.request(method: "DELETE", path: "/fixed")
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.headers["Allow"] == "GET, HEAD")
    let problem = server.request(method: "POST", path: "/problem")
    #expect(problem.status == 422)
    #expect(!problem.bodyString.contains("partial output"))
    #expect(server.request(method: "POST", path: "/failure").status == 500)
  }

  @Test func middlewareAndRequestIDsRunWithoutAConnectionAsOnTheServer() throws {
    let stage = TestMiddleware(after: { request, response in
      response.addHeader("X-Seen", "\(request.method) \(response.status)")
    })
    let server = try HTTPTestServer(requestIDs: RequestIDPolicy(), middleware: [stage])
    let client = try server.client()
    for (method, path) in [
      ("GET", "/fixed"), ("GET", "/missing"), ("DELETE", "/fixed"), ("POST", "/problem"),
    ] {
      let local = server.request(method: method, path: path, headers: [("X-Request-Id", "given-7")])
      let remote = try client.request(method: method, path: path, headers: [("X-Request-Id", "given-7")])
      #expect(local.status == remote.status, "\(method) \(path)")
      #expect(local.body == remote.body, "\(method) \(path)")
      #expect(local.headers["X-Seen"] == remote.headers["X-Seen"], "\(method) \(path)")
      #expect(remote.headers["X-Request-Id"] == "given-7")
      #expect(local.headers["X-Request-Id"] == "given-7", "\(method) \(path)")
    }
  }

  @Test func headKeepsTheHeadersAndDropsTheBodyAsTheServerDoes() throws {
    let server = try HTTPTestServer()
    let remote = try server.client().request(method: "HEAD", path: "/fixed")
    let local = server.request(method: "HEAD", path: "/fixed")
    #expect(local.status == 200 && remote.status == 200)
    #expect(local.body.isEmpty && remote.body.isEmpty)
    #expect(local.headers["X-Route"] == "fixed" && remote.headers["X-Route"] == "fixed")
    #expect(local.headers["Content-Type"] == remote.headers["Content-Type"])
  }

  @Test func aBodyTheBudgetCouldNeverHoldIs413AndClosesAsOnTheServer() throws {
    let server = try HTTPTestServer {
      $0.maxBodyBytes = 1 << 20
      $0.maxBodyMemory = 16 << 10
    }
    // 40 KiB against a 16 KiB budget: too large whatever else is held, so not a 503 to retry.
    let body = Array(String(repeating: "b", count: 40 << 10).utf8)
    let local = server.request(method: "POST", path: "/echo", body: body)
    let remote = try server.client().request(method: "POST", path: "/echo", body: body)
    #expect(local.status == 413 && remote.status == 413)
    #expect(local.headers["Retry-After"] == nil && remote.headers["Retry-After"] == nil)
    #expect(local.body == remote.body)
    #expect(local.headers["Connection"] == "close")
    #expect(remote.headers["Connection"] == "close")
    // The engine answered within the budget: a body it can hold is echoed after the refusal.
    #expect(server.request(method: "POST", path: "/echo", body: Array("small".utf8)).bodyString == "small")
  }

  @Test func everyMiddlewareIsToldTheRequestEnded() throws {
    let records = Locked<[CompletedRequest]>([])
    let server = try HTTPTestServer(
      observers: [TestObserver(onEnd: { record in records.withLock { $0.append(record) } })])
    _ = server.request(method: "POST", path: "/echo", body: Array("hello".utf8))
    _ = server.request(path: "/missing")
    let ended = records.withLock { $0 }
    #expect(ended.count == 2)
    #expect(ended.first?.status == 200 && ended.first?.bytesIn == 5 && ended.first?.bytesOut == 5)
    #expect(ended.first?.route == TestRoutes.routeID("/echo") && ended.first?.completed == true)
    #expect(ended.last?.status == 404 && ended.last?.route == nil)
  }
}
