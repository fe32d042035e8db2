/// The one request pipeline: route (404, 405), handler, problem rendering, request id, then every
/// middleware, in that order.
///
/// The libmicrohttpd callbacks answer through it, and so do tests and the fuzzer without a
/// connection (`respond(to:)`): what they get is what the server sends, headers included, but for
/// what belongs to the connection (`Content-Length`, `Date`, `Connection: close`).
package struct Responder: Sendable {
  /// The routes.
  package let router: Router
  /// The stages every answer passes through, in order.
  package let middleware: [any HTTPMiddleware]
  /// Where request ids come from, when the server assigns them.
  let requestIDs: RequestIDs?

  /// A pipeline over `router` and `middleware`; with `requestIDs`, every answer carries its id.
  package init(router: Router, middleware: [any HTTPMiddleware] = [], requestIDs: RequestIDs? = nil) {
    self.router = router
    self.middleware = middleware
    self.requestIDs = requestIDs
  }

  /// Answers `request` without a connection, exactly as the server answers it (a `HEAD` answer
  /// keeps its headers and drops its body, as the server's does).
  package func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
    var response = HTTPResponse()
    let decision = router.decision(for: request.method, path: request.path)
    respond(to: request, decision.answer, requestID: requestID(for: request), into: &response)
    if let requestIDs, let id = response.requestID { response.addHeader(requestIDs.header, id.description) }
    if request.method == .head { response.body.removeAll() }
    return response
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

  /// Answers `request` as `answer` says, into `response` (which must be empty): runs the handler
  /// or renders the problem, turns a thrown non-problem error or a status outside 200…599 into a
  /// 500, adds the request id, then lets every middleware prepare the answer.
  func respond(
    to request: borrowing HTTPRequest, _ answer: RouteDecision.Answer, requestID: RequestID?,
    into response: inout HTTPResponse
  ) {
    switch answer {
    case .handler(let handler):
      do {
        try handler(request, &response)
        if !(200...599).contains(response.status) { HTTPError.internalServerError.render(into: &response) }
      } catch let error as HTTPError {
        error.render(into: &response)
      } catch {
        HTTPError.internalServerError.render(into: &response)
      }
    case .problem(let problem):
      problem.render(into: &response)
    }
    response.requestID = requestID
    for stage in middleware { stage.prepare(&response, for: request) }
  }
}

/// How a server names and issues request ids.
///
/// A class: the pipeline reads it on every request, and a reference costs one retain to copy
/// where a struct holding a string costs several.
package final class RequestIDs: Sendable {
  /// The header that carries a request's id, in both directions.
  package let header: String
  /// `header`, when the framing pass keeps it (as it keeps `X-Request-Id`).
  let knownHeader: KnownHeaders.Name?
  let source: RequestIDSource

  /// Ids in `header`: the client's own when it is 1 to 128 characters of visible ASCII, else a
  /// new one (32 hex digits).
  package init(header: String = HTTPHeader.requestIDName.description) {
    self.header = header
    self.knownHeader = KnownHeaders.Name(header)
    self.source = RequestIDSource()
  }
}
