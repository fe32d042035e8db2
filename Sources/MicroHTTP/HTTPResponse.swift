/// The response a handler fills in.
///
/// The server hands every handler a response whose `body` and `headers` are empty but keep the
/// capacity of earlier responses on the same worker thread, so appending to them rarely
/// allocates. The bytes are copied once, into the server's outgoing buffer.
package struct HTTPResponse: Sendable {
  /// The status code; 200 unless the handler sets another. A code outside 200...599 is
  /// answered as a 500 problem.
  package var status: Int
  /// The `Content-Type` header value.
  package var contentType: String
  /// Further header fields (`Content-Length`, `Date` and `Connection` are set by the server).
  package var headers: [HTTPHeader]
  /// The body bytes.
  package var body: [UInt8]
  /// The request's id, sent in the server's request-id header (`Configuration.requestIDs`);
  /// set by the pipeline after the handler.
  package var requestID: RequestID?
  /// How many items the answer holds, for an answer to a batch of requests; reported to the
  /// observer as `CompletedRequest.items`. `nil` for other answers.
  package var items: Int?

  /// The content type a fresh response starts with.
  package static let defaultContentType = "application/json"

  /// Creates an empty `200` response.
  package init(
    status: Int = 200, contentType: String = HTTPResponse.defaultContentType,
    headers: [HTTPHeader] = [], body: [UInt8] = []
  ) {
    self.status = status
    self.contentType = contentType
    self.headers = headers
    self.body = body
  }

  /// Appends bytes to the body.
  @inlinable
  package mutating func write(_ bytes: some Sequence<UInt8>) {
    body.append(contentsOf: bytes)
  }

  /// Appends the UTF-8 bytes of `text` to the body.
  @inlinable
  package mutating func write(_ text: String) {
    body.append(contentsOf: text.utf8)
  }

  /// Adds a header field.
  package mutating func addHeader(_ name: String, _ value: String) {
    headers.append(HTTPHeader(name, value))
  }

  /// Empties the response for reuse, keeping the capacity of `body` and `headers`.
  mutating func reset() {
    status = 200
    contentType = HTTPResponse.defaultContentType
    // Tested first: most answers have no further header, and emptying an array is a call.
    if !headers.isEmpty { headers.removeAll(keepingCapacity: true) }
    body.removeAll(keepingCapacity: true)
    requestID = nil
    items = nil
  }
}
