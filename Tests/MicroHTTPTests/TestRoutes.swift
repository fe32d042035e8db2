import Foundation
import HTTPTesting
import MicroHTTP
import Testing

/// The routes the MicroHTTP suites share, and the test server that serves them.
enum TestRoutes {
  /// The error a route throws that is not an `HTTPError`.
  struct Failure: Error {}

  /// The problem `/problem` throws: its strings need every kind of JSON escaping.
  static let problem = HTTPError(
    status: 422, type: "https://example.com/problems/bad-member", title: "Bad \"member\"",
    detail: "Tab\there, newline\nthere, back\\slash, bell \u{07}, del \u{7F}, é and 🙂",
    pointer: "/a~1b/0", headers: [HTTPHeader("X-Problem", "yes")])

  /// The routes: `GET /fixed`, `POST /echo`, `GET /header`, `POST /problem`, `POST /failure`.
  static func router() -> Router {
    var router = Router()
    router.add(.get, "/fixed") { _, response in
      response.contentType = "text/plain"
      response.addHeader("X-Route", "fixed")
      response.write("fixed reply")
    }
    router.add(.post, "/echo") { request, response in
      response.contentType = "application/octet-stream"
      request.withBody { response.write($0) }
    }
    router.add(.get, "/header") { request, response in
      response.write(request.header("x-test") ?? "-")
    }
    router.add(.post, "/problem") { _, response in
      response.write("partial output that the problem replaces")
      throw problem
    }
    router.add(.post, "/failure") { _, _ in throw Failure() }
    return router
  }

  /// The service of `router` with `middleware` added to it in order, `requestIDs` and `observers`.
  static func service(
    _ router: Router = TestRoutes.router(), _ requestIDs: RequestIDPolicy? = nil,
    _ middleware: [any HTTPMiddleware] = [], _ observers: [any HTTPObserver] = []
  ) -> RoutedService {
    var router = router
    for stage in middleware { router.add(middleware: stage) }
    return RoutedService(router: router, requestIDs: requestIDs, observers: observers)
  }

  /// The route id of `path` in `router()`.
  static func routeID(_ path: String) -> RouteID? {
    router().build().routes.route(for: path)?.id
  }
}

extension HTTPTestServer {
  /// A test server (`HTTPTestServer.configuration`) serving `router` (by default
  /// `TestRoutes.router()`) with `middleware` added to it in order, `requestIDs` and `observers`,
  /// its configuration adjusted by `configure`.
  convenience init(
    router: Router = TestRoutes.router(), requestIDs: RequestIDPolicy? = nil,
    middleware: [any HTTPMiddleware] = [], observers: [any HTTPObserver] = [],
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) throws {
    try self.init(serving: TestRoutes.service(router, requestIDs, middleware, observers), configure)
  }

  /// Runs `drain()` on another thread; the semaphore is signalled when it returns.
  func drainInBackground() -> DispatchSemaphore {
    let drained = DispatchSemaphore(value: 0)
    let server = self.server
    DispatchQueue.global().async {
      server.drain()
      drained.signal()
    }
    return drained
  }
}

/// A middleware stage made of closures, to see what the chain hands a stage: `beforeBody` may answer
/// when the headers are in; `answers` may answer instead of the rest of the chain; `after` sees what
/// the rest answered.
final class TestMiddleware: HTTPMiddleware {
  let beforeBody: @Sendable (borrowing HTTPRequest, inout HTTPResponse) -> Bool
  let answers: @Sendable (borrowing HTTPRequest, inout HTTPResponse) -> Bool
  let after: @Sendable (borrowing HTTPRequest, inout HTTPResponse) -> Void

  init(
    beforeBody: @escaping @Sendable (borrowing HTTPRequest, inout HTTPResponse) -> Bool = { _, _ in false },
    answers: @escaping @Sendable (borrowing HTTPRequest, inout HTTPResponse) -> Bool = { _, _ in false },
    after: @escaping @Sendable (borrowing HTTPRequest, inout HTTPResponse) -> Void = { _, _ in }
  ) {
    self.beforeBody = beforeBody
    self.answers = answers
    self.after = after
  }

  var answersBeforeBody: Bool { true }

  func answerBeforeBody(
    _ request: borrowing HTTPRequest, route: RouteID?, notes: inout RequestNotes
  ) -> HeadersDecision {
    var response = HTTPResponse()
    return beforeBody(request, &response) ? .answer(response) : .proceed
  }

  func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse, next: HTTPResponder) {
    if !answers(request, &response) { next(request, &response) }
    after(request, &response)
  }
}

/// An observer made of a closure, to see what the server tells observers.
final class TestObserver: HTTPObserver {
  let onEnd: @Sendable (CompletedRequest) -> Void

  init(onEnd: @escaping @Sendable (CompletedRequest) -> Void) {
    self.onEnd = onEnd
  }

  func requestEnded(_ request: borrowing CompletedRequest) {
    onEnd(request)
  }
}

/// A `GET` handler that waits until the test releases it, holding its worker thread meanwhile:
/// what the server does while a worker is busy.
struct HeldHandler: Sendable {
  /// Signalled when the handler is entered.
  let entered = DispatchSemaphore(value: 0)
  /// Lets the handler answer; it gives up waiting by itself after 60 s.
  let release = DispatchSemaphore(value: 0)

  /// `router` with `GET path` added, answering `reply` once released.
  func adding(to router: Router = TestRoutes.router(), path: String = "/slow", reply: String) -> Router {
    var router = router
    router.add(.get, path) { [entered, release] _, response in
      entered.signal()
      _ = release.wait(timeout: .now() + 60)
      response.write(reply)
    }
    return router
  }

  /// Whether the handler was entered within 30 s.
  func waitUntilEntered() -> Bool {
    entered.wait(timeout: .now() + 30) == .success
  }

  /// Starts a server with one worker thread and holds that worker: a client's `GET /slow`
  /// waits in the handler until `release`. Returns the server and that client.
  func startHoldingTheOnlyWorker(
    _ configure: (inout HTTPServer.Configuration) -> Void
  ) throws -> (server: HTTPTestServer, busy: HTTPTestClient) {
    let server = try HTTPTestServer(router: adding(reply: "slow reply")) {
      $0.threads = 1
      configure(&$0)
    }
    let busy = try server.client(timeout: 30)
    try busy.send(HTTPTestClient.encode(method: "GET", path: "/slow", host: "test"))
    #expect(waitUntilEntered())
    return (server, busy)
  }
}
