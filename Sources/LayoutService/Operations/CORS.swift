import MicroHTTP

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

extension LayoutService {
  /// `OPTIONS /avoid` and `OPTIONS /caret-follow`: a CORS preflight (or a plain `OPTIONS`)
  /// answered 204 with `Allow`. When the `Origin` is allowed and the browser asks for a
  /// method, the answer allows `POST` with `Content-Type`, `Accept` and `X-Request-Id` for
  /// `Access-Control-Max-Age` seconds. `Access-Control-Allow-Origin` is added by
  /// `addCORSHeaders`, as on every answer.
  static func preflight(
    _ cors: CORSPolicy, _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) {
    response.status = 204
    response.contentType = ""
    response.addHeader("Allow", "OPTIONS, POST")
    guard request.header("Access-Control-Request-Method") != nil,
      cors.allowedOrigin(for: request.header("Origin")) != nil
    else { return }
    response.addHeader("Access-Control-Allow-Methods", CORSPolicy.allowMethods)
    response.addHeader("Access-Control-Allow-Headers", CORSPolicy.allowHeaders)
    response.addHeader("Access-Control-Max-Age", CORSPolicy.maxAge)
  }

  /// Adds the CORS headers of an actual answer (problems included): with any origin allowed,
  /// `Access-Control-Allow-Origin: *`; with a list, the request's `Origin` when it is listed
  /// and `Vary: Origin` always. `X-Request-Id` is exposed to the page.
  static func addCORSHeaders(
    _ cors: CORSPolicy, _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) {
    if cors.allowsAnyOrigin {
      response.addHeader("Access-Control-Allow-Origin", "*")
    } else {
      response.addHeader("Vary", "Origin")
      guard let origin = cors.allowedOrigin(for: request.header("Origin")) else { return }
      response.addHeader("Access-Control-Allow-Origin", origin)
    }
    response.addHeader("Access-Control-Expose-Headers", CORSPolicy.exposeHeaders)
  }
}
