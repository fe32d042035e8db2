import Posix

/// A request's life from its headers to its end: route, the middleware's word before the body, body
/// limit and budget, the chain of middleware around the handler or problem, request id, and the
/// report to the observers when it ends.
///
/// The one engine every answer comes from; what it serves is a `RoutedService`. libmicrohttpd
/// drives it on a connection (the callbacks reach it through the server's `ServerState`);
/// `respond(to:)` drives the same stages without one, for tests and the fuzzer. It knows no
/// connection and no server: what outlives a request (connections, the drain) is the server's.
/// Immutable but for its budget's atomics, so every worker thread shares it without locks.
package final class RequestEngine: Sendable {
  /// What is served.
  package let service: RoutedService
  /// `service.routes`, read once: routing on every request is then a direct call.
  package let routes: RouteMap
  /// `service.requestIDs`: where request ids come from, when the server assigns them.
  let requestIDs: RequestIDPolicy?
  /// `Configuration.maxBodyBytes`: the body limit of a route without its own.
  let maxBodyBytes: Int
  /// Request bodies and answers held at once, over all requests.
  let bodyMemory: BodyMemory
  /// `service.reportsEndings`: whether the service hears when requests end (they are timed
  /// only then).
  let reportsEndings: Bool
  /// `service.chain`: the middleware every request passes through.
  let chain: MiddlewareChain

  /// An engine serving `service` within `configuration`'s limits.
  package init(configuration: HTTPServer.Configuration, service: RoutedService) {
    self.service = service
    routes = service.routes
    requestIDs = service.requestIDs
    maxBodyBytes = configuration.maxBodyBytes
    bodyMemory = BodyMemory(
      limit: configuration.maxBodyMemory, reserve: configuration.maxBodyMemory / 8,
      smallLimit: configuration.maxBodyBytes)
    reportsEndings = service.reportsEndings
    chain = service.chain
  }
}

/// What follows a request's headers.
enum Admission {
  /// Its body is read (or there is none), then it is answered.
  case readBody
  /// It is answered now, before any body is read, and its connection closes after the answer.
  case answerNow
}

// The stages, in the order a request passes them: `admit` (its headers), `receiveBodyPiece` (each
// piece of its body), `answer`, `end`.
extension RequestEngine {
  /// The most bytes of a refused body that are read and dropped before its answer (413), so that
  /// the answer reaches a client that is still sending it.
  ///
  /// libmicrohttpd 0.9.75 has no lingering close: after an answer queued before the body it stops
  /// reading and closes the socket, and a socket closed with unread data sends a reset that can
  /// destroy the answer on its way. A body a little over the limit is cheaper to read than to
  /// lose the answer for; a larger one, or a client that waits for `100 Continue`, is answered at
  /// once.
  static let refusedBodyReadLimit = 4 << 20

  /// The request's headers are read (`state` has its method, path, `Content-Length` and any
  /// problem of its framing): decides what answers it, and whether its body is read first.
  ///
  /// Answered at once, and the connection closed after the answer: ambiguous framing (400), a
  /// stage of the chain that answers before the body (`HTTPMiddleware.answerBeforeBody`) when a body
  /// was announced, a `Content-Length` over the route's limit (413) when the body is larger than
  /// `refusedBodyReadLimit` or the client waits for `100 Continue` (else the body is read and
  /// dropped first), or over what the body budget has left (503).
  @inline(__always)
  func admit(_ state: RequestState, headers: borrowing HTTPRequest) -> Admission {
    if reportsEndings {
      state.start = MonotonicClock.now
      state.trace = headers.withHeaderBytes(.traceparent) {
        $0.flatMap(TraceContext.init(header:))
      }
    }
    state.requestID = requestID(for: headers)
    // A connection's request whose target is a route's path has its route already.
    let decision =
      if let route = state.route {
        routes.decision(for: state.method, route: route)
      } else {
        routes.decision(for: state.method, path: state.path)
      }
    state.route = decision.route
    state.maxBodyBytes = decision.maxBodyBytes ?? maxBodyBytes
    // A problem found in the headers (framing, `Host`) stands, before any stage; else the route
    // decides.
    let headersAreFaulty = state.reply != nil
    if !headersAreFaulty { state.reply = decision.reply }
    if state.closesConnection { return .answerNow }
    if chain.answersBeforeBody, !headersAreFaulty {
      guard let early = chain.answerBeforeBody(headers, route: state.route, notes: &state.notes) else {
        return admitBody(state, headers: headers)
      }
      // A body announced is never read: the answer goes now, and the connection closes after it. A
      // request without one is answered as any other, when libmicrohttpd has its end (an answer
      // queued earlier makes it close the connection).
      state.reply = early
      guard state.contentLength > 0 || state.isChunked else { return .readBody }
      state.closesConnection = true
      return .answerNow
    }
    return admitBody(state, headers: headers)
  }

