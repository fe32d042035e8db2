import LayoutCore
import LayoutDiagram
import LayoutJSON
import MicroHTTP

/// One computing endpoint of the contract: its path and its request type, which names everything
/// else (its answer, its validation, its formulas and its diagram, all in LayoutCore and
/// LayoutDiagram).
///
/// Everything HTTP about an endpoint is generic over this: the single route and its SVG answer
/// (`OperationRoutes`), the batch route (contract §9), the CORS preflights and the metrics labels
/// (one per route the router has). Adding an endpoint is one line in the `RouteTable` that routes
/// it: `addOperation(MyRequest.self, at: "/my-path", decoder: decoder, batches: batches)`.
package struct LayoutOperation<Request: DiagramDrawable>: AnyLayoutOperation {
  /// The single route's path, e.g. `/avoid`; the batch route is this followed by `/batch`.
  package let path: String

  /// The endpoint of `Request` at `path`.
  package init(_ request: Request.Type, at path: String) {
    self.path = path
  }

  package var requestType: any DiagramDrawable.Type { Request.self }

  /// Reads and validates one request from a parsed body or a body read in one pass
  /// (`JSONRecord`): the model's own `init(validating:)`, which holds every contract rule.
  /// (Generic over the container, never an existential, so that the model's validation is
  /// specialized for each.)
  @inline(__always)
  package static func request<Container: LayoutDecodingContainer>(
    validating container: Container
  ) throws
    -> Request
  {
    try Request(validating: container)
  }

  /// The answer to a valid request: the core's computation.
  @inline(__always)
  package static func answer(to request: Request) -> Request.Answer {
    request.answer()
  }

  /// Decodes and validates `body` with `decoder`, computes the answer and writes it as JSON
  /// into `answer`, which is emptied first (its capacity is kept): the whole work of the single
  /// route without the HTTP around it.
  ///
  /// Throws the 400 or 422 problem for a body that is not JSON or breaks the contract.
  package static func writeAnswer(
    _ body: UnsafeRawBufferPointer, decoder: RequestDecoder = .fast, into answer: inout [UInt8]
  ) throws(HTTPError) {
    let request = try RequestBody.read(body, with: decoder, as: Request.self)
    // Tested first: the server hands an empty body, and emptying an array is a call.
    if !answer.isEmpty { answer.removeAll(keepingCapacity: true) }
    var layout = Self.answer(to: request)
    JSONWriter.withThreadWriter { writer in
      writer.object(&layout)
      writer.withBytes { answer.append(contentsOf: $0) }
    }
  }

  package func writeAnswer(
    _ body: UnsafeRawBufferPointer, decoder: RequestDecoder, into answer: inout [UInt8]
  ) throws(HTTPError) {
    try Self.writeAnswer(body, decoder: decoder, into: &answer)
  }
}

/// A computing endpoint whatever its request type: what lists of endpoints (the route table's, the
/// fuzzer's, the tests') hold.
package protocol AnyLayoutOperation: Sendable {
  /// The single route's path, e.g. `/avoid`.
  var path: String { get }
  /// The endpoint's request type, which names its answer.
  var requestType: any DiagramDrawable.Type { get }

  /// `LayoutOperation.writeAnswer(_:decoder:into:)`: the single route's answer to `body`.
  func writeAnswer(
    _ body: UnsafeRawBufferPointer, decoder: RequestDecoder, into answer: inout [UInt8]
  ) throws(HTTPError)
}

extension AnyLayoutOperation {
  /// The batch route's path: contract §9.
  package var batchPath: String { path + "/batch" }
}
