import HTTPServer
import LayoutAssets

extension LayoutService {
  /// The media type `GET /openapi.yaml` is served with.
  static let openAPIContentType = "application/yaml"

  /// `GET /openapi.yaml`: the OpenAPI 3.1 description of this API, embedded at build time from
  /// the repository's `openapi.yaml`.
  static func openAPI(_ request: borrowing HTTPRequest, _ response: inout HTTPResponse) {
    response.contentType = openAPIContentType
    Assets.openAPI.withUTF8Buffer { response.write($0) }
  }
}
