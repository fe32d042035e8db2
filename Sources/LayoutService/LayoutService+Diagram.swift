import HTTPServer
import LayoutCore
import LayoutDiagram

extension LayoutService {
  /// The content type of diagram answers.
  static let diagramContentType = "image/svg+xml"

  /// Answers `endpoint` with its SVG diagram when the request's `Accept` prefers SVG to JSON,
  /// and returns whether it did. Either way the answer varies with `Accept`.
  static func answeredWithDiagram(
    _ endpoint: LayoutEndpoint, _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) -> Bool {
    response.addHeader("Vary", "Accept")
    guard AnswerFormat(accept: request.header("Accept")) == .svg else { return false }
    let svg: String
    switch endpoint {
    case .avoid:
      let layoutRequest = try RequestBody.read(request.body) { try AvoidRequest(validating: $0) }
      svg = Diagram.svg(layoutRequest, LayoutCore.avoid(layoutRequest))
    case .caretFollow:
      let layoutRequest = try RequestBody.read(request.body) { try CaretFollowRequest(validating: $0) }
      svg = Diagram.svg(layoutRequest, LayoutCore.caretFollow(layoutRequest))
    }
    response.contentType = diagramContentType
    response.write(svg)
    return true
  }
}
