internal import CMicroHTTPD

// A request's stages on a libmicrohttpd connection, as its callbacks report them: the headers
// (`headersArrived`), each piece of the body (`bodyPieceArrived`), the end of the request
// (`requestCompleted`). The engine decides and answers; here each answer is made a libmicrohttpd
// response, with the headers the connection adds, and queued.
extension ServerState {
  /// The request's headers are parsed: the engine decides what answers it, and what cannot wait
  /// for the body is answered now.
  func headersArrived(_ state: RequestState, on connection: OpaquePointer) -> MHD_Result {
    let headers = HTTPRequest(
      method: state.method, path: state.path, connection: connection, headers: state.headers)
    guard engine.admit(state, headers: headers) == .readBody else {
      return answerBeforeTheBody(state, connection)
    }
    return .YES
  }

  /// A piece of the body arrived. When it is the whole body, the request is answered on
  /// libmicrohttpd's buffer now, not copied, and its response queued when the request completes.
  func bodyPieceArrived(
    _ piece: UnsafeRawBufferPointer, _ state: RequestState, on connection: OpaquePointer
  ) {
    gauges.receivedBodyBytes.add(piece.count, ordering: .relaxed)
    if engine.receiveBodyPiece(piece, for: state) {
      state.prepared = makeAnswer(state, on: connection, body: piece)
    }
  }

  /// The request is complete: queues its answer.
  func requestCompleted(_ state: RequestState, on connection: OpaquePointer) -> MHD_Result {
    if state.answered { return .YES }
    if let prepared = state.prepared {
      state.prepared = nil
      defer { MHD_destroy_response(prepared) }
      return queue(prepared, state, connection)
    }
    let response = state.body.withUnsafeBytes { makeAnswer(state, on: connection, body: $0) }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    return queue(response, state, connection)
  }

  /// Queues the request's problem as the answer now, before any body is read.
  private func answerBeforeTheBody(_ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
    guard let response = makeAnswer(state, on: connection, body: UnsafeRawBufferPointer(start: nil, count: 0))
    else {
      return .NO
    }
    defer { MHD_destroy_response(response) }
    return queue(response, state, connection)
  }

  private func queue(
    _ response: OpaquePointer, _ state: RequestState, _ connection: OpaquePointer
  ) -> MHD_Result {
    let result = MHD_queue_response(connection, UInt32(state.status), response)
    if result == .YES { state.answered = true }
    return result
  }

  /// Answers the request (`RequestEngine.answer`) in the thread's scratch response and makes it a
  /// libmicrohttpd response (not yet queued).
  private func makeAnswer(
    _ state: RequestState, on connection: OpaquePointer, body: UnsafeRawBufferPointer
  ) -> OpaquePointer? {
    ResponseScratch.withCurrent { scratch in
      defer { scratch.reset() }
      let request = HTTPRequest(
        method: state.method, path: state.path, body: body, connection: connection, headers: state.headers)
      return makeLibmicrohttpdResponse(&scratch.response, answering: state, request)
    }
  }

  /// Answers the request into `response` and makes it a libmicrohttpd response: a body grown
  /// within the budget is handed over, not copied; any other body is copied.
  ///
  /// `response` is borrowed in place (`inout`), never copied out of the scratch that holds it.
  private func makeLibmicrohttpdResponse(
    _ response: inout HTTPResponse, answering state: RequestState, _ request: borrowing HTTPRequest
  ) -> OpaquePointer? {
    let made: OpaquePointer?
    if engine.answer(state, request, into: &response) {
      made = HandedOverBody.response(taking: &response.body)
    } else {
      made = response.body.withUnsafeBytes {
        MHD_create_response_from_buffer(
          $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
      }
    }
    guard let made else { return nil }
    addHeaders(response, state, to: made)
    return made
  }

  /// Adds `response`'s header fields to `made`, and `Connection: close` when the connection ends
  /// after it: its request's framing or body was refused, or the server drains.
  private func addHeaders(_ response: borrowing HTTPResponse, _ state: RequestState, to made: OpaquePointer) {
    if !response.contentType.isEmpty {
      // `withCString` avoids the array a String-to-C-string argument conversion allocates.
      _ = response.contentType.withCString { MHD_add_response_header(made, "Content-Type", $0) }
    }
    if let id = response.requestID, let name = engine.requestIDs?.header {
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
