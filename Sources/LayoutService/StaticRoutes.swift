import LayoutAssets
import MicroHTTP

extension Router {
  /// Routes `GET path` to the asset `name` (a path relative to `Assets/`, embedded at build
  /// time), served as `contentType` with `headers` and `X-Content-Type-Options: nosniff`; 404
  /// when the build embedded no such file.
  mutating func addAsset(
    _ path: String, file name: String, contentType: String, headers: [HTTPHeader] = []
  ) {
    add(.get, path) { request, response in
      guard let file = Assets.file(named: name) else { throw HTTPError.notFound(path: request.path) }
      response.contentType = contentType
      for header in headers { response.addHeader(header.name, header.value) }
      response.addHeader("X-Content-Type-Options", "nosniff")
      file.withUTF8Buffer { response.write($0) }
    }
  }
}

extension LayoutAPI {
  /// The media type `GET /openapi.yaml` is served with.
  static let openAPIContentType = "application/yaml"

  /// `GET /openapi.yaml`: the OpenAPI 3.1 description of this API, embedded at build time from
  /// the repository's `openapi.yaml`.
  static func openAPI(_ response: inout HTTPResponse) {
    response.contentType = openAPIContentType
    Assets.openAPI.withUTF8Buffer { response.write($0) }
  }

  /// The media type `GET /` is served with: the playground, a self-contained page (embedded at
  /// build time from `Assets/playground.html`) that calls every computing endpoint and draws
  /// the answers.
  static let playgroundContentType = "text/html; charset=utf-8"

  /// What the playground page may load: itself, its inline style and script, `/layoutd.js`,
  /// calls to this service, and the diagrams it fetches as blobs.
  static let playgroundContentSecurityPolicy =
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
    + "img-src 'self' blob: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// The media type `GET /layoutd.js` is served with: the web client module (embedded at build
  /// time from `Assets/layoutd.js`): `avoid`, `caretFollow` and `animateAnswer`, which moves an
  /// element with the answer's easing over its motion's duration.
  static let clientModuleContentType = "text/javascript; charset=utf-8"

  /// The media type `GET /layoutd.d.ts` is served with: the TypeScript declarations of
  /// `/layoutd.js` (embedded at build time from `Assets/layoutd.d.ts`, its types generated from
  /// `openapi.yaml`).
  ///
  /// The one Deno reads as TypeScript (a declaration file, by the path's `.d.ts`). No media type
  /// is registered for TypeScript, and file-extension tables give `.ts` as an MPEG transport
  /// stream (`video/mp2t`).
  static let clientModuleTypesContentType = "application/typescript; charset=utf-8"
}
