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
