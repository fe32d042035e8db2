internal import CMicroHTTPD
internal import LayoutJSON

/// An error a handler throws to answer with an RFC 9457 problem (`application/problem+json`).
///
/// Rendered as `{"type","title","status","detail","pointer"?}`. The server's own 404, 405, 413
/// and 500 answers are `HTTPError`s too.
package struct HTTPError: Error, Sendable, Hashable {
  /// The status code.
  package var status: Int
  /// A URI reference naming the problem type; `about:blank` when the status says it all.
  package var type: String
  /// A short summary; the status's reason phrase by default.
  package var title: String
  /// What went wrong with this request, for a human.
  package var detail: String
  /// A JSON Pointer (RFC 6901) to the offending member of the request body, when there is one.
  package var pointer: String?
  /// Extra response header fields, for example `Allow` on a 405.
  package var headers: [HTTPHeader]

  /// Creates a problem.
  package init(
    status: Int, type: String = "about:blank", title: String? = nil, detail: String,
    pointer: String? = nil, headers: [HTTPHeader] = []
  ) {
    self.status = status
    self.type = type
    self.title = title ?? HTTPError.reasonPhrase(for: status)
    self.detail = detail
    self.pointer = pointer
    self.headers = headers
  }

  /// The standard reason phrase for `status`, or `Unknown` for an unregistered code.
  package static func reasonPhrase(for status: Int) -> String {
    guard (100...999).contains(status), let phrase = MHD_get_reason_phrase_for(UInt32(status)) else {
      return "Unknown"
    }
    return String(cString: phrase)
  }
}

extension HTTPError {
  /// `404 Not Found` for `path`.
  package static func notFound(path: String) -> HTTPError {
    HTTPError(status: 404, detail: "No resource at \(path).")
  }

  /// `405 Method Not Allowed`, with an `Allow` header listing `allow`.
  package static func methodNotAllowed(_ method: HTTPMethod, path: String, allow: String) -> HTTPError {
    HTTPError(
      status: 405, detail: "\(path) does not support \(method.rawValue); it supports \(allow).",
      headers: [HTTPHeader("Allow", allow)])
  }

  /// `400` for an HTTP/1.1 request without a `Host` header (RFC 9112 §3.2).
  package static let missingHost = HTTPError(
    status: 400, detail: "An HTTP/1.1 request must have a Host header.")

  /// `413` for a body over `limit` bytes.
  package static func contentTooLarge(limit: Int) -> HTTPError {
    HTTPError(status: 413, detail: "The request body is larger than \(limit) bytes.")
  }

  /// `500 Internal Server Error`; says nothing of the cause.
  package static let internalServerError = HTTPError(
    status: 500, detail: "The server failed to answer this request.")
}

extension HTTPError {
  /// The media type of a rendered problem.
  package static let problemContentType = "application/problem+json"

  /// Replaces `response` with this problem: status, problem content type, headers and body.
  ///
  /// The response's buffers keep their capacity.
  package func render(into response: inout HTTPResponse) {
    response.status = status
    response.contentType = HTTPError.problemContentType
    response.headers.removeAll(keepingCapacity: true)
    response.headers.append(contentsOf: headers)
    response.body.removeAll(keepingCapacity: true)
    writeProblemJSON(into: &response.body)
  }

  /// Appends the problem document, `{"type","title","status","detail","pointer"?}`, to `bytes`.
  package func writeProblemJSON(into bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"{"type":"#.utf8)
    JSONWriter.appendString(type, to: &bytes)
    bytes.append(contentsOf: #","title":"#.utf8)
    JSONWriter.appendString(title, to: &bytes)
    bytes.append(contentsOf: #","status":"#.utf8)
    bytes.append(contentsOf: String(status).utf8)
    bytes.append(contentsOf: #","detail":"#.utf8)
    JSONWriter.appendString(detail, to: &bytes)
    if let pointer {
      bytes.append(contentsOf: #","pointer":"#.utf8)
      JSONWriter.appendString(pointer, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }
}
