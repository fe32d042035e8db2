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
  static let allowHeaders = "Content-Type, Accept, \(HTTPHeader.requestIDName), \(TraceContext.headerName)"
  /// Request headers a preflight allows where access keys are required: `Authorization` too.
  static let allowHeadersWithCredentials =
    "Content-Type, Accept, Authorization, \(HTTPHeader.requestIDName), \(TraceContext.headerName)"
  /// Response headers a page may read besides the CORS-safelisted ones.
  static let exposeHeaders = HTTPHeader.requestIDName.description
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

/// CORS, the one stage that knows it: the preflight's headers and every actual answer's.
///
/// A preflight is an `OPTIONS` request that names `Access-Control-Request-Method`; the routes that
/// take cross-origin calls answer `OPTIONS` (`Router.addOptions`: 204 with `Allow`). When its
/// `Origin` is allowed, the stage adds that `POST` is allowed with `Content-Type`, `Accept`,
/// `X-Request-Id` and `traceparent` (and `Authorization` where access keys are required) for
/// `Access-Control-Max-Age` seconds.
///
/// To every answer (problems included) of a request that carries `Origin` (what browsers send on
/// cross-origin calls) it adds, with any origin allowed, `Access-Control-Allow-Origin: *`; with a
/// list, the request's `Origin` when it is listed. `X-Request-Id` is exposed to the page. Requests
/// without `Origin` get neither, so an answer that a cache may store (to `GET` or `HEAD`) also says
/// `Vary: Origin`. Answers to `POST` and `OPTIONS` are not stored by caches (RFC 9111 §3: they carry
/// no explicit freshness), so they go without `Vary`.
final class CORSMiddleware: HTTPMiddleware {
  let policy: CORSPolicy
  /// The `Access-Control-Allow-Headers` of a preflight.
  let allowHeaders: String

  /// CORS as `policy` allows it; a preflight allows `Authorization` when `allowsCredentials`.
  init(policy: CORSPolicy, allowsCredentials: Bool = false) {
    self.policy = policy
    allowHeaders = allowsCredentials ? CORSPolicy.allowHeadersWithCredentials : CORSPolicy.allowHeaders
  }

  func respond(to request: borrowing HTTPRequest, into response: inout HTTPResponse, next: HTTPResponder) {
    next(request, &response)
    if request.method == .options, response.status == 204, request.hasHeader(.accessControlRequestMethod),
      policy.allowedOrigin(for: request.header(.origin)) != nil
    {
      response.addHeader("Access-Control-Allow-Methods", CORSPolicy.allowMethods)
      response.addHeader("Access-Control-Allow-Headers", allowHeaders)
      response.addHeader("Access-Control-Max-Age", CORSPolicy.maxAge)
    }
    if request.method == .get || request.method == .head { response.addHeader("Vary", "Origin") }
    guard request.hasHeader(.origin) else { return }
    if policy.allowsAnyOrigin {
      response.addHeader("Access-Control-Allow-Origin", "*")
    } else {
      guard let origin = policy.allowedOrigin(for: request.header(.origin)) else { return }
      response.addHeader("Access-Control-Allow-Origin", origin)
    }
    response.addHeader("Access-Control-Expose-Headers", CORSPolicy.exposeHeaders)
  }
}
