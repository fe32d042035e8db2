import HTTPServer
import LayoutCore
import LayoutJSON

/// The two computing endpoints as functions from a request body to an answer body: the whole
/// hot path of `POST /avoid` and `POST /caret-follow` without the HTTP around it.
public enum LayoutEndpoint: Sendable, CaseIterable {
  /// `POST /avoid` (SPEC §4).
  case avoid
  /// `POST /caret-follow` (SPEC §5).
  case caretFollow

  /// Decodes and validates `body`, computes the layout and writes the JSON answer into
  /// `answer`, which is emptied first (its capacity is kept).
  ///
  /// Throws the 400 or 422 problem for a body that is not JSON or breaks the contract.
  public func answer(_ body: UnsafeRawBufferPointer, into answer: inout [UInt8]) throws(HTTPError) {
    var writer = JSONWriter(reusing: Self.take(&answer))
    switch self {
    case .avoid:
      let request = try RequestBody.read(body) { try AvoidRequest(validating: $0) }
      writer.value(LayoutCore.avoid(request))
    case .caretFollow:
      let request = try RequestBody.read(body) { try CaretFollowRequest(validating: $0) }
      writer.value(LayoutCore.caretFollow(request))
    }
    answer = writer.bytes
  }

  /// Moves the bytes out of `buffer`, leaving it empty, so the moved buffer is uniquely
  /// referenced and reusing it does not copy.
  private static func take(_ buffer: inout [UInt8]) -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &buffer)
    return taken
  }
}