  /// `admit`'s part for a request no stage answered before the body: its body limit and budget.
  @inline(__always)
  private func admitBody(_ state: RequestState, headers: borrowing HTTPRequest) -> Admission {
    if state.contentLength > state.maxBodyBytes {
      state.reply = .problem(.contentTooLarge(limit: state.maxBodyBytes))
      guard state.contentLength <= Self.refusedBodyReadLimit, !headers.expectsContinue else {
        state.closesConnection = true
        return .answerNow
      }
      return .readBody
    }
    if state.isAnsweredByProblem, state.contentLength != 0, headers.expectsContinue {
      // RFC 9110 §10.1.1: the client waits for `100 Continue` before it sends the body, and a
      // final answer (404, 405) spares it the upload. The connection closes: whether the body
      // follows is the client's choice.
      state.closesConnection = true
      return .answerNow
    }
    if state.contentLength > 0, !state.isAnsweredByProblem {
      // A body past the server's own limit (a route that takes more: a batch) is answered by
      // an answer that grows with it: room for that answer is taken with the body, so that a
      // body taken in is rarely refused once it has all come.
      let answerRoom = state.contentLength > maxBodyBytes ? state.contentLength / 2 : 0
      let total = state.contentLength + answerRoom
      guard bodyMemory.take(total, holding: total) else {
        // One the budget cannot hold even alone is too large: a 503 would ask for retries forever.
        state.reply = .problem(
          bodyMemory.couldEverHold(total) ? .bodyMemorySpent : .contentTooLarge(limit: largestHeldBody))
        state.closesConnection = true
        return .answerNow
      }
      state.heldBytes = state.contentLength
      state.answerRoom = answerRoom
    }
    return .readBody
  }

  /// The largest body the body budget holds with the room for its answer, when nothing else
  /// holds any: `maxBodyMemory`, or two thirds of its seven eighths for a body past
  /// `maxBodyBytes` (the eighth is kept for small requests; the room is half the body).
  private var largestHeldBody: Int {
    let batches = (bodyMemory.limit - bodyMemory.reserve) * 2 / 3
    return max(min(maxBodyBytes, bodyMemory.limit), batches)
  }

  /// A piece of the body arrived: keeps it, unless the request is already answered or a problem
  /// answers it. Returns `true` when the piece is the whole body, to be answered where it lies
  /// (not copied).
  @inline(__always)
  func receiveBodyPiece(_ piece: UnsafeRawBufferPointer, for state: RequestState) -> Bool {
    state.bytesIn += piece.count
    guard !state.answered, !state.isAnsweredByProblem, state.prepared == nil else { return false }
    if state.bytesIn > state.maxBodyBytes {
      // Only a chunked body gets here (a longer `Content-Length` is answered in `admit`). Its
      // bytes are dropped from now on and the problem answers when it ends: libmicrohttpd
      // 0.9.75 accepts an answer only before the body or after it, never in the middle.
      refuseBody(state, .contentTooLarge(limit: state.maxBodyBytes), closing: false)
      return false
    }
    if state.body.isEmpty, piece.count == state.contentLength { return true }
    if state.body.capacity - state.body.count < piece.count {
      // Grown by hand, within what was taken from the budget: an announced body is taken whole
      // in `admit`; a chunked one takes each growth here, doubling up to its limit.
      let needed = state.body.count + piece.count
      let capacity =
        state.contentLength >= 0
        ? max(needed, state.contentLength) : min(max(needed, 2 * state.body.capacity), state.maxBodyBytes)
      let more = max(0, capacity - state.heldBytes)
      guard bodyMemory.take(more, holding: capacity) else {
        refuseBody(state, .bodyMemorySpent, closing: true)
        return false
      }
      state.heldBytes += more
      state.body.reserveCapacity(capacity)
    }
    state.body.append(contentsOf: piece)
    return false
  }

  /// Stops keeping a body that arrives in pieces: its bytes are dropped from now on, what was
  /// kept is freed, and `problem` answers when the body ends (then, if `closing`, the
  /// connection closes).
  private func refuseBody(_ state: RequestState, _ problem: HTTPError, closing: Bool) {
    state.body = []
    bodyMemory.give(state.heldBytes + state.answerRoom)
    state.heldBytes = 0
    state.answerRoom = 0
    state.reply = .problem(problem)
    if closing { state.closesConnection = true }
  }

