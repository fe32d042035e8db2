import LayoutCore
import MicroHTTP

extension Router {
  /// Routes `POST` on `operation`'s path and on its batch path (contract §9), batches within
  /// `batches`.
  mutating func add<Request>(
    _ operation: LayoutOperation<Request>, decoder: RequestDecoder, batches: BatchLimits
  ) {
    add(.post, operation.path) { request, response in
      try LayoutOperation<Request>.respond(to: request, decoder: decoder, into: &response)
    }
    add(.post, operation.batchPath, maxBodyBytes: batches.maxBodyBytes) { request, response in
      try LayoutOperation<Request>.respondToBatch(
        request, decoder: decoder, maxItemBytes: batches.maxItemBytes, into: &response)
    }
  }
}

extension LayoutOperation {
  /// `POST` on the operation's path: the JSON answer, or the SVG diagram when `Accept` prefers
  /// it (contract §4, §5).
  static func respond(
    to request: borrowing HTTPRequest, decoder: RequestDecoder, into response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request)
    guard AnswerFormat.preferred(by: request) == .svg else {
      try request.withBody { (body) throws(HTTPError) in
        try writeAnswer(body, decoder: decoder, into: &response.body)
      }
      return
    }
    let layoutRequest = try request.withBody { (body) throws(HTTPError) in
      try RequestBody.read(body, with: decoder, as: Request.self)
    }
    response.contentType = LayoutAPI.diagramContentType
    response.write(layoutRequest.diagram(of: answer(to: layoutRequest)))
  }

  /// `POST` on the batch path (contract §9): always JSON, `Accept` is not consulted. The answer
  /// notes its item count (`LayoutAPI.batchItemsNote`, for the metrics and the access log).
  static func respondToBatch(
    _ request: borrowing HTTPRequest, decoder: RequestDecoder, maxItemBytes: Int,
    into response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request, expecting: "a JSON array of requests")
    let items = try request.withBody { (body) throws(HTTPError) in
      try answerBatch(body, decoder: decoder, maxItemBytes: maxItemBytes, into: &response)
    }
    response.notes.note(LayoutAPI.batchItemsNote, .count(items))
  }
}

extension LayoutAPI {
  /// The content type of diagram answers.
  static let diagramContentType = "image/svg+xml"

  /// The note a batch's answer carries: how many items it answered (contract §9).
  static let batchItemsNote: StaticString = "items"
}
