internal import CMicroHTTPD
import Posix
import Synchronization

/// What libmicrohttpd's callbacks share: the pipeline, the limits, the body budget and the
/// counters; handed to C as the callbacks' closure pointer.
///
/// Immutable except for the atomics, so every worker thread shares it without locks.
final class CallbackContext: Sendable {
  let responder: Responder
  let maxBodyBytes: Int
  /// `Configuration.maxHeaderBytes`: what a request line and header block may take.
  let maxHeaderBytes: Int
  let maxConnections: Int
  let bodyMemory: BodyMemory
  /// Whether any middleware is told when requests end (they are timed only then).
  let reportsEndings: Bool
  /// Requests begun and not yet ended: counted from their headers (`serveRequest`) to their end
  /// (`endRequest`).
  let liveRequests = Atomic<Int>(0)
  /// Connections libmicrohttpd has started and not yet closed.
  let openConnections = Atomic<Int>(0)
  /// Connections handed to libmicrohttpd (`Listener`) and not yet closed: started, or waiting
  /// in a worker's queue.
  ///
  /// libmicrohttpd queues a connection added from another thread until its worker's next turn,
  /// and `MHD_stop_daemon` closes what is still queued unserved: the drain waits for this count,
  /// not `openConnections`, and admission compares it, so a burst of connects cannot pass the
  /// limit before any has started. One counter, so that no reader adds two values read apart.
  /// (A worker that cannot allocate a connection's memory pool drops it without telling, and
  /// its slot stays counted: libmicrohttpd 0.9.75 gives no sign of it.)
  let admittedConnections = Atomic<Int>(0)
  /// Request body bytes handed to `receive` so far, over all requests (tests wait on it).
  let receivedBodyBytes = Atomic<Int>(0)
  /// Wakes `stop()` and `drain()` when a request ends or a connection closes.
  let settled = ConditionSignal()
  /// Connections closed on accept because `maxConnections` were open.
  let refusedConnections = Atomic<Int>(0)
  /// Set once the server drains: every answer then carries `Connection: close`.
  let draining = Atomic<Bool>(false)

  init(configuration: HTTPServer.Configuration, router: Router) {
    responder = Responder(
      router: router, middleware: configuration.middleware, requestIDs: configuration.requestIDs)
    maxBodyBytes = configuration.maxBodyBytes
    maxHeaderBytes = max(1024, configuration.maxHeaderBytes)
    maxConnections = max(1, configuration.maxConnections)
    bodyMemory = BodyMemory(
      limit: configuration.maxBodyMemory, reserve: configuration.maxBodyMemory / 8,
      smallLimit: configuration.maxBodyBytes)
    reportsEndings = !configuration.middleware.isEmpty
  }
}

// The request's life on libmicrohttpd: its headers (`begin`), its body (`receive`), its end
// (`finish`), and after the answer went out or the connection died (`end`).
extension CallbackContext {
  /// The most bytes of a refused body that are read and dropped before its answer (413), so that
  /// the answer reaches a client that is still sending it.
  ///
  /// libmicrohttpd 0.9.75 has no lingering close: after an answer queued before the body it stops
  /// reading and closes the socket, and a socket closed with unread data sends a reset that can
  /// destroy the answer on its way. A body a little over the limit is cheaper to read than to
  /// lose the answer for; a larger one, or a client that waits for `100 Continue`, is answered at
  /// once.
  static let refusedBodyReadLimit = 4 << 20

