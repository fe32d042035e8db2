import Glibc

/// The routes a `Router` was built into: what the engine asks, once per request, what answers it.
///
/// Routing is by exact path and method; the query string plays no part. A path that has no route
/// answers 404; a path with routes but none for the request's method answers 405 with an `Allow`
/// header. A `GET` route also answers `HEAD` (the same headers, no body) unless a `HEAD` route
/// is added. The target `*` names the server as a whole (RFC 9112 §3.2.4): `OPTIONS *` answers
/// 200 with every method some route takes in `Allow`; any other method with it, 400. Each path's
/// `RouteID` lets what counts requests by route (metrics) do so without a string compare per
/// request.
package struct RouteMap: Sendable {
  /// The routes, by `RouteID`.
  private let routes: [Route]
  /// Every route's path in UTF-8, one after another: route `i`'s are
  /// `pathBytes[pathStarts[i]..<pathStarts[i + 1]]`. What `route(matching:)` compares a request
  /// target with, no string made.
  private let pathBytes: [UInt8]
  private let pathStarts: [Int]
  /// The `Allow` value of `OPTIONS *`: every method some route takes, and `OPTIONS`.
  private let serverAllow: String

  /// `routes`, by `RouteID`.
  init(_ routes: [Route]) {
    self.routes = routes
    var pathBytes: [UInt8] = []
    var pathStarts = [0]
    for route in routes {
      pathBytes.append(contentsOf: route.path.utf8)
      pathStarts.append(pathBytes.count)
    }
    self.pathBytes = pathBytes
    self.pathStarts = pathStarts
    serverAllow = Route.allow(routes.flatMap { $0.handlers.map(\.method) } + [.options])
  }

  /// The path of every route, by `RouteID`.
  package var paths: [String] { routes.map(\.path) }

  /// The route of `path`, or nil when no route has that path.
  package func route(for path: String) -> Route? {
    index(of: path).map { routes[$0] }
  }

  /// The value of the `Allow` header for `path`, or `nil` when no route has that path.
  package func allowedMethods(for path: String) -> String? {
    route(for: path)?.allow
  }

  /// The route whose path is exactly the C string `target`, and that path as the routes' own
  /// string (none made for the request); `nil` when no route has that path.
  package func route(matching target: UnsafePointer<CChar>) -> (id: RouteID, path: String)? {
    let length = strlen(target)
    return pathBytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return nil }
      for index in routes.indices where pathStarts[index + 1] &- pathStarts[index] == length {
        if memcmp(base + pathStarts[index], target, length) == 0 {
          return (routes[index].id, routes[index].path)
        }
      }
      return nil
    }
  }

  /// What answers a `method` request for `path`: its handler, or the 404 or 405 problem; for
  /// the target `*`, the server's own `OPTIONS` answer or the 400 problem.
  func decision(for method: HTTPMethod, path: String) -> RouteDecision {
    guard let index = index(of: path) else {
      if path == "*" { return serverWideDecision(for: method) }
      return RouteDecision(route: nil, reply: .problem(.notFound(path: path)))
    }
    return decision(for: method, route: routes[index].id)
  }

  /// What answers a `method` request for the path of `route` (found by `route(matching:)`): its
  /// handler, or the 405 problem.
  func decision(for method: HTTPMethod, route: RouteID) -> RouteDecision {
    let index = route.rawValue
    // The route's handlers read in place (`Route.handler(in:for:)`): a method called on the
    // array's element would copy the whole route first.
    guard let handler = Route.handler(in: routes[index].handlers, for: method) else {
      return RouteDecision(
        route: routes[index].id,
        reply: .problem(.methodNotAllowed(method, path: routes[index].path, allow: routes[index].allow)),
        maxBodyBytes: routes[index].maxBodyBytes)
    }
    return RouteDecision(
      route: routes[index].id, reply: .handler(handler), maxBodyBytes: routes[index].maxBodyBytes)
  }

  /// What answers a `method` request for the target `*` (RFC 9112 §3.2.4, RFC 9110 §9.3.7):
  /// `OPTIONS` gets 200, no body, and the methods the server takes in `Allow`; only `OPTIONS`
  /// may name the server as a whole, so any other method gets 400.
  private func serverWideDecision(for method: HTTPMethod) -> RouteDecision {
    guard method == .options else { return RouteDecision(route: nil, reply: .problem(.asteriskNotOptions)) }
    let allow = serverAllow
    return RouteDecision(
      route: nil,
      reply: .handler { _, response in
        response.contentType = ""
        response.addHeader("Allow", allow)
      })
  }

  /// The index of `path`'s route: the routes are few, and comparing their lengths first finds one
  /// in fewer instructions than hashing the path would take.
  private func index(of path: String) -> Int? {
    let length = path.utf8.count
    for index in routes.indices where routes[index].path.utf8.count == length && routes[index].path == path {
      return index
    }
    return nil
  }
}

/// A route's number: its path's place in the order paths were first added to the `Router`.
package struct RouteID: Hashable, Sendable {
  /// 0 for the first path added, 1 for the next …
  package let rawValue: Int
}

/// The handlers of one path, by method.
package struct Route: Sendable {
  /// A struct rather than a tuple: a closure stored in an array of tuples is kept at the most
  /// general abstraction, and reading it back allocates a reabstraction thunk on every request.
  struct Entry {
    let method: HTTPMethod
    let handler: Router.Handler
  }

  /// The path routed.
  package let path: String
  /// The route's number.
  package let id: RouteID
  let handlers: [Entry]
  /// The `Allow` header value: every routed method, plus `HEAD` when `GET` is routed.
  package let allow: String
  /// The largest request body this path accepts, when it differs from the server's.
  package let maxBodyBytes: Int?

  init(path: String, id: RouteID, handlers: [Entry], allow: String, maxBodyBytes: Int?) {
    self.path = path
    self.id = id
    self.handlers = handlers
    self.allow = allow
    self.maxBodyBytes = maxBodyBytes
  }

  /// The `Allow` value of a route with `methods`: each once, sorted, and `HEAD` when `GET` is
  /// there.
  static func allow(_ methods: [HTTPMethod]) -> String {
    var names = Set(methods.map(\.rawValue))
    if names.contains(HTTPMethod.get.rawValue) { names.insert(HTTPMethod.head.rawValue) }
    return names.sorted().joined(separator: ", ")
  }

  /// The handler for `method` among `handlers`; `HEAD` falls back to `GET`.
  static func handler(in handlers: [Entry], for method: HTTPMethod) -> Router.Handler? {
    for entry in handlers where entry.method == method { return entry.handler }
    if method == .head {
      for entry in handlers where entry.method == .get { return entry.handler }
    }
    return nil
  }
}

/// What answers one request, decided from its method and path before its body is read.
struct RouteDecision {
  /// What replies: a handler, or a problem the server answers itself.
  ///
  /// The problem is boxed (`indirect`): the reply is copied a few times per request, and a
  /// copy is then one reference retained, not the problem's six fields.
  enum Reply {
    case handler(Router.Handler)
    indirect case problem(HTTPError)
    /// The chain's stage at this index answered before the body (`HTTPMiddleware.answerBeforeBody`),
    /// with this answer.
    indirect case stage(Int, HTTPResponse)
  }

  /// The route of the request's path, when there is one (a 405 has one, a 404 none).
  var route: RouteID?
  var reply: Reply
  /// The route's own body limit, when it has one.
  var maxBodyBytes: Int?
}
