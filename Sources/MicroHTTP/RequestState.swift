import Posix

/// The state of one request across libmicrohttpd's calls, kept in its `con_cls`.
///
/// Only ever touched by the worker thread that serves the connection.
final class RequestState {
  let method: HTTPMethod
  let path: String
  /// The routed path, or `nil` when no route has this path.
  var route: String?
  /// The handler that answers, or `nil` when `problem` does.
  var handler: Router.Handler?
  /// The answer decided before the body was read (400 for framing or `Host`, 404, 405, 413).
  var problem: HTTPError?
  /// The largest body accepted: the route's limit, else the server's.
  var maxBodyBytes: Int
  /// The announced `Content-Length`, or -1 (none, or chunked).
  var contentLength = -1
  /// The body, when it arrived in more than one piece.
  var body: [UInt8] = []
  /// Body bytes received so far.
  var bytesIn = 0
  /// A response built while the body was still in libmicrohttpd's buffer, queued on the
  /// request's last call.
  var prepared: OpaquePointer?
  /// Whether the connection closes after the answer (the request's framing was ambiguous).
  var closesConnection = false
  /// Whether an answer has been queued.
  var answered = false
  var status = 0
  var bytesOut = 0
  var startNanoseconds: UInt64 = 0
  var requestID: String?
  /// The answer's item count (a batch), or `nil`.
  var items: Int?

  init(method: HTTPMethod, path: String, maxBodyBytes: Int) {
    self.method = method
    self.path = path
    self.maxBodyBytes = maxBodyBytes
  }
}

/// The response a worker thread lends to each handler it calls, so response buffers are
/// reused instead of allocated per request.
final class ResponseScratch {
  /// Buffers larger than this are dropped after use rather than kept for the next request.
  static let retainedCapacity = 1 << 20

  var response = HTTPResponse()

  /// The calling thread's scratch response, created on first use and freed when the thread
  /// exits.
  static func current() -> ResponseScratch {
    perThread.current
  }

  private static let perThread = PerThread { ResponseScratch() }

  /// Empties the response for the next request, dropping buffers that grew too large.
  func reset() {
    if response.body.capacity > Self.retainedCapacity { response.body = [] }
    response.reset()
  }
}

/// What the server observed of one request, passed to `HTTPServer.Configuration.observer`.
package struct CompletedRequest: Sendable {
  /// The request method.
  package var method: HTTPMethod
  /// The request path, without the query string.
  package var path: String
  /// The route that answered (its path), or `nil` when no route has this path.
  package var route: String?
  /// The status sent, or 0 when the connection ended before an answer was queued.
  package var status: Int
  /// Nanoseconds from the request's headers being parsed to the answer being sent (or the
  /// connection ending).
  package var durationNanoseconds: UInt64
  /// Request body bytes received.
  package var bytesIn: Int
  /// Response body bytes queued.
  package var bytesOut: Int
  /// The value of the configured request-id header, when the request had one.
  package var requestID: String?
  /// `true` when the answer was sent in full; `false` when the connection was closed, timed
  /// out or failed first.
  package var completed: Bool
  /// The answer's item count, for an answer to a batch (`HTTPResponse.items`); else `nil`.
  package var items: Int?

  /// Creates a record.
  package init(
    method: HTTPMethod, path: String, route: String?, status: Int, durationNanoseconds: UInt64,
    bytesIn: Int, bytesOut: Int, requestID: String?, completed: Bool, items: Int? = nil
  ) {
    self.method = method
    self.path = path
    self.route = route
    self.status = status
    self.durationNanoseconds = durationNanoseconds
    self.bytesIn = bytesIn
    self.bytesOut = bytesOut
    self.requestID = requestID
    self.completed = completed
    self.items = items
  }
}
