internal import CMicroHTTPD
internal import LayoutJSON

/// An error a handler throws to answer with an RFC 9457 problem (`application/problem+json`).
///
/// Rendered as `{"type","title","status","detail","pointer"?}`. The server's own answers are
/// `HTTPError`s too: they are all in this file, the server's catalogue.
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

  /// The standard reason phrase for `status` (`MHD_get_reason_phrase_for`), or `Unknown` for an
  /// unregistered code.
  package static func reasonPhrase(for status: Int) -> String {
    guard (100...999).contains(status), let phrase = MHD_get_reason_phrase_for(UInt32(status)) else {
      return "Unknown"
    }
    return String(cString: phrase)
  }
}

// The server's own answers.
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

  /// `413` for a body over `limit` bytes.
  package static func contentTooLarge(limit: Int) -> HTTPError {
    HTTPError(status: 413, detail: "The request body is larger than \(limit) bytes.")
  }

  /// `503` with `Retry-After` for a body or answer the body budget cannot hold now
  /// (`Configuration.maxBodyMemory`).
  package static let bodyMemorySpent = HTTPError(
    status: 503,
    detail: "The server holds as many request bodies as its memory allows; retry in a moment.",
    headers: [HTTPHeader("Retry-After", "1")])

  /// `500 Internal Server Error`; says nothing of the cause.
  package static let internalServerError = HTTPError(
    status: 500, detail: "The server failed to answer this request.")
}

// RFC 9112: requests whose framing the server refuses (`RequestFraming`); except for the missing
// `Host`, the connection closes after the answer.
extension HTTPError {
  /// `400` for an HTTP/1.1 request without a `Host` header (RFC 9112 §3.2).
  package static let missingHost = HTTPError(
    status: 400, detail: "An HTTP/1.1 request must have a Host header.")

  /// `400`: RFC 9112 §6.1, Transfer-Encoding makes an HTTP/1.0 message's framing faulty.
  static let transferEncodingInHTTP10 = HTTPError(
    status: 400, detail: "Transfer-Encoding is not allowed in an HTTP/1.0 request.")

  /// `400`: RFC 9112 §6.3 (3), both framings at once are a smuggling attempt or a broken client.
  static let contentLengthWithTransferEncoding = HTTPError(
    status: 400, detail: "The request has both Content-Length and Transfer-Encoding.")

  /// `400`: RFC 9112 §6.3 (4), without a final `chunked` the body's end cannot be known.
  static let transferEncodingWithoutFinalChunked = HTTPError(
    status: 400, detail: "Transfer-Encoding must end with chunked.")

  /// `400`: `chunked` applied twice.
  static let chunkedMoreThanOnce = HTTPError(
    status: 400, detail: "Transfer-Encoding applies chunked more than once.")

  /// `501`: a transfer coding other than `chunked`.
  static let unsupportedTransferCoding = HTTPError(
    status: 501, detail: "Transfer-Encoding: only the chunked transfer coding is supported.")

  /// `400`: a `Content-Length` after the first that is not a plain decimal.
  static let contentLengthNotDecimal = HTTPError(
    status: 400, detail: "A Content-Length field is not a plain decimal number.")

  /// `400`: RFC 9112 §6.3 (5), `Content-Length` fields that differ.
  static let contentLengthsDiffer = HTTPError(
    status: 400, detail: "The request has Content-Length fields that differ.")

  /// `400`: RFC 9112 §5.1, whitespace between a field name and its colon (a proxy may read
  /// `Content-Length :` as Content-Length while libmicrohttpd does not).
  static let fieldNameEndsInWhitespace = HTTPError(
    status: 400, detail: "A header field name ends in whitespace.")

  /// `400`: RFC 9112 §5.1, a field name that is not a token.
  static let fieldNameNotToken = HTTPError(
    status: 400, detail: "A header field name is empty or has a character a token cannot have.")

  /// `400`: RFC 9112 §5.2 and RFC 9110 §5.5, a field folded onto the next line (obs-fold), a
  /// NUL byte in a field, or a line that ends libmicrohttpd's header block early (one that
  /// starts with a NUL or a colon): `RequestFraming.isWholeLine`, `endsWhereLibmicrohttpdEnds`.
  static let malformedFieldLine = HTTPError(
    status: 400, detail: "A header line is folded onto the next, holds a NUL byte or has no field name.")

  /// `400`: RFC 9112 §2.2, a CR that does not end a line.
  static let carriageReturnInField = HTTPError(
    status: 400, detail: "A header field value holds a CR that does not end a line.")

  /// `400`: RFC 9112 §3.2, more than one `Host` field.
  static let moreThanOneHost = HTTPError(
    status: 400, detail: "The request has more than one Host header.")

  /// `400`: RFC 9112 §3.2, a `Host` value that is not a host and optional port.
  static let invalidHost = HTTPError(
    status: 400, detail: "The Host header is not a host name or address with an optional port.")

  /// `400`: a `Transfer-Encoding` that names `chunked` in a form libmicrohttpd does not read as
  /// chunked (`chunked ` with trailing whitespace, `, chunked`, a second field).
  static let transferEncodingNotPlainChunked = HTTPError(
    status: 400,
    detail: "Transfer-Encoding must be exactly chunked, in one field, without whitespace after it.")

  /// `431`: a request line and header block over `limit` bytes of connection memory
  /// (`Configuration.maxHeaderBytes`).
  static func headerFieldsTooLarge(limit: Int) -> HTTPError {
    HTTPError(
      status: 431,
      detail: "The request's header fields take more than \(limit) bytes (64 more for each field).")
  }

  /// `414`: a request line over `limit` bytes (`Configuration.maxHeaderBytes`).
  static func uriTooLong(limit: Int) -> HTTPError {
    HTTPError(status: 414, detail: "The request line is longer than \(limit) bytes.")
  }

  /// `400`: RFC 9112 §3, a request line with a NUL byte, or a target (query included) with a
  /// space or control character.
  static let malformedRequestLine = HTTPError(
    status: 400, detail: "The request line holds a NUL byte, or its target a space or a control character.")

  /// `400`: RFC 9112 §3, a request-line method that is not a token.
  static let methodNotToken = HTTPError(
    status: 400, detail: "The request method is not a token.")

  /// `400`: RFC 9112 §3.2, a request target that is neither a path (`/…`), an absolute URI nor
  /// `*`, or that holds whitespace or control characters.
  static let invalidTarget = HTTPError(
    status: 400, detail: "The request target is not a path starting with / or an absolute URI.")

  /// `400`: RFC 9112 §3.2.4, the target `*` (the server as a whole) with a method other than
  /// `OPTIONS`.
  static let asteriskNotOptions = HTTPError(
    status: 400, detail: "The request target * names the server as a whole, which only OPTIONS may ask about."
  )
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
    bytes.append(literal: #"{"type":"#)
    JSONWriter.appendString(type, to: &bytes)
    bytes.append(literal: #","title":"#)
    JSONWriter.appendString(title, to: &bytes)
    bytes.append(literal: #","status":"#)
    bytes.append(contentsOf: String(status).utf8)
    bytes.append(literal: #","detail":"#)
    JSONWriter.appendString(detail, to: &bytes)
    if let pointer {
      bytes.append(literal: #","pointer":"#)
      JSONWriter.appendString(pointer, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }
}
