import HTTPServer
import LayoutCore
import LayoutJSON

extension LayoutService {
  /// `POST /avoid`: SPEC §4.
  static func avoid(_ request: borrowing HTTPRequest, _ response: inout HTTPResponse) throws(HTTPError) {
    let layoutRequest = try RequestBody.decode(AvoidRequest.self, from: request)
    response.writeJSON(LayoutCore.avoid(layoutRequest))
  }

  /// `POST /caret-follow`: SPEC §5.
  static func caretFollow(
    _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) {
    let layoutRequest = try RequestBody.decode(CaretFollowRequest.self, from: request)
    response.writeJSON(LayoutCore.caretFollow(layoutRequest))
  }
}
