/// What a server serves: the one thing its engine (`RequestEngine`) calls, at each stage of a
/// request.
///
/// The stages: on the request's headers the engine asks `router` what answers it and how large
/// a body that route takes (404, 405 and 413 are decided there, before any body is read), and
/// names the request with `requestIDs`; it takes the body within the server's budget; the
/// route's handler answers, or the problem does, and `prepare` adds to that answer before it is
/// sent; when the request ends (answered, aborted or timed out), `requestEnded` hears of it.
///
/// A class: the engine holds the service as one reference it calls in place, where a struct in
/// an existential would be copied out for every call. The engine reads `router`, `requestIDs`
/// and `reportsEndings` once, when it is made.
package protocol HTTPService: AnyObject, Sendable {
  /// The routes: what answers each method and path, and each route's body limit.
  var router: Router { get }

  /// Where request ids come from; `nil` (the default) assigns none.
  var requestIDs: RequestIDs? { get }

  /// Whether `requestEnded` is called; requests are timed only then. `true` by default.
  var reportsEndings: Bool { get }

  /// Adds to or changes an answer just before it is sent: every handler's answer and the
  /// server's own problems (400, 404, 405, 413, 503), not the answers libmicrohttpd sends by
  /// itself (414, 431, 505). `request`'s body is empty for the server's own answers.
  ///
  /// Runs on the worker thread that serves the request: keep it short.
  func prepare(_ response: inout HTTPResponse, for request: borrowing HTTPRequest)

  /// Called once per request when it ends: answered, aborted or timed out.
  ///
  /// Runs on the worker thread that served the request: keep it short.
  func requestEnded(_ request: borrowing CompletedRequest)
}

extension HTTPService {
  /// No request ids.
  package var requestIDs: RequestIDs? { nil }

  /// Every request's end is reported.
  package var reportsEndings: Bool { true }

  /// Changes nothing.
  package func prepare(_ response: inout HTTPResponse, for request: borrowing HTTPRequest) {}

  /// Does nothing.
  package func requestEnded(_ request: borrowing CompletedRequest) {}
}

/// A service made of routes and middleware run in order: a server that needs nothing else.
package final class RoutedService: HTTPService {
  package let router: Router
  package let requestIDs: RequestIDs?
  /// The stages every answer passes through, in order.
  package let middleware: [any HTTPMiddleware]

  /// Answers through `router`, naming requests with `requestIDs` (none by default), every answer
  /// passing through `middleware` in order.
  package init(router: Router, requestIDs: RequestIDs? = nil, middleware: [any HTTPMiddleware] = []) {
    self.router = router
    self.requestIDs = requestIDs
    self.middleware = middleware
  }

  /// Whether any middleware is there to hear of it.
  package var reportsEndings: Bool { !middleware.isEmpty }

  /// Lets every middleware prepare the answer, in order.
  package func prepare(_ response: inout HTTPResponse, for request: borrowing HTTPRequest) {
    for stage in middleware { stage.prepare(&response, for: request) }
  }

  /// Tells every middleware, in order.
  package func requestEnded(_ request: borrowing CompletedRequest) {
    for stage in middleware { stage.requestEnded(request) }
  }
}
