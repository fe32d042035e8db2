import LayoutCore
import LayoutJSON
import MicroHTTP

// The service's problem catalogue (contract §7, §9): every problem layoutd answers besides the
// HTTP server's own (MicroHTTP's `HTTPError` catalogue: 404, 405, 413, 503 for the body budget,
// framing). Limits in messages come from the constants the rules check.

extension HTTPError {
  /// `400` for a request without a body; `expecting` names what it should hold.
  static func emptyBody(expecting: String) -> HTTPError {
    HTTPError(status: 400, title: "Empty body", detail: "The request has no body; send \(expecting).")
  }

  /// `400` for a body that is not JSON text, saying where it broke.
  static func notJSON(_ error: JSONSyntaxError) -> HTTPError {
    HTTPError(status: 400, title: "Body is not JSON", detail: "The body is not JSON: \(error).")
  }

  /// `415` for a body sent as something other than JSON.
  static func unsupportedMediaType(_ contentType: String) -> HTTPError {
    HTTPError(
      status: 415,
      detail: "Content-Type '\(contentType)' is not JSON; send application/json (or text/plain).",
      headers: [HTTPHeader("Accept-Post", "application/json")])
  }

  /// `415` for a body sent with a content coding (RFC 9110 §8.4): bodies are read as sent.
  static func unsupportedContentCoding(_ coding: String) -> HTTPError {
    HTTPError(
      status: 415,
      detail: "Content-Encoding '\(coding)' is not supported; send the body without a content coding.",
      headers: [HTTPHeader("Accept-Post", "application/json"), HTTPHeader("Accept-Encoding", "identity")])
  }

  /// `500` for `--decoder foundation` in a build without Foundation.
  static let foundationDecoderUnavailable = HTTPError(
    status: 500, detail: "This build of layoutd has no Foundation decoder.")

  /// The 422 problem for a request that breaks the layout contract.
  ///
  /// `type` names the broken rule (`urn:layoutd:problem:missing-member`, …) so clients can
  /// branch on it; `pointer` is the JSON Pointer of the offending member.
  init(_ error: LayoutValidationError) {
    self.init(
      status: 422, type: Self.problemTypePrefix + error.kind.problemName, title: error.kind.title,
      detail: error.detail, pointer: error.pointer)
  }

  /// What every 422 `type` starts with: `urn:layoutd:problem:` (contract §10).
  static let problemTypePrefix = "urn:layoutd:problem:"

  /// The problem answer for an error thrown while reading a body: not JSON (400), a repeated
  /// member name or a broken rule (422), or a decoder this build lacks (500).
  init(readingBodyFailedWith error: any Error) {
    switch error {
    case let error as HTTPError: self = error
    case let error as JSONSyntaxError: self = .notJSON(error)
    case let error as JSONDuplicateMemberError:
      self.init(LayoutValidationError.duplicateMember(at: error.codingPath))
    case let error as LayoutValidationError: self.init(error)
    case let error as DecodingError: self.init(LayoutValidationError(error))
    case is RequestDecoder.Unavailable: self = .foundationDecoderUnavailable
    default: self.init(status: 400, detail: "The body could not be read: \(error).")
    }
  }
}

// Batches (contract §9).
extension HTTPError {
  /// The 422 for a batch body that is valid JSON but not an array.
  static let batchNotAnArray = HTTPError(
    LayoutValidationError(
      kind: .wrongType, pointer: "", detail: "A batch body must be a JSON array of requests."))

  /// The 422 for a batch of more than `Batch.maxItems` requests.
  static func batchTooLarge(_ count: Int) -> HTTPError {
    HTTPError(
      LayoutValidationError(
        kind: .tooMany, pointer: "", detail: "A batch holds at most \(Batch.maxItems) requests, got \(count)."
      ))
  }

  /// The problem element for batch item `offset` when it is not an object.
  static func batchItemNotAnObject(_ offset: Int) -> HTTPError {
    HTTPError(
      LayoutValidationError(
        kind: .wrongType, pointer: JSONPointer.pointer("", inElement: offset),
        detail: "Item \(offset) must be an object (a request)."))
  }

  /// This problem of a single request as the problem of batch item `offset`: its pointer is
  /// prefixed by `/offset`, everything else stays.
  func item(_ offset: Int) -> HTTPError {
    var problem = self
    problem.pointer = JSONPointer.pointer(pointer ?? "", inElement: offset)
    return problem
  }
}

// Operations.
extension HTTPError {
  /// The 503 `GET /readyz` answers while the instance drains.
  static let draining = HTTPError(
    status: 503, type: "about:blank", title: "Draining",
    detail: "This instance is shutting down; send requests to another one.")
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
