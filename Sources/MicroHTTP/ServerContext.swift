internal import CMicroHTTPD
import Glibc
import Posix
import Synchronization

/// What the libmicrohttpd callbacks need, handed to C as the callbacks' closure pointer.
///
/// Immutable except for the atomics, so it is shared by every worker thread without locks.
final class ServerContext: Sendable {
  let router: Router
  let maxBodyBytes: Int
  let maxConnections: Int
  let requestIDHeader: String
  /// Issues request ids when the configuration assigns them; `nil` otherwise.
  let requestIDs: RequestIDSource?
  let observer: (@Sendable (CompletedRequest) -> Void)?
  let beforeSend: (@Sendable (borrowing HTTPRequest, inout HTTPResponse) -> Void)?
  /// Requests whose per-request state is alive (created on their headers, released when they
  /// end).
  let liveRequests = Atomic<Int>(0)
  /// Connections libmicrohttpd has started and not yet closed.
  let openConnections = Atomic<Int>(0)
  /// Request body bytes handed to `receive` so far, over all requests (tests wait on it).
  let receivedBodyBytes = Atomic<Int>(0)
  /// Wakes `stop()` and `drain()` when a request ends or a connection closes.
  let settled = ConditionSignal()
  /// Connections closed on accept because `maxConnections` were open.
  let refusedConnections = Atomic<Int>(0)
  /// Set once the server drains: every answer then carries `Connection: close`.
  let draining = Atomic<Bool>(false)

  init(router: Router, configuration: HTTPServer.Configuration) {
    self.router = router
    self.maxBodyBytes = configuration.maxBodyBytes
    self.maxConnections = max(1, configuration.maxConnections)
    self.requestIDHeader = configuration.requestIDHeader
    self.requestIDs = configuration.assignsRequestIDs ? RequestIDSource() : nil
    self.observer = configuration.observer
    self.beforeSend = configuration.beforeSend
  }
}

extension ServerContext {
  /// The request's headers are parsed: pick the handler or the problem that answers it.
  ///
  /// A request with ambiguous framing (`RequestFraming`) and a `Content-Length` over the limit
  /// are answered at once, before any body is read; the connection closes after the answer.
  func begin(_ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
    if observer != nil || requestIDs != nil {
      state.startNanoseconds = MonotonicClock.now.nanoseconds
      // `withCString` lends the string's own bytes; passing the String where C wants a pointer
      // would copy it into a new array on every request.
      let value = requestIDHeader.withCString { MHD_lookup_connection_value(connection, .HEADER_KIND, $0) }
      if let requestIDs {
        state.requestID =
          value.flatMap { RequestIDSource.isSane($0) ? String(cString: $0) : nil } ?? requestIDs.next()
      } else if let value {
        state.requestID = String(cString: value)
      }
    }
    // A request whose framing is ambiguous is answered at once: its body cannot be trusted.
    if state.closesConnection, let problem = state.problem {
      return answer(problem, state, connection)
    }
    // A problem decided before routing (a missing `Host`) stands; the body is then discarded.
    if state.problem == nil {
      if let route = router.routes[state.path] {
        state.route = state.path
        if let limit = route.maxBodyBytes { state.maxBodyBytes = limit }
        if let handler = route.handler(for: state.method) {
          state.handler = handler
        } else {
          state.problem = .methodNotAllowed(state.method, path: state.path, allow: route.allow)
        }
      } else {
        state.problem = .notFound(path: state.path)
      }
    }
    if state.contentLength > state.maxBodyBytes {
      state.handler = nil
      state.problem = .contentTooLarge(limit: state.maxBodyBytes)
      return answer(state.problem!, state, connection)
    }
    return .YES
  }

  /// A piece of the body arrived. Kept, unless the request is already answered or will be
  /// answered by a problem.
  ///
  /// When the whole body arrives in one piece it is not copied: the handler runs on
  /// libmicrohttpd's buffer now and its response is queued when the request completes.
  func receive(_ piece: UnsafeRawBufferPointer, _ state: RequestState, _ connection: OpaquePointer) {
    state.bytesIn += piece.count
    receivedBodyBytes.add(piece.count, ordering: .relaxed)
    guard !state.answered else { return }
    if state.bytesIn > state.maxBodyBytes {
      // Only a chunked body gets here (a longer `Content-Length` is answered in `begin`). Its
      // bytes are dropped from now on and `finish` answers 413 when it ends: libmicrohttpd
      // 0.9.75 accepts an answer only before the body or after it, never in the middle.
      state.body = []
      state.handler = nil
      state.problem = .contentTooLarge(limit: state.maxBodyBytes)
      return
    }
    guard let handler = state.handler, state.prepared == nil else { return }
    if state.body.isEmpty, piece.count == state.contentLength {
      state.prepared = respond(state, connection, body: piece, handler)
    } else {
      // Reserve what is announced, up to 1 MiB: a large limit must not let an announcement
      // alone claim that much memory.
      if state.body.isEmpty, state.contentLength > 0 {
        state.body.reserveCapacity(min(state.contentLength, 1 << 20))
      }
      state.body.append(contentsOf: piece)
    }
  }

