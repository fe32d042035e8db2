internal import CMicroHTTPD
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
  /// Connections admitted and not yet closed.
  let openConnections = Atomic<Int>(0)
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
  /// A `Content-Length` over the limit is answered 413 at once, before any body is read;
  /// libmicrohttpd then closes the connection after the answer.
  func begin(_ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
    if observer != nil || requestIDs != nil {
      state.startNanoseconds = monotonicNanoseconds()
      let value = MHD_lookup_connection_value(connection, .HEADER_KIND, requestIDHeader)
      if let requestIDs {
        state.requestID =
          value.flatMap { RequestIDSource.isSane($0) ? String(cString: $0) : nil } ?? requestIDs.next()
      } else if let value {
        state.requestID = String(cString: value)
      }
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
    if let value = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") {
      state.contentLength = parseContentLength(value)
      if state.contentLength > state.maxBodyBytes {
        state.handler = nil
        state.problem = .contentTooLarge(limit: state.maxBodyBytes)
        return answer(state.problem!, state, connection)
      }
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
    guard !state.answered else { return }
    if state.bytesIn > state.maxBodyBytes {
      state.body = []
      if state.problem?.status != 413 {
        state.handler = nil
        state.problem = .contentTooLarge(limit: state.maxBodyBytes)
        _ = answer(state.problem!, state, connection)
      }
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
    if draining.load(ordering: .relaxed) {
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
        durationNanoseconds: monotonicNanoseconds() &- state.startNanoseconds,
        bytesIn: state.bytesIn, bytesOut: state.bytesOut, requestID: state.requestID,
        completed: completed, items: state.items))
  }
}

/// The value of a `Content-Length` header: its decimal digits, `Int.max` when it overflows,
/// or -1 when it is not a number.
private func parseContentLength(_ text: UnsafePointer<CChar>) -> Int {
  var value = 0
  var index = 0
  while text[index] == 0x20 || text[index] == 0x09 { index += 1 }
  guard (0x30...0x39).contains(text[index]) else { return -1 }
  while (0x30...0x39).contains(text[index]) {
    let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
    let (sum, overflow2) = times10.addingReportingOverflow(Int(text[index]) - 0x30)
    if overflow1 || overflow2 { return Int.max }
    value = sum
    index += 1
  }
  return value
}
