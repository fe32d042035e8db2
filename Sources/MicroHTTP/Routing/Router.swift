/// The routes of a server as they are added, by exact path and method; built once
/// (`build()`) into the `RouteMap` a server's engine answers from.
///
/// What depends on every route of a path is made when the router is built, not when a route is
/// added: each path's `Allow` value, the server's (`OPTIONS *`), and the handlers made from their
/// path's `Allow` (`add(_:_:maxBodyBytes:makingHandler:)`, a CORS preflight's), so the order in
/// which routes are added changes none of them. Only `RouteID`s follow the order: a path's is
/// its place among the paths, in the order each was first added.
///
/// The router also holds the middleware (`add(middleware:)`), in order: every request passes
/// through it on its way to its route, as Hummingbird's router composes its middleware group
/// around the routes. Built by `RoutedService` when it is made, as Hummingbird's router builds its
/// responder.
package struct Router: Sendable {
  /// Answers one request: reads `request`, fills in `response`.
  ///
  /// Throw an `HTTPError` to answer with that problem; any other error answers 500.
  /// `request` is only valid during the call.
  package typealias Handler = @Sendable (borrowing HTTPRequest, inout HTTPResponse) throws -> Void

  /// Makes a route's handler, when the router is built, from its path's `Allow` value then:
  /// every method routed on the path, the handler's own included.
  package typealias HandlerMaker = @Sendable (_ allow: String) -> Handler

  /// A route as added: its handler, or what makes it.
  private enum Answer {
    case handler(Handler)
    case maker(HandlerMaker)
  }

  /// The path of every route, in the order first added: a path's `RouteID` is its place here.
  package private(set) var paths: [String] = []
  /// The middleware, in the order added: the first is the outermost stage of the chain.
  package private(set) var middleware: [any HTTPMiddleware] = []
  /// Per path, by `RouteID`: its methods and what answers each, in the order added.
  private var answers: [[(method: HTTPMethod, answer: Answer)]] = []
  /// Per path, by `RouteID`: its own body limit, when it has one.
  private var maxBodyBytes: [Int?] = []

  /// Creates a router with no routes.
  package init() {}

  /// Routes `method` requests for exactly `path` to `handler`, replacing an earlier route.
  ///
  /// `maxBodyBytes`, when given, replaces `HTTPServer.Configuration.maxBodyBytes` for every
  /// request to `path` (whatever its method), with the same 413 beyond it.
  package mutating func add(
    _ method: HTTPMethod, _ path: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler
  ) {
    add(method, path, limit: maxBodyBytes, .handler(handler))
  }

  /// Routes `method` requests for exactly `path` to the handler `makeHandler` makes from `path`'s
  /// `Allow` value when the router is built, replacing an earlier route: an answer that names the
  /// path's methods (a CORS preflight's) names them all, whenever the others are added.
  package mutating func add(
    _ method: HTTPMethod, _ path: String, maxBodyBytes: Int? = nil,
    makingHandler makeHandler: @escaping HandlerMaker
  ) {
    add(method, path, limit: maxBodyBytes, .maker(makeHandler))
  }

  private mutating func add(_ method: HTTPMethod, _ path: String, limit: Int?, _ answer: Answer) {
    let index: Int
    if let known = paths.firstIndex(of: path) {
      index = known
    } else {
      index = paths.count
      paths.append(path)
      answers.append([])
      maxBodyBytes.append(nil)
    }
    answers[index].removeAll { $0.method == method }
    answers[index].append((method, answer))
    if let limit { maxBodyBytes[index] = max(0, limit) }
  }

  /// The route of `path`: the id it has in the routes this router builds; nil when no route has it.
  package func route(of path: String) -> RouteID? {
    paths.firstIndex(of: path).map { RouteID(rawValue: $0) }
  }

  /// Adds `stage` to the middleware, after the stages added before it: it answers what they let
  /// through, and they see what it answers.
  package mutating func add(middleware stage: any HTTPMiddleware) {
    middleware.append(stage)
  }

  /// Routes `OPTIONS` on `path` (RFC 9110 §9.3.7): 204 with no body and every method of `path` in
  /// `Allow`, whenever the path's other routes are added. (A CORS preflight is such a request; the
  /// middleware that knows CORS adds its headers to this answer.)
  package mutating func addOptions(_ path: String) {
    add(.options, path) { allow in
      { _, response in
        response.status = 204
        response.contentType = ""
        response.addHeader("Allow", allow)
      }
    }
  }

  /// The routes and the middleware as a server answers from them: every path's `Allow` value and
  /// the server's made from all the routes, the handlers made from them, and the chain of stages.
  package func build() -> (routes: RouteMap, chain: MiddlewareChain) {
    var routes: [Route] = []
    for (index, path) in paths.enumerated() {
      let allow = Route.allow(answers[index].map(\.method))
      let entries = answers[index].map { method, answer in
        switch answer {
        case .handler(let handler): Route.Entry(method: method, handler: handler)
        case .maker(let makeHandler): Route.Entry(method: method, handler: makeHandler(allow))
        }
      }
      routes.append(
        Route(
          path: path, id: RouteID(rawValue: index), handlers: entries, allow: allow,
          maxBodyBytes: maxBodyBytes[index]))
    }
    return (RouteMap(routes), MiddlewareChain(middleware))
  }
}
