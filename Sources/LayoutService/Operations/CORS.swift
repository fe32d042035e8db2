import MicroHTTP

/// Which web origins may call layoutd from a browser (CORS), and the headers that say so.
package struct CORSPolicy: Equatable, Sendable {
  /// The allowed origins, such as `https://example.com`; `*` allows any.
  package var origins: [String]

  /// Any origin may call (`Access-Control-Allow-Origin: *`).
  package static let anyOrigin = CORSPolicy(origins: ["*"])

  /// Methods a preflight allows.
  static let allowMethods = "POST, OPTIONS"
  /// Request headers a preflight allows.
  static let allowHeaders = "Content-Type, Accept, \(HTTPHeader.requestIDName)"
  /// Response headers a page may read besides the CORS-safelisted ones.
  static let exposeHeaders = HTTPHeader.requestIDName
  /// Seconds a browser may cache a preflight answer.
  static let maxAge = "600"

  /// Creates a policy allowing `origins` (`*` in the list allows any).
  package init(origins: [String]) {
    self.origins = origins
  }

  /// Whether every origin is allowed.
  package var allowsAnyOrigin: Bool {
    origins.contains("*")
  }

  /// The `Access-Control-Allow-Origin` value for a request from `origin`: `*` when any origin is
  /// allowed, `origin` itself when it is listed, else `nil` (no CORS headers: the browser
  /// withholds the answer from the page).
  package func allowedOrigin(for origin: String?) -> String? {
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
  /// `addCORSHeaders`, as on every answer to a request with `Origin`.
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

  /// Adds the CORS headers of an actual answer (problems included) to a request that carries
  /// `Origin` (what browsers send on cross-origin calls): with any origin allowed,
  /// `Access-Control-Allow-Origin: *`; with a list, the request's `Origin` when it is listed.
  /// `X-Request-Id` is exposed to the page. Requests without `Origin` get neither, so every
  /// answer says `Vary: Origin` (merged into a `Vary` already there) for caches.
  static func addCORSHeaders(
    _ cors: CORSPolicy, _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) {
    varyOnOrigin(&response)
    guard request.hasHeader("Origin") else { return }
    if cors.allowsAnyOrigin {
      response.addHeader("Access-Control-Allow-Origin", "*")
    } else {
      guard let origin = cors.allowedOrigin(for: request.header("Origin")) else { return }
      response.addHeader("Access-Control-Allow-Origin", origin)
    }
    response.addHeader("Access-Control-Expose-Headers", CORSPolicy.exposeHeaders)
  }

  /// Adds `Origin` to the answer's `Vary` header, or adds `Vary: Origin`.
  private static func varyOnOrigin(_ response: inout HTTPResponse) {
    guard let index = response.headers.firstIndex(where: { $0.name == "Vary" }) else {
      response.addHeader("Vary", "Origin")
      return
    }
    let value = response.headers[index].value
    // The one `Vary` the service sets itself (`answeredWithDiagram`), without building a string.
    response.headers[index].value = value == "Accept" ? "Accept, Origin" : value + ", Origin"
  }
}
