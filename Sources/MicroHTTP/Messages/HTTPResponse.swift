/// The response a handler fills in.
///
/// The server hands every handler a response whose `body` and `headers` are empty but keep the
/// capacity of earlier responses on the same worker thread (up to a small size), so appending to
/// them rarely allocates. The bytes are copied once, into the server's outgoing buffer. A handler
/// whose answer grows with its request (a batch) grows the body with `appendBody(_:)`, within
/// the server's body budget.
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
  /// The request's id, sent in the server's request-id header (`RoutedService.requestIDs`);
  /// set by the pipeline after the handler.
  package var requestID: RequestID?
  /// What the handler notes about the request for the observers (`CompletedRequest.notes`).
  package var notes = RequestNotes()

  /// The budget `appendBody(_:)` grows the body within (the server's `BodyMemory`); nil grows
  /// it without limit (a response made outside a server).
  package private(set) var bodyMemory: BodyMemory?
  /// What the body may take of `bodyMemory` without taking more: the room given with the
  /// request, and what `appendBody(_:)` has taken since. Given back by `reset()`, unless the
  /// server took it over with the body (`handOverHeldBodyBytes()`).
  package private(set) var heldBodyBytes = 0

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

  /// Makes `appendBody(_:)` grow the body within `budget`, of which `room` bytes are already
  /// held for it.
  mutating func grow(within budget: BodyMemory, holding room: Int) {
    bodyMemory = budget
    heldBodyBytes = room
  }

  /// Takes over what the body holds of the budget: `reset()` then gives none of it back.
  mutating func handOverHeldBodyBytes() -> Int {
    defer { heldBodyBytes = 0 }
    return heldBodyBytes
  }

  /// Appends bytes to the body, taking what its capacity grows by from `bodyMemory`: throws the
  /// 503 `bodyMemorySpent` (nothing appended) when the budget cannot hold it.
  ///
  /// Grown as an array grows (doubling), and the whole capacity counted, so that what the body
  /// takes in memory is what the budget holds, not only its bytes.
  package mutating func appendBody(_ bytes: UnsafeRawBufferPointer) throws(HTTPError) {
    try reserveBody(body.count + bytes.count)
    body.append(contentsOf: bytes)
  }

  /// Appends one byte to the body as `appendBody(_:)` appends bytes.
  package mutating func appendBody(_ byte: UInt8) throws(HTTPError) {
    try reserveBody(body.count + 1)
    body.append(byte)
  }

  /// Makes room for `needed` body bytes within `bodyMemory`.
  @inline(__always)
  private mutating func reserveBody(_ needed: Int) throws(HTTPError) {
    guard needed > body.capacity else { return }
    let capacity = max(needed, 2 * body.capacity)
    if let bodyMemory, capacity > heldBodyBytes {
      guard bodyMemory.take(capacity - heldBodyBytes, holding: capacity) else { throw .bodyMemorySpent }
      heldBodyBytes = capacity
    }
    body.reserveCapacity(capacity)
  }

  /// Adds a header field.
  package mutating func addHeader(_ name: String, _ value: String) {
    headers.append(HTTPHeader(name, value))
  }

  /// Says that no cache may store the answer (`Cache-Control: no-store`, RFC 9111 §5.2.2.5): for
  /// state that changes from one request to the next, such as readiness or counters, which a cache
  /// applying a default lifetime to a 200 would otherwise keep serving.
  package mutating func forbidStoring() {
    addHeader("Cache-Control", "no-store")
  }

  /// Empties the response for reuse, keeping the capacity of `body` and `headers`.
  mutating func reset() {
    status = 200
    contentType = HTTPResponse.defaultContentType
    // Tested first: most answers have no further header, and emptying an array is a call.
    if !headers.isEmpty { headers.removeAll(keepingCapacity: true) }
    body.removeAll(keepingCapacity: true)
    requestID = nil
    if !notes.isEmpty { notes = RequestNotes() }
    if heldBodyBytes > 0 {
      bodyMemory?.give(heldBodyBytes)
      heldBodyBytes = 0
    }
  }
}
