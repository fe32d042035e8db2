/// Routes requests to handlers by exact path and method.
///
/// The query string plays no part in matching. A path that has no route answers 404; a path
/// with routes but none for the request's method answers 405 with an `Allow` header. A `GET`
/// route also answers `HEAD` (the same headers, no body) unless a `HEAD` route is added.
public struct Router: Sendable {
  /// Answers one request: reads `request`, fills in `response`.
  ///
  /// Throw an `HTTPError` to answer with that problem; any other error answers 500.
  /// `request` is only valid during the call.
  public typealias Handler = @Sendable (borrowing HTTPRequest, inout HTTPResponse) throws -> Void

  var routes: [String: Route] = [:]

  /// Creates a router with no routes.
  public init() {}

  /// Routes `method` requests for exactly `path` to `handler`, replacing an earlier route.
  public mutating func add(_ method: HTTPMethod, _ path: String, _ handler: @escaping Handler) {
    routes[path, default: Route()].add(method, handler)
  }

  /// The value of the `Allow` header for `path`, or `nil` when no route has that path.
  public func allowedMethods(for path: String) -> String? {
    routes[path]?.allow
  }
}
