/// What a server serves: the routes and the middleware chain a `Router` builds, request ids, and
/// the observers that hear of every request when it ends.
///
/// The engine (`RequestEngine`) calls it at each stage of a request: on the request's headers it
/// asks `routes` what answers it and how large a body that route takes (404, 405 and 413 are
/// decided there, before any body is read), lets the chain's stages answer before the body
/// (`MiddlewareChain.answerBeforeBody`), and names the request with `requestIDs`; it takes the body
/// within the server's budget; the chain answers, each stage around the next and the last around
/// the route's handler or the server's problem; when the request ends (answered, aborted or timed
/// out), every observer hears of it. A server that starts serving it hands the observers its
/// gauges (`serverStarted(_:)`).
///
/// A class: the engine holds it as one reference it calls in place.
package final class RoutedService: Sendable {
  /// The routes: what answers each method and path, and each route's body limit.
  package let routes: RouteMap
  /// The middleware, in the order the router was given it, as a chain.
  let chain: MiddlewareChain
  /// Where request ids come from; `nil` assigns none.
  package let requestIDs: RequestIDPolicy?
  /// Who hears of every request when it ends, in order.
  package let observers: [any HTTPObserver]
  /// `observers` as a chain, which each request's end walks: an observer held in a `let` of a
  /// link is not retained and released on each call, one read from an array is.
  private let firstObserver: ObserverLink?

  /// Answers through the routes and the middleware `router` builds, naming requests with
  /// `requestIDs` (none by default), `observers` told of every request when it ends.
  package init(router: Router, requestIDs: RequestIDPolicy? = nil, observers: [any HTTPObserver] = []) {
    let built = router.build()
    routes = built.routes
    chain = built.chain
    self.requestIDs = requestIDs
    self.observers = observers
    firstObserver = observers.reversed().reduce(nil) { next, observer in ObserverLink(observer, next: next) }
  }

  /// Whether any observer is there to hear when requests end: the engine times them only then.
  package var reportsEndings: Bool { !observers.isEmpty }

  /// The first observer of type `Observer`, or nil.
  package func observer<Observer: HTTPObserver>(_ type: Observer.Type) -> Observer? {
    for observer in observers {
      if let found = observer as? Observer { return found }
    }
    return nil
  }

  /// Tells every observer, in order.
  @inline(__always)
  func requestEnded(_ request: borrowing CompletedRequest) {
    firstObserver?.requestEnded(request)
  }

  /// Hands every observer the gauges of the server that starts serving this service.
  func serverStarted(_ gauges: ServerGauges) {
    for observer in observers { observer.serverStarted(gauges) }
  }
}

/// One observer and the rest after it.
private final class ObserverLink: Sendable {
  let observer: any HTTPObserver
  let next: ObserverLink?

  init(_ observer: any HTTPObserver, next: ObserverLink?) {
    self.observer = observer
    self.next = next
  }

  /// Tells this observer, then the rest: each link reached through the one before, none retained.
  func requestEnded(_ request: borrowing CompletedRequest) {
    observer.requestEnded(request)
    next?.requestEnded(request)
  }
}

/// The middleware as two chains, first to last, which each request walks: the stages that answer
/// before the body, and those that respond around `next`. Each stage is held in a `let` of its
/// link, which the walk reads without retaining it.
package struct MiddlewareChain: Sendable {
  /// The first stage that may answer before the body; nil when none may.
  private let firstBeforeBody: MiddlewareLink?
  /// The first stage that responds around `next`; nil when none does.
  private let firstAround: MiddlewareLink?

  /// The chains of `stages`, in order.
  init(_ stages: [any HTTPMiddleware]) {
    func link(_ kept: (any HTTPMiddleware) -> Bool) -> MiddlewareLink? {
      var next: MiddlewareLink?
      for (index, stage) in stages.enumerated().reversed() where kept(stage) {
        next = MiddlewareLink(stage, index: index, next: next)
      }
      return next
    }
    firstBeforeBody = link { $0.answersBeforeBody }
    firstAround = link { $0.respondsAroundNext }
  }

  /// Whether any stage may answer before the body: without one, the chain is not walked then.
  var answersBeforeBody: Bool { firstBeforeBody != nil }

  /// Asks each stage that may, in order, whether it answers `request` before its body: the reply
  /// of the first that did (`.stage`, with its place and its answer), or nil when none did.
  @inline(__always)
  func answerBeforeBody(
    _ request: borrowing HTTPRequest, route: RouteID?, notes: inout RequestNotes
  ) -> RouteDecision.Reply? {
    firstBeforeBody?.answerBeforeBody(request, route: route, notes: &notes)
  }

  /// Answers `request` through the stages before `end` (all of them when nil) that respond around
  /// `next`, the last of which calls `final`: the route's handler or problem, or the answer stage
  /// `end` gave before the body.
  @inline(__always)
  func respond(
    to request: borrowing HTTPRequest, into response: inout HTTPResponse, before end: Int?,
    final: HTTPResponder
  ) {
    guard let first = firstAround, first.comes(before: end) else {
      final(request, &response)
      return
    }
    first.respond(to: request, into: &response, before: end, final: final)
  }
}

/// One stage of a `MiddlewareChain` and the rest after it.
private final class MiddlewareLink: Sendable {
  let stage: any HTTPMiddleware
  /// The stage's place among all the stages, 0 for the first.
  let index: Int
  let next: MiddlewareLink?

  init(_ stage: any HTTPMiddleware, index: Int, next: MiddlewareLink?) {
    self.stage = stage
    self.index = index
    self.next = next
  }

  /// Whether the stage comes before stage `end` (before none: always).
  @inline(__always)
  func comes(before end: Int?) -> Bool {
    end.map { index < $0 } ?? true
  }

  /// Asks this stage, then the rest, whether it answers `request` before its body: each link
  /// reached through the one before, none retained.
  func answerBeforeBody(
    _ request: borrowing HTTPRequest, route: RouteID?, notes: inout RequestNotes
  ) -> RouteDecision.Reply? {
    if case .answer(let answer) = stage.answerBeforeBody(request, route: route, notes: &notes) {
      return .stage(index, answer)
    }
    return next?.answerBeforeBody(request, route: route, notes: &notes)
  }

  func respond(
    to request: borrowing HTTPRequest, into response: inout HTTPResponse, before end: Int?,
    final: HTTPResponder
  ) {
    stage.respond(to: request, into: &response) { request, response in
      if let next, next.comes(before: end) {
        next.respond(to: request, into: &response, before: end, final: final)
      } else {
        final(request, &response)
      }
    }
  }
}