  /// The request's headers are parsed: decide what answers it.
  ///
  /// Answered at once, before any body is read, and the connection closed after the answer:
  /// ambiguous framing (400), a `Content-Length` over the route's limit (413) when the body is
  /// larger than `refusedBodyReadLimit` or the client waits for `100 Continue` (else the body is
  /// read and dropped first), or over what the body budget has left (503).
  func begin(_ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
    let headers = HTTPRequest(
      method: state.method, path: state.path, connection: connection, headers: state.headers)
    if reportsEndings {
      state.start = MonotonicClock.now
      state.trace = headers.withHeaderBytes(.traceparent) {
        $0.flatMap(TraceContext.init(header:))
      }
    }
    state.requestID = responder.requestID(for: headers)
    let decision = responder.router.decision(for: state.method, path: state.path)
    state.route = decision.route
    if let limit = decision.maxBodyBytes { state.maxBodyBytes = limit }
    // A problem found in the headers (framing, `Host`) stands; else the route decides.
    if state.answer == nil { state.answer = decision.answer }
    if state.closesConnection { return answerNow(state, connection) }
    if state.contentLength > state.maxBodyBytes {
      state.answer = .problem(.contentTooLarge(limit: state.maxBodyBytes))
      guard state.contentLength <= Self.refusedBodyReadLimit, !headers.expectsContinue else {
        state.closesConnection = true
        return answerNow(state, connection)
      }
      return .YES
    }
    if state.isAnsweredByProblem, state.contentLength != 0, headers.expectsContinue {
      // RFC 9110 §10.1.1: the client waits for `100 Continue` before it sends the body, and a
      // final answer (404, 405) spares it the upload. The connection closes: whether the body
      // follows is the client's choice.
      state.closesConnection = true
      return answerNow(state, connection)
    }
    if state.contentLength > 0, !state.isAnsweredByProblem {
      // A body past the server's own limit (a route that takes more: a batch) is answered by
      // an answer that grows with it: room for that answer is taken with the body, so that a
      // body taken in is rarely refused once it has all come.
      let answerRoom = state.contentLength > maxBodyBytes ? state.contentLength / 2 : 0
      let total = state.contentLength + answerRoom
      guard bodyMemory.take(total, holding: total) else {
        state.answer = .problem(.bodyMemorySpent)
        state.closesConnection = true
        return answerNow(state, connection)
      }
      state.heldBytes = state.contentLength
      state.answerRoom = answerRoom
    }
    return .YES
  }

  /// A piece of the body arrived. Kept, unless the request is already answered or a problem
  /// answers it.
  ///
  /// When the whole body arrives in one piece it is not copied: the handler runs on
  /// libmicrohttpd's buffer now and its response is queued when the request completes.
  func receive(_ piece: UnsafeRawBufferPointer, _ state: RequestState, _ connection: OpaquePointer) {
    state.bytesIn += piece.count
    receivedBodyBytes.add(piece.count, ordering: .relaxed)
    guard !state.answered, !state.isAnsweredByProblem, state.prepared == nil else { return }
    if state.bytesIn > state.maxBodyBytes {
      // Only a chunked body gets here (a longer `Content-Length` is answered in `begin`). Its
      // bytes are dropped from now on and `finish` answers 413 when it ends: libmicrohttpd
      // 0.9.75 accepts an answer only before the body or after it, never in the middle.
      refuseBody(state, .contentTooLarge(limit: state.maxBodyBytes), closing: false)
      return
    }
    if state.body.isEmpty, piece.count == state.contentLength {
      state.prepared = respond(state, connection, body: piece)
      return
    }
    if state.body.capacity - state.body.count < piece.count {
      // Grown by hand, within what was taken from the budget: an announced body is taken whole
      // in `begin`; a chunked one takes each growth here, doubling up to its limit.
      let needed = state.body.count + piece.count
      let capacity =
        state.contentLength >= 0
        ? max(needed, state.contentLength) : min(max(needed, 2 * state.body.capacity), state.maxBodyBytes)
      let more = max(0, capacity - state.heldBytes)
      guard bodyMemory.take(more, holding: capacity) else {
        refuseBody(state, .bodyMemorySpent, closing: true)
        return
      }
      state.heldBytes += more
      state.body.reserveCapacity(capacity)
    }
    state.body.append(contentsOf: piece)
  }

  /// Stops keeping a body that arrives in pieces: its bytes are dropped from now on, what was
  /// kept is freed, and `problem` answers when the body ends (then, if `closing`, the
  /// connection closes).
  private func refuseBody(_ state: RequestState, _ problem: HTTPError, closing: Bool) {
    state.body = []
    bodyMemory.give(state.heldBytes + state.answerRoom)
    state.heldBytes = 0
    state.answerRoom = 0
    state.answer = .problem(problem)
    if closing { state.closesConnection = true }
  }

  /// The request is complete: queue its answer.
  func finish(_ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
    if state.answered { return .YES }
    if let prepared = state.prepared {
      state.prepared = nil
      defer { MHD_destroy_response(prepared) }
      return queue(prepared, state, connection)
    }
    let response = state.body.withUnsafeBytes { respond(state, connection, body: $0) }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    return queue(response, state, connection)
  }

