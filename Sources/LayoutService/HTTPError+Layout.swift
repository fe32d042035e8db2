import HTTPServer
import LayoutCore

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
  var problemName: String {
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
