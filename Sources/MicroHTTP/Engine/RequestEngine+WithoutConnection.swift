/// The engine driven without a connection: what tests and the fuzzer call to be answered as a
/// client of the server is.
extension RequestEngine {
  /// Answers `request` through the stages a connection's request passes: its route and body
  /// limit, the stages that answer before the body, the body budget (503), the chain of middleware
  /// around the handler or problem, the request id, `HEAD` (headers kept, body dropped), and the
  /// observers told that it ended.
  ///
  /// The answer is the server's, bytes and headers, `Connection: close` included when the
  /// request's framing or body closes the connection after it. What only a connection adds is
  /// absent: `Date` and `Content-Length`, `Connection: close` on every answer of a draining
  /// server, and the answers libmicrohttpd gives by itself (414, 431, 505). A body over the
  /// route's limit is answered 413 without being read, as the server answers one it drops. The
  /// request's fields are read as a connection's framing keeps them (a coding in any
  /// `Content-Encoding` field counts); the checks of the framing itself (`Content-Length`,
  /// `Transfer-Encoding`, `Host`, the request line) belong to a connection and are not made.
  package func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
    let state = RequestState()
    state.method = request.method
    state.path = request.path
    state.contentLength = request.bodyCount
    var response = HTTPResponse()
    let admission = admit(state, headers: request)
    // A body the server reads is counted whether it is kept or dropped.
    if admission == .readBody { state.bytesIn = request.bodyCount }
    if admission == .readBody, !state.isAnsweredByProblem {
      answer(state, request, into: &response)
    } else {
      answer(state, request.withoutBody(), into: &response)
    }
    if let requestIDs, let id = response.requestID { response.addHeader(requestIDs.header, id.description) }
    if state.closesConnection { response.addHeader("Connection", "close") }
    if request.method == .head { response.body.removeAll() }
    end(state, completed: true)
    return response
  }
}