  /// The request ended (answered, aborted or timed out): tells the middleware. (What it held of
  /// the body budget is given back once its state is cleared: `endRequest`.)
  func end(_ state: RequestState, completed: Bool) {
    guard reportsEndings else { return }
    let record = CompletedRequest(
      method: state.method, path: state.path, route: state.route, status: state.status,
      durationNanoseconds: MonotonicClock.now.nanoseconds &- state.start.nanoseconds,
      bytesIn: state.bytesIn, bytesOut: state.bytesOut, requestID: state.requestID, trace: state.trace,
      completed: completed, items: state.items)
    for stage in responder.middleware { stage.requestEnded(record) }
  }

  /// Queues the request's problem as the answer now, before any body is read.
  private func answerNow(_ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
    guard let response = respond(state, connection, body: UnsafeRawBufferPointer(start: nil, count: 0)) else {
      return .NO
    }
    defer { MHD_destroy_response(response) }
    return queue(response, state, connection)
  }

  /// Answers through the pipeline and builds the libmicrohttpd response (not yet queued).
  private func respond(
    _ state: RequestState, _ connection: OpaquePointer, body: UnsafeRawBufferPointer
  ) -> OpaquePointer? {
    let scratch = ResponseScratch.current()
    // The answer grows within the budget, from the room taken with the body.
    scratch.response.grow(within: bodyMemory, holding: state.answerRoom)
    state.answerRoom = 0
    defer { scratch.reset() }
    let request = HTTPRequest(
      method: state.method, path: state.path, body: body, connection: connection, headers: state.headers)
    responder.respond(
      to: request, state.answer ?? .problem(.internalServerError), requestID: state.requestID,
      into: &scratch.response)
    return makeResponse(&scratch.response, state, request)
  }

  private func queue(
    _ response: OpaquePointer, _ state: RequestState, _ connection: OpaquePointer
  ) -> MHD_Result {
    let result = MHD_queue_response(connection, UInt32(state.status), response)
    if result == .YES { state.answered = true }
    return result
  }

  /// Makes a libmicrohttpd response of `response` and records its status and size.
  ///
  /// A body grown within the budget (`HTTPResponse.appendBody(_:)`) is handed over, not copied:
  /// what it holds of the budget is then the request's, given back when the request ends. Any
  /// other body is copied, and the copy taken from the budget; an answer the budget cannot hold
  /// becomes the 503 problem.
  private func makeResponse(
    _ response: inout HTTPResponse, _ state: RequestState, _ request: borrowing HTTPRequest
  ) -> OpaquePointer? {
    if response.heldBodyBytes > 0 {
      record(response, in: state)
      state.heldBytes += response.handOverHeldBodyBytes()
      let made = HandedOverBody.response(taking: &response.body)
      if let made { addHeaders(response, state, to: made) }
      return made
    }
    if response.body.count > 0 {
      if bodyMemory.take(response.body.count, holding: response.body.count) {
        state.heldBytes += response.body.count
      } else {
        response.reset()
        responder.respond(
          to: request, .problem(.bodyMemorySpent), requestID: state.requestID, into: &response)
        state.closesConnection = true
      }
    }
    let made = response.body.withUnsafeBytes {
      MHD_create_response_from_buffer(
        $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let made else { return nil }
    record(response, in: state)
    addHeaders(response, state, to: made)
    return made
  }

  /// Records what the request is answered with, for the middleware told when it ends.
  private func record(_ response: borrowing HTTPResponse, in state: RequestState) {
    state.status = response.status
    state.bytesOut = response.body.count
    state.items = response.items
  }

  /// Adds `response`'s header fields to `made`, and `Connection: close` when the connection ends
  /// after it.
  private func addHeaders(_ response: borrowing HTTPResponse, _ state: RequestState, to made: OpaquePointer) {
    if !response.contentType.isEmpty {
      // `withCString` avoids the array a String-to-C-string argument conversion allocates.
      _ = response.contentType.withCString { MHD_add_response_header(made, "Content-Type", $0) }
    }
    if let id = response.requestID, let name = responder.requestIDs?.header {
      name.withCString { name in id.withCString { _ = MHD_add_response_header(made, name, $0) } }
    }
    for header in response.headers {
      _ = header.name.withCString { name in
        header.value.withCString { MHD_add_response_header(made, name, $0) }
      }
    }
    if state.closesConnection || draining.load(ordering: .relaxed) {
      // libmicrohttpd closes the connection after an answer that says so.
      _ = MHD_add_response_header(made, "Connection", "close")
    }
  }
}
