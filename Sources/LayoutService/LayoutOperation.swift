import LayoutCore
import LayoutDiagram
import LayoutJSON
import MicroHTTP

/// One computing endpoint of the contract, as a type: its path, its request and answer models,
/// how a request is read and validated, the computation and the diagram.
///
/// Everything HTTP about an endpoint is generic over this: the single route and its SVG answer
/// (`OperationRoutes`), the batch route (contract §9), the CORS preflights, the metrics labels
/// (one per route the router has). Adding an endpoint is one conformance and one line in the
/// `RouteTable` (`RouteTable.swift`) that routes it.
package protocol LayoutOperation: Sendable {
  /// The request model (LayoutCore), `Decodable` for the Foundation decoder.
  associatedtype Request: Decodable
  /// The answer model (LayoutCore), written as JSON.
  associatedtype Answer: AnswerObject

  /// The single route's path, e.g. `/avoid`; the batch route is this followed by `/batch`.
  static var path: String { get }

  /// Reads and validates one request from a parsed body or a body read in one pass
  /// (`JSONRecord`): the model's own `init(validating:)`, which holds every contract rule.
  /// (Generic over the container, never an existential, so that the model's validation is
  /// specialized for each.)
  static func request<Container: LayoutDecodingContainer>(validating container: Container) throws -> Request

  /// The answer to a valid request: the core's computation.
  static func answer(to request: Request) -> Answer

  /// The SVG picture of `answer`, before and after, to scale.
  static func diagram(_ request: Request, _ answer: Answer) -> String
}

extension LayoutOperation {
  /// The batch route's path: contract §9.
  package static var batchPath: String { path + "/batch" }
}

/// `POST /avoid` (contract §4): translate, scroll or resize.
package enum AvoidOperation: LayoutOperation {
  package static let path = "/avoid"

  @inline(__always)
  package static func request<Container: LayoutDecodingContainer>(
    validating container: Container
  ) throws -> AvoidRequest {
    try AvoidRequest(validating: container)
  }

  @inline(__always)
  package static func answer(to request: AvoidRequest) -> AvoidAnswer {
    avoid(request)
  }

  package static func diagram(_ request: AvoidRequest, _ answer: AvoidAnswer) -> String {
    Diagram.svg(request, answer)
  }
}

/// `POST /caret-follow` (contract §5): keep a text view's caret visible while typing.
package enum CaretFollowOperation: LayoutOperation {
  package static let path = "/caret-follow"

  @inline(__always)
  package static func request<Container: LayoutDecodingContainer>(
    validating container: Container
  ) throws -> CaretFollowRequest {
    try CaretFollowRequest(validating: container)
  }

  @inline(__always)
  package static func answer(to request: CaretFollowRequest) -> CaretFollowAnswer {
    caretFollow(request)
  }

  package static func diagram(_ request: CaretFollowRequest, _ answer: CaretFollowAnswer) -> String {
    Diagram.svg(request, answer)
  }
}

/// `POST /chat` (contract §12): a message list and its composer riding on the keyboard.
package enum ChatOperation: LayoutOperation {
  package static let path = "/chat"

  @inline(__always)
  package static func request<Container: LayoutDecodingContainer>(
    validating container: Container
  ) throws -> ChatRequest {
    try ChatRequest(validating: container)
  }

  @inline(__always)
  package static func answer(to request: ChatRequest) -> ChatAnswer {
    chat(request)
  }

  package static func diagram(_ request: ChatRequest, _ answer: ChatAnswer) -> String {
    Diagram.svg(request, answer)
  }
}

/// `POST /sheet` (contract §14): a bottom sheet riding on the keyboard, its field revealed.
package enum SheetOperation: LayoutOperation {
  package static let path = "/sheet"

  @inline(__always)
  package static func request<Container: LayoutDecodingContainer>(
    validating container: Container
  ) throws -> SheetRequest {
    try SheetRequest(validating: container)
  }

  @inline(__always)
  package static func answer(to request: SheetRequest) -> SheetAnswer {
    sheet(request)
  }

  package static func diagram(_ request: SheetRequest, _ answer: SheetAnswer) -> String {
    Diagram.svg(request, answer)
  }
}

extension LayoutOperation {
  /// Decodes and validates `body` with `decoder`, computes the answer and writes it as JSON
  /// into `answer`, which is emptied first (its capacity is kept): the whole work of the single
  /// route without the HTTP around it.
  ///
  /// Throws the 400 or 422 problem for a body that is not JSON or breaks the contract.
  package static func writeAnswer(
    _ body: UnsafeRawBufferPointer, decoder: RequestDecoder = .fast, into answer: inout [UInt8]
  ) throws(HTTPError) {
    let request = try RequestBody.read(body, with: decoder, as: Self.self)
    // Tested first: the server hands an empty body, and emptying an array is a call.
    if !answer.isEmpty { answer.removeAll(keepingCapacity: true) }
    JSONWriter.withThreadWriter { writer in
      writer.object(Self.answer(to: request))
      writer.withBytes { answer.append(contentsOf: $0) }
    }
  }
}
