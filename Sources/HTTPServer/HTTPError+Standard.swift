extension HTTPError {
  /// `404 Not Found` for `path`.
  public static func notFound(path: String) -> HTTPError {
    HTTPError(status: 404, detail: "No resource at \(path).")
  }

  /// `405 Method Not Allowed`, with an `Allow` header listing `allow`.
  public static func methodNotAllowed(_ method: HTTPMethod, path: String, allow: String) -> HTTPError {
    HTTPError(
      status: 405, detail: "\(path) does not support \(method.rawValue); it supports \(allow).",
      headers: [HTTPHeader("Allow", allow)])
  }

  /// `400` for an HTTP/1.1 request without a `Host` header (RFC 9112 §3.2).
  public static let missingHost = HTTPError(
    status: 400, detail: "An HTTP/1.1 request must have a Host header.")

  /// `413` for a body over `limit` bytes.
  public static func contentTooLarge(limit: Int) -> HTTPError {
    HTTPError(status: 413, detail: "The request body is larger than \(limit) bytes.")
  }

  /// `500 Internal Server Error`; says nothing of the cause.
  public static let internalServerError = HTTPError(
    status: 500, detail: "The server failed to answer this request.")
}
