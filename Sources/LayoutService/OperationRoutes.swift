import LayoutCore
import MicroHTTP

extension Router {
  /// Routes `Operation`'s four routes: `POST` and the CORS preflight `OPTIONS` on its path and
  /// on its batch path (contract §9), batches within `batches`.
  mutating func add<Operation: LayoutOperation>(
    _ operation: Operation.Type, decoder: RequestDecoder, cors: CORSPolicy, batches: BatchLimits
  ) {
    add(.post, Operation.path) { request, response in
      try Operation.respond(to: request, decoder: decoder, into: &response)
    }
    add(.post, Operation.batchPath, maxBodyBytes: batches.maxBodyBytes) { request, response in
      try Operation.respondToBatch(
        request, decoder: decoder, maxItemBytes: batches.maxItemBytes, into: &response)
    }
    addPreflight(Operation.path, cors)
    addPreflight(Operation.batchPath, cors)
  }

  /// Routes the CORS preflight `OPTIONS` on `path`, answered with the router's `Allow` for the
  /// path: `OPTIONS` is routed first with no answer so that the value names it too. A method
  /// routed on `path` later is not in it.
  private mutating func addPreflight(_ path: String, _ cors: CORSPolicy) {
    add(.options, path) { _, _ in }
    let allow = allowedMethods(for: path) ?? ""
    add(.options, path) { request, response in cors.answerPreflight(request, allow: allow, &response) }
  }
}

extension LayoutOperation {
  /// `POST` on the operation's path: the JSON answer, or the SVG diagram when `Accept` prefers
  /// it (contract §4, §5).
  static func respond(
    to request: borrowing HTTPRequest, decoder: RequestDecoder, into response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request)
    guard request.header(.accept, satisfies: AnswerFormat.prefersSVG) else {
      try request.withBody { (body) throws(HTTPError) in
        try writeAnswer(body, decoder: decoder, into: &response.body)
      }
      return
    }
    let layoutRequest = try request.withBody { (body) throws(HTTPError) in
      try RequestBody.read(body, with: decoder, as: Self.self)
    }
    response.contentType = LayoutService.diagramContentType
    response.write(diagram(layoutRequest, answer(to: layoutRequest)))
  }

  /// `POST` on the batch path (contract §9): always JSON, `Accept` is not consulted. The answer
  /// reports its item count (metrics, access log).
  static func respondToBatch(
    _ request: borrowing HTTPRequest, decoder: RequestDecoder, maxItemBytes: Int,
    into response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request, expecting: "a JSON array of requests")
    response.items = try request.withBody { (body) throws(HTTPError) in
      try answerBatch(body, decoder: decoder, maxItemBytes: maxItemBytes, into: &response)
    }
  }
}

extension LayoutService {
  /// The content type of diagram answers.
  static let diagramContentType = "image/svg+xml"
}
