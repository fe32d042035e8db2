import LayoutCore
import LayoutJSON
import MicroHTTP

/// The two computing endpoints as functions from a request body to an answer body: the whole
/// hot path of `POST /avoid` and `POST /caret-follow` without the HTTP around it.
package enum LayoutEndpoint: Sendable, CaseIterable {
  /// `POST /avoid` (contract §4).
  case avoid
  /// `POST /caret-follow` (contract §5).
  case caretFollow

  /// Decodes and validates `body` with `decoder`, computes the layout and writes the JSON
  /// answer into `answer`, which is emptied first (its capacity is kept).
  ///
  /// Throws the 400 or 422 problem for a body that is not JSON or breaks the contract.
  package func answer(
    _ body: UnsafeRawBufferPointer, decoder: RequestDecoder = .fast, into answer: inout [UInt8]
  ) throws(HTTPError) {
    var writer = JSONWriter(reusing: Self.take(&answer))
    switch self {
    case .avoid:
      let request = try RequestBody.read(body, with: decoder) { try AvoidRequest(validating: $0) }
      writer.value(LayoutCore.avoid(request))
    case .caretFollow:
      let request = try RequestBody.read(body, with: decoder) { try CaretFollowRequest(validating: $0) }
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

extension LayoutService {
  /// `POST /avoid`: contract §4; an SVG diagram when `Accept` prefers it.
  static func avoid(
    _ decoder: RequestDecoder, _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request)
    if try answeredWithDiagram(.avoid, decoder, request, &response) { return }
    try LayoutEndpoint.avoid.answer(request.body, decoder: decoder, into: &response.body)
  }

  /// `POST /caret-follow`: contract §5; an SVG diagram when `Accept` prefers it.
  static func caretFollow(
    _ decoder: RequestDecoder, _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request)
    if try answeredWithDiagram(.caretFollow, decoder, request, &response) { return }
    try LayoutEndpoint.caretFollow.answer(request.body, decoder: decoder, into: &response.body)
  }
}

extension HTTPError {
  /// The 422 problem for a request that breaks the layout contract.
  ///
  /// `type` names the broken rule (`urn:layoutd:problem:missing-member`, …) so clients can
  /// branch on it; `pointer` is the JSON Pointer of the offending member.
  init(_ error: LayoutValidationError) {
    self.init(
      status: 422, type: "urn:layoutd:problem:\(error.kind.problemName)", title: error.kind.title,
      detail: error.detail, pointer: error.pointer)
  }

  /// The 415 problem for a body sent as something other than JSON.
  static func unsupportedMediaType(_ contentType: String) -> HTTPError {
    HTTPError(
      status: 415,
      detail: "Content-Type '\(contentType)' is not JSON; send application/json (or text/plain).",
      headers: [HTTPHeader("Accept-Post", "application/json")])
  }
}

extension LayoutValidationError.Kind {
  /// The rule's name in kebab case, as used in problem `type` URIs.
  ///
  /// `invalidValue` is told as `wrong-type`: the contract's list of rules is closed, and only a
  /// decoder that read a body the strict parser refused could report it.
  var problemName: String {
    if self == .invalidValue { return Self.wrongType.problemName }
    var name = ""
    for character in rawValue {
      if character.isUppercase {
        name.append("-")
        name.append(contentsOf: character.lowercased())
      } else {
        name.append(character)
      }
    }
    return name
  }
}
