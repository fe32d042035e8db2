internal import CMicroHTTPD

/// An error a handler throws to answer with an RFC 9457 problem (`application/problem+json`).
///
/// Rendered as `{"type","title","status","detail","pointer"?}`. The server's own 404, 405, 413
/// and 500 answers are `HTTPError`s too.
public struct HTTPError: Error, Sendable, Hashable {
  /// The status code.
  public var status: Int
  /// A URI reference naming the problem type; `about:blank` when the status says it all.
  public var type: String
  /// A short summary; the status's reason phrase by default.
  public var title: String
  /// What went wrong with this request, for a human.
  public var detail: String
  /// A JSON Pointer (RFC 6901) to the offending member of the request body, when there is one.
  public var pointer: String?
  /// Extra response header fields, for example `Allow` on a 405.
  public var headers: [HTTPHeader]

  /// Creates a problem.
  public init(
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
  public static func reasonPhrase(for status: Int) -> String {
    guard (100...999).contains(status), let phrase = MHD_get_reason_phrase_for(UInt32(status)) else {
      return "Unknown"
    }
    return String(cString: phrase)
  }
}
