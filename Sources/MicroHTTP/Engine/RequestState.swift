import Posix

/// The state of one request across libmicrohttpd's calls, kept in its `con_cls`.
///
/// One per connection, made when libmicrohttpd starts the connection (kept in its socket
/// context) and freed when it closes: each request on the connection starts with the state
/// `clear()` left, as new, so no request allocates one.
///
/// Only ever touched by the worker thread that serves the connection, one access at a time:
/// the properties skip the run-time exclusivity check (`@exclusivity(unchecked)`), which costs
/// tens of instructions per access on every request.
final class RequestState {
  @exclusivity(unchecked) var method = HTTPMethod.get
  @exclusivity(unchecked) var path = ""
  /// The route of the path, or `nil` when no route has it: found from the target on a
  /// connection (`RouteMap.route(matching:)`), else when the engine admits the request.
  @exclusivity(unchecked) var route: RouteID?
  /// What replies: the route's handler, a problem decided before the body was read (400 for
  /// framing or `Host`, 404, 405, 413, 503), or a stage that answered before it.
  @exclusivity(unchecked) var reply: RouteDecision.Reply?
  /// The largest body accepted: the route's limit, else the server's.
  @exclusivity(unchecked) var maxBodyBytes = 0
  /// The announced `Content-Length`, or -1 (none, or chunked).
  @exclusivity(unchecked) var contentLength = -1
  /// Whether a chunked body follows the headers.
  @exclusivity(unchecked) var isChunked = false
  /// The body, when it arrived in more than one piece.
  @exclusivity(unchecked) var body: [UInt8] = []
  /// Body bytes received so far.
  @exclusivity(unchecked) var bytesIn = 0
  /// Bytes taken from the server's `BodyMemory` for this request, given back when it ends.
  @exclusivity(unchecked) var heldBytes = 0
  /// Bytes taken from the budget with the body for its answer to grow into, until the answer
  /// is made (`HTTPResponse.grow(within:holding:)`).
  @exclusivity(unchecked) var answerRoom = 0
  /// A response built while the body was still in libmicrohttpd's buffer, queued on the
  /// request's last call.
  @exclusivity(unchecked) var prepared: OpaquePointer?
  /// Whether the connection closes after the answer (the request's framing was ambiguous, or
  /// its body is refused before it is read).
  @exclusivity(unchecked) var closesConnection = false
  /// Whether an answer has been queued.
  @exclusivity(unchecked) var answered = false
  @exclusivity(unchecked) var status = 0
  @exclusivity(unchecked) var bytesOut = 0
  @exclusivity(unchecked) var start = MonotonicClock.Instant(nanoseconds: 0)
  @exclusivity(unchecked) var requestID: RequestID?
  @exclusivity(unchecked) var trace: TraceContext?
  /// The fields read on every request, found while the framing was read.
  @exclusivity(unchecked) var headers = KnownHeaders()
  /// What the stages and the handler noted about the request, for the observers.
  @exclusivity(unchecked) var notes = RequestNotes()
  /// The request target as libmicrohttpd first read it, query included (`noteTarget`): where
  /// it starts, where its C string ends, and whether it holds no space or control character.
  @exclusivity(unchecked) var rawTarget: UnsafePointer<CChar>?
  @exclusivity(unchecked) var rawTargetEnd: UnsafePointer<CChar>?
  @exclusivity(unchecked) var rawTargetIsClean = true
  /// The connection's watch in the server's `CloseWatcher` (epoll workers), from its start to
  /// its close; `clear()` keeps it.
  @exclusivity(unchecked) var closeWatch: CloseWatcher.Watch?
  /// The connection's request count (odd while one is in progress), for the close watcher to read
  /// from another thread; `clear()` keeps it.
  let activity = CloseWatcher.Activity()

  /// Every property back to its initial value above, when a request has ended: the next
  /// request on the connection finds the state as new, and what the last one held (its body,
  /// its handler, its ids) is let go now rather than when the connection closes.
  func clear() {
    method = .get
    path = ""
    route = nil
    reply = nil
    maxBodyBytes = 0
    contentLength = -1
    isChunked = false
    body = []
    bytesIn = 0
    heldBytes = 0
    answerRoom = 0
    prepared = nil
    closesConnection = false
    answered = false
    status = 0
    bytesOut = 0
    start = MonotonicClock.Instant(nanoseconds: 0)
    requestID = nil
    trace = nil
    headers = KnownHeaders()
    // Tested first: most requests have none, and an assignment destroys what it replaces.
    if !notes.isEmpty { notes = RequestNotes() }
    rawTarget = nil
    rawTargetEnd = nil
    rawTargetIsClean = true
  }

  /// The notes, moved out for the request's record: the state is left with none, so they are
  /// neither copied nor destroyed twice.
  @inline(__always)
  func takeNotes() -> RequestNotes {
    var taken = RequestNotes()
    if !notes.isEmpty { swap(&taken, &notes) }
    return taken
  }

  /// Whether a problem or a stage (not a handler) answers the request: its body is not kept.
  var isAnsweredByProblem: Bool {
    switch reply {
    case .problem, .stage: true
    case .handler, nil: false
    }
  }
}

/// The response a worker thread lends to each request it answers, so response buffers are
/// reused instead of allocated per request. Only its thread touches it, one request at a time
/// (hence `@exclusivity(unchecked)`, as in `RequestState`).
final class ResponseScratch {
  /// Buffers larger than this (64 KiB) are dropped after use rather than kept for the next
  /// request: a thread keeps what plain answers need, not what its largest answer took.
  static let retainedCapacity = 1 << 16

  @exclusivity(unchecked) var response = HTTPResponse()

  /// Calls `body` with the calling thread's scratch response, created on first use and freed
  /// when the thread exits.
  static func withCurrent<Result>(_ body: (ResponseScratch) -> Result) -> Result {
    perThread.withCurrent(body)
  }

  private static let perThread = PerThread { ResponseScratch() }

  /// Empties the response for the next request, dropping buffers that grew too large (before
  /// the response gives back what its body held of the budget).
  func reset() {
    if response.body.capacity > Self.retainedCapacity { response.body = [] }
    response.reset()
  }
}
