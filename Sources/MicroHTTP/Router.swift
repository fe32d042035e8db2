/// The handlers of one path, by method.
struct Route: Sendable {
  /// A struct rather than a tuple: a closure stored in an array of tuples is kept at the most
  /// general abstraction, and reading it back allocates a reabstraction thunk on every request.
  struct Entry {
    let method: HTTPMethod
    let handler: Router.Handler
  }

  private(set) var handlers: [Entry] = []
  /// The `Allow` header value: every routed method, plus `HEAD` when `GET` is routed.
  private(set) var allow = ""
  /// The largest request body this path accepts, when it differs from the server's.
  var maxBodyBytes: Int?

  mutating func add(_ method: HTTPMethod, _ handler: @escaping Router.Handler) {
    handlers.removeAll { $0.method == method }
    handlers.append(Entry(method: method, handler: handler))
    var methods = Set(handlers.map(\.method.rawValue))
    if methods.contains(HTTPMethod.get.rawValue) { methods.insert(HTTPMethod.head.rawValue) }
    allow = methods.sorted().joined(separator: ", ")
  }

  /// The handler for `method`; `HEAD` falls back to `GET`.
  func handler(for method: HTTPMethod) -> Router.Handler? {
    for entry in handlers where entry.method == method { return entry.handler }
    if method == .head {
      for entry in handlers where entry.method == .get { return entry.handler }
    }
    return nil
  }
}

/// Routes requests to handlers by exact path and method.
///
/// The query string plays no part in matching. A path that has no route answers 404; a path
/// with routes but none for the request's method answers 405 with an `Allow` header. A `GET`
/// route also answers `HEAD` (the same headers, no body) unless a `HEAD` route is added.
package struct Router: Sendable {
  /// Answers one request: reads `request`, fills in `response`.
  ///
  /// Throw an `HTTPError` to answer with that problem; any other error answers 500.
  /// `request` is only valid during the call.
  package typealias Handler = @Sendable (borrowing HTTPRequest, inout HTTPResponse) throws -> Void

  var routes: [String: Route] = [:]

  /// Creates a router with no routes.
  package init() {}

  /// Routes `method` requests for exactly `path` to `handler`, replacing an earlier route.
  ///
  /// `maxBodyBytes`, when given, replaces `HTTPServer.Configuration.maxBodyBytes` for every
  /// request to `path` (whatever its method), with the same 413 beyond it.
  package mutating func add(
    _ method: HTTPMethod, _ path: String, maxBodyBytes: Int? = nil, _ handler: @escaping Handler
  ) {
    routes[path, default: Route()].add(method, handler)
    if let maxBodyBytes { routes[path]!.maxBodyBytes = max(0, maxBodyBytes) }
  }

  /// The value of the `Allow` header for `path`, or `nil` when no route has that path.
  package func allowedMethods(for path: String) -> String? {
    routes[path]?.allow
  }
}

extension Router {
  /// Answers `request` as the server would, without a connection: routes it (404, 405 with
  /// `Allow`), runs the handler, and renders a thrown problem (an `HTTPError`, or 500 for any
  /// other error or a status outside 200...599).
  ///
  /// Body limits, `Connection` handling and `Configuration.beforeSend` belong to the server
  /// and are not applied.
  package func answer(_ request: borrowing HTTPRequest) -> HTTPResponse {
    var response = HTTPResponse()
    guard let route = routes[request.path] else {
      HTTPError.notFound(path: request.path).render(into: &response)
      return response
    }
    guard let handler = route.handler(for: request.method) else {
      HTTPError.methodNotAllowed(request.method, path: request.path, allow: route.allow)
        .render(into: &response)
      return response
    }
    do {
      try handler(request, &response)
      if !(200...599).contains(response.status) {
        HTTPError.internalServerError.render(into: &response)
      }
    } catch let error as HTTPError {
      error.render(into: &response)
    } catch {
      HTTPError.internalServerError.render(into: &response)
    }
    if request.method == .head { response.body.removeAll() }
    return response
  }
}
