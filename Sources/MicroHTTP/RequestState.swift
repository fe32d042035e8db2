import Posix

/// The state of one request across libmicrohttpd's calls, kept in its `con_cls`.
///
/// Only ever touched by the worker thread that serves the connection.
final class RequestState {
  let method: HTTPMethod
  let path: String
  /// The route of the path, or `nil` when no route has it.
  var route: RouteID?
  /// What answers: the route's handler, or a problem decided before the body was read (400 for
  /// framing or `Host`, 404, 405, 413, 503).
  var answer: RouteDecision.Answer?
  /// The largest body accepted: the route's limit, else the server's.
  var maxBodyBytes: Int
  /// The announced `Content-Length`, or -1 (none, or chunked).
  var contentLength = -1
  /// The body, when it arrived in more than one piece.
  var body: [UInt8] = []
  /// Body bytes received so far.
  var bytesIn = 0
  /// Bytes taken from the server's `BodyMemory` for this request, given back when it ends.
  var heldBytes = 0
  /// A response built while the body was still in libmicrohttpd's buffer, queued on the
  /// request's last call.
  var prepared: OpaquePointer?
  /// Whether the connection closes after the answer (the request's framing was ambiguous, or
  /// its body is refused before it is read).
  var closesConnection = false
  /// Whether an answer has been queued.
  var answered = false
  var status = 0
  var bytesOut = 0
  var start = MonotonicClock.Instant(nanoseconds: 0)
  var requestID: String?
  var trace: TraceContext?
  /// The answer's item count (`HTTPResponse.items`), or `nil`.
  var items: Int?

  init(method: HTTPMethod, path: String, maxBodyBytes: Int) {
    self.method = method
    self.path = path
    self.maxBodyBytes = maxBodyBytes
  }

  /// Whether a problem (not a handler) answers the request.
  var isAnsweredByProblem: Bool {
    if case .problem = answer { return true }
    return false
  }
}

/// The response a worker thread lends to each request it answers, so response buffers are
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
