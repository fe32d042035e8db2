extension HTTPError {
  /// The media type of a rendered problem.
  public static let problemContentType = "application/problem+json"

  /// Replaces `response` with this problem: status, problem content type, headers and body.
  ///
  /// The response's buffers keep their capacity.
  public func render(into response: inout HTTPResponse) {
    response.status = status
    response.contentType = HTTPError.problemContentType
    response.headers.removeAll(keepingCapacity: true)
    response.headers.append(contentsOf: headers)
    response.body.removeAll(keepingCapacity: true)
    writeProblemJSON(into: &response.body)
  }

  /// Appends the problem document, `{"type","title","status","detail","pointer"?}`, to `bytes`.
  public func writeProblemJSON(into bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"{"type":"#.utf8)
    bytes.appendJSONString(type)
    bytes.append(contentsOf: #","title":"#.utf8)
    bytes.appendJSONString(title)
    bytes.append(contentsOf: #","status":"#.utf8)
    bytes.append(contentsOf: String(status).utf8)
    bytes.append(contentsOf: #","detail":"#.utf8)
    bytes.appendJSONString(detail)
    if let pointer {
      bytes.append(contentsOf: #","pointer":"#.utf8)
      bytes.appendJSONString(pointer)
    }
    bytes.append(UInt8(ascii: "}"))
  }
}