  /// The request is complete: queue its answer.
  func finish(_ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
    if state.answered { return .YES }
    if let prepared = state.prepared {
      state.prepared = nil
      defer { MHD_destroy_response(prepared) }
      return queue(prepared, state, connection)
    }
    guard let handler = state.handler else {
      return answer(state.problem ?? .internalServerError, state, connection)
    }
    let response = state.body.withUnsafeBytes { respond(state, connection, body: $0, handler) }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    return queue(response, state, connection)
  }

  /// Runs `handler` and builds its libmicrohttpd response (not yet queued).
  private func respond(
    _ state: RequestState, _ connection: OpaquePointer, body: UnsafeRawBufferPointer,
    _ handler: Router.Handler
  ) -> OpaquePointer? {
    let scratch = ResponseScratch.current()
    defer { scratch.reset() }
    let request = HTTPRequest(method: state.method, path: state.path, body: body, connection: connection)
    do {
      try handler(request, &scratch.response)
      if !(200...599).contains(scratch.response.status) {
        HTTPError.internalServerError.render(into: &scratch.response)
      }
    } catch let error as HTTPError {
      error.render(into: &scratch.response)
    } catch {
      HTTPError.internalServerError.render(into: &scratch.response)
    }
    if let beforeSend { beforeSend(request, &scratch.response) }
    return makeResponse(scratch.response, state)
  }

  /// Queues `problem` as the answer now.
  private func answer(
    _ problem: HTTPError, _ state: RequestState, _ connection: OpaquePointer
  )
    -> MHD_Result
  {
    let scratch = ResponseScratch.current()
    defer { scratch.reset() }
    problem.render(into: &scratch.response)
    if let beforeSend {
      let request = HTTPRequest(
        method: state.method, path: state.path, body: UnsafeRawBufferPointer(start: nil, count: 0),
        connection: connection)
      beforeSend(request, &scratch.response)
    }
    guard let response = makeResponse(scratch.response, state) else { return .NO }
    defer { MHD_destroy_response(response) }
    return queue(response, state, connection)
  }

  private func queue(
    _ response: OpaquePointer, _ state: RequestState, _ connection: OpaquePointer
  )
    -> MHD_Result
  {
    let result = MHD_queue_response(connection, UInt32(state.status), response)
    if result == .YES { state.answered = true }
    return result
  }

  /// Copies `response` into a new libmicrohttpd response and records its status and size.
  private func makeResponse(_ response: HTTPResponse, _ state: RequestState) -> OpaquePointer? {
    let made = response.body.withUnsafeBytes {
      MHD_create_response_from_buffer(
        $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let made else { return nil }
    if !response.contentType.isEmpty {
      // `withCString` avoids the array a String-to-C-string argument conversion allocates.
      _ = response.contentType.withCString { MHD_add_response_header(made, "Content-Type", $0) }
    }
    for header in response.headers {
      _ = header.name.withCString { name in
        header.value.withCString { MHD_add_response_header(made, name, $0) }
      }
    }
    if requestIDs != nil, let requestID = state.requestID {
      _ = requestIDHeader.withCString { name in
        requestID.withCString { MHD_add_response_header(made, name, $0) }
      }
    }
    if state.closesConnection || draining.load(ordering: .relaxed) {
      // libmicrohttpd closes the connection after an answer that says so.
      _ = MHD_add_response_header(made, "Connection", "close")
    }
    state.status = response.status
    state.bytesOut = response.body.count
    state.items = response.items
    return made
  }

  /// Tells the observer, if any, how the request went.
  func report(_ state: RequestState, completed: Bool) {
    guard let observer else { return }
    observer(
      CompletedRequest(
        method: state.method, path: state.path, route: state.route, status: state.status,
        durationNanoseconds: MonotonicClock.now.nanoseconds &- state.startNanoseconds,
        bytesIn: state.bytesIn, bytesOut: state.bytesOut, requestID: state.requestID,
        completed: completed, items: state.items))
  }
}
