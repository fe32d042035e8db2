import HTTPServer

extension LayoutService {
  /// `POST /avoid`: SPEC §4; an SVG diagram when `Accept` prefers it.
  static func avoid(_ request: borrowing HTTPRequest, _ response: inout HTTPResponse) throws(HTTPError) {
    try RequestBody.check(request)
    if try answeredWithDiagram(.avoid, request, &response) { return }
    try LayoutEndpoint.avoid.answer(request.body, into: &response.body)
  }

  /// `POST /caret-follow`: SPEC §5; an SVG diagram when `Accept` prefers it.
  static func caretFollow(
    _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request)
    if try answeredWithDiagram(.caretFollow, request, &response) { return }
    try LayoutEndpoint.caretFollow.answer(request.body, into: &response.body)
  }
}
