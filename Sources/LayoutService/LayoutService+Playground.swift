import HTTPServer
import LayoutAssets

extension LayoutService {
  /// The media type `GET /` is served with.
  static let playgroundContentType = "text/html; charset=utf-8"

  /// What the playground page may load: itself, its inline style and script, calls to this
  /// service, and the diagrams it fetches as blobs.
  static let playgroundContentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
    + "img-src 'self' blob: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// `GET /`: the playground, a self-contained page (embedded at build time from
  /// `Assets/playground.html`) that calls `/avoid` and `/caret-follow` and draws the answers.
  static func playground(
    _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) {
    guard let page = Assets.file(named: "playground.html") else { throw .notFound(path: request.path) }
    response.contentType = playgroundContentType
    response.addHeader("Content-Security-Policy", playgroundContentSecurityPolicy)
    response.addHeader("X-Content-Type-Options", "nosniff")
    page.withUTF8Buffer { response.write($0) }
  }
}
