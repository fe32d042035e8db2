/// Which web origins may call layoutd from a browser (CORS), and the headers that say so.
public struct CORSPolicy: Equatable, Sendable {
  /// The allowed origins, such as `https://example.com`; `*` allows any.
  public var origins: [String]

  /// Any origin may call (`Access-Control-Allow-Origin: *`).
  public static let anyOrigin = CORSPolicy(origins: ["*"])

  /// Methods a preflight allows.
  static let allowMethods = "POST, OPTIONS"
  /// Request headers a preflight allows.
  static let allowHeaders = "Content-Type, Accept, X-Request-Id"
  /// Response headers a page may read besides the CORS-safelisted ones.
  static let exposeHeaders = "X-Request-Id"
  /// Seconds a browser may cache a preflight answer.
  static let maxAge = "600"

  /// Creates a policy allowing `origins` (`*` in the list allows any).
  public init(origins: [String]) {
    self.origins = origins
  }

  /// Whether every origin is allowed.
  public var allowsAnyOrigin: Bool {
    origins.contains("*")
  }

  /// The `Access-Control-Allow-Origin` value for a request from `origin`: `*` when any origin is
  /// allowed, `origin` itself when it is listed, else `nil` (no CORS headers: the browser
  /// withholds the answer from the page).
  public func allowedOrigin(for origin: String?) -> String? {
    if allowsAnyOrigin { return "*" }
    guard let origin, origins.contains(origin) else { return nil }
    return origin
  }
}
