/// What a server serves: routes (built from a `Router`), request ids, and the middleware every
/// answer passes through, composed here in order, as Hummingbird's router composes its middleware
/// group around the routes.
///
/// The engine (`RequestEngine`) calls it at each stage of a request: on the request's headers it
/// asks `routes` what answers it and how large a body that route takes (404, 405 and 413 are
/// decided there, before any body is read), and names the request with `requestIDs`; it takes the
/// body within the server's budget; the route's handler answers, or the problem does, and every
/// middleware's `prepare` adds to that answer before it is sent; when the request ends
/// (answered, aborted or timed out), every middleware's `requestEnded` hears of it. A server that
/// starts serving it hands the middleware its gauges (`serverStarted(_:)`).
///
/// A class: the engine holds it as one reference it calls in place.
package final class RoutedService: Sendable {
  /// The routes: what answers each method and path, and each route's body limit.
  package let routes: RouteMap
  /// Where request ids come from; `nil` assigns none.
  package let requestIDs: RequestIDPolicy?
  /// The stages every answer passes through, in order.
  package let middleware: [any HTTPMiddleware]
  /// `middleware` as a chain, first to last, which each request walks: a stage read from an
  /// array is retained and released, one held in a `let` of a link it walks through is not.
  private let chain: MiddlewareLink?

  /// Answers through the routes `router` builds, naming requests with `requestIDs` (none by
  /// default), every answer passing through `middleware` in order.
  package init(router: Router, requestIDs: RequestIDPolicy? = nil, middleware: [any HTTPMiddleware] = []) {
    self.routes = router.build()
    self.requestIDs = requestIDs
    self.middleware = middleware
    chain = middleware.reversed().reduce(nil) { next, stage in MiddlewareLink(stage, next: next) }
  }

  /// Whether any middleware is there to hear when requests end: the engine times them only then.
  package var reportsEndings: Bool { !middleware.isEmpty }

  /// The first middleware of type `Stage`, or nil.
  package func middleware<Stage: HTTPMiddleware>(_ type: Stage.Type) -> Stage? {
    for stage in middleware {
      if let found = stage as? Stage { return found }
    }
    return nil
  }

  /// Lets every middleware prepare the answer, in order.
  @inline(__always)
  func prepare(_ response: inout HTTPResponse, for request: borrowing HTTPRequest) {
    chain?.prepare(&response, for: request)
  }

  /// Tells every middleware, in order.
  @inline(__always)
  func requestEnded(_ request: borrowing CompletedRequest) {
    chain?.requestEnded(request)
  }

  /// Hands every middleware the gauges of the server that starts serving this service.
  func serverStarted(_ gauges: ServerGauges) {
    for stage in middleware { stage.serverStarted(gauges) }
  }
}

/// One middleware of a `RoutedService` and the rest after it: the chain each request walks, as
/// Hummingbird's middleware group is a chain of responders, each calling the next.
private final class MiddlewareLink: Sendable {
  let stage: any HTTPMiddleware
  let next: MiddlewareLink?

  init(_ stage: any HTTPMiddleware, next: MiddlewareLink?) {
    self.stage = stage
    self.next = next
  }

  func prepare(_ response: inout HTTPResponse, for request: borrowing HTTPRequest) {
    stage.prepare(&response, for: request)
    next?.prepare(&response, for: request)
  }

  func requestEnded(_ request: borrowing CompletedRequest) {
    stage.requestEnded(request)
    next?.requestEnded(request)
  }
}