  /// Answers the request into `response` (empty): its handler or its problem through the
  /// pipeline, inside the body budget, and records what it is answered with.
  ///
  /// The answer grows within the room taken with the body. A body grown within the budget
  /// (`HTTPResponse.appendBody(_:)`) then belongs to the request, given back when it ends; any
  /// other body is taken from the budget as the copy the connection sends, and an answer the
  /// budget cannot hold becomes the 503 problem. Returns `true` for a body grown within the
  /// budget: its bytes are to be sent as they are, not copied.
  @discardableResult @inline(__always)
  func answer(
    _ state: RequestState, _ request: borrowing HTTPRequest, into response: inout HTTPResponse
  ) -> Bool {
    response.grow(within: bodyMemory, holding: state.answerRoom)
    state.answerRoom = 0
    runPipeline(
      state.reply ?? .problem(.internalServerError), for: request, requestID: state.requestID,
      into: &response)
    let grown = response.heldBodyBytes > 0
    if grown {
      state.heldBytes += response.handOverHeldBodyBytes()
    } else if response.body.count > 0 {
      if bodyMemory.take(response.body.count, holding: response.body.count) {
        state.heldBytes += response.body.count
      } else {
        response.reset()
        runPipeline(.problem(.bodyMemorySpent), for: request, requestID: state.requestID, into: &response)
        state.closesConnection = true
      }
    }
    state.status = response.status
    // An answer to HEAD is made whole for its `Content-Length`, but no body is sent.
    state.bytesOut = state.method == .head ? 0 : response.body.count
    if !response.notes.isEmpty { state.notes.add(response.notes) }
    return grown
  }

  /// The request ended (answered, aborted or timed out): tells the observers, clears the state
  /// for the connection's next request, and gives back what it held of the body budget.
  @inline(__always)
  func end(_ state: RequestState, completed: Bool) {
    if reportsEndings {
      let record = CompletedRequest(
        method: state.method, path: state.path, route: state.route, status: state.status,
        durationNanoseconds: MonotonicClock.now.nanoseconds &- state.start.nanoseconds,
        bytesIn: state.bytesIn, bytesOut: state.bytesOut, requestID: state.requestID, trace: state.trace,
        completed: completed, notes: state.takeNotes())
      service.requestEnded(record)
    }
    // The body is freed before its bytes go back to the budget: the budget never counts less
    // than what is held.
    let held = state.heldBytes + state.answerRoom
    state.clear()
    bodyMemory.give(held)
  }

  /// The route whose path is exactly the C string `target`, and its path (`RouteMap.route(matching:)`):
  /// read through the engine, whose routes a call borrows, where reading them through another
  /// object would copy them.
  func route(matching target: UnsafePointer<CChar>) -> (id: RouteID, path: String)? {
    routes.route(matching: target)
  }

  /// The id `request` is answered and logged under: the client's own when it is sane, otherwise
  /// a new one; nil when the server assigns no ids.
  func requestID(for request: borrowing HTTPRequest) -> RequestID? {
    guard let requestIDs else { return nil }
    func kept(_ value: UnsafeBufferPointer<UInt8>?) -> RequestID {
      if let value, RequestIDSource.isSane(value) { return RequestID(String(decoding: value, as: UTF8.self)) }
      return requestIDs.source.next()
    }
    if let known = requestIDs.knownHeader { return request.withHeaderBytes(known, kept) }
    return request.withHeaderBytes(requestIDs.header, kept)
  }

  /// The pipeline: the chain of middleware around what replies — the handler (a thrown non-problem
  /// error or a status outside 200…599 made a 500), the problem, or the answer a stage gave before
  /// the body (then only the stages before it wrap it) — and then the request id.
  private func runPipeline(
    _ reply: RouteDecision.Reply, for request: borrowing HTTPRequest, requestID: RequestID?,
    into response: inout HTTPResponse
  ) {
    switch reply {
    case .handler(let handler):
      chain.respond(to: request, into: &response, before: nil) { request, response in
        do {
          try handler(request, &response)
          if !(200...599).contains(response.status) { HTTPError.internalServerError.render(into: &response) }
        } catch let error as HTTPError {
          error.render(into: &response)
        } catch {
          HTTPError.internalServerError.render(into: &response)
        }
      }
    case .problem(let problem):
      chain.respond(to: request, into: &response, before: nil) { _, response in
        problem.render(into: &response)
      }
    case .stage(let stage, var answer):
      chain.respond(to: request, into: &response, before: stage) { _, response in
        response.status = answer.status
        response.contentType = answer.contentType
        swap(&response.headers, &answer.headers)
        swap(&response.body, &answer.body)
      }
    }
    response.requestID = requestID
  }
}
