import LayoutAssets
import MicroHTTP

extension Router {
  /// Routes the files layoutd serves: `GET /` (the playground), `/layoutd.js`, its TypeScript
  /// declarations `/layoutd.d.ts`, and `/openapi.yaml`.
  mutating func addStaticFiles() {
    add(.get, "/") { request, response in try LayoutService.playground(request, &response) }
    add(.get, "/layoutd.js") { request, response in try LayoutService.clientModule(request, &response) }
    add(.get, "/layoutd.d.ts") { request, response in try LayoutService.clientModuleTypes(request, &response)
    }
    add(.get, "/openapi.yaml") { request, response in LayoutService.openAPI(request, &response) }
  }
}

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

extension LayoutService {
  /// The media type `GET /` is served with.
  static let playgroundContentType = "text/html; charset=utf-8"

  /// What the playground page may load: itself, its inline style and script, `/layoutd.js`,
  /// calls to this service, and the diagrams it fetches as blobs.
  static let playgroundContentSecurityPolicy =
    "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
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

extension LayoutService {
  /// The media type `GET /layoutd.js` is served with.
  static let clientModuleContentType = "text/javascript; charset=utf-8"

  /// `GET /layoutd.js`: the web client module (embedded at build time from `Assets/layoutd.js`):
  /// `avoid`, `caretFollow` and `animateAnswer`, which moves an element with the answer's easing
  /// over its motion's duration.
  static func clientModule(
    _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) {
    guard let module = Assets.file(named: "layoutd.js") else { throw .notFound(path: request.path) }
    response.contentType = clientModuleContentType
    response.addHeader("X-Content-Type-Options", "nosniff")
    module.withUTF8Buffer { response.write($0) }
  }
}

extension LayoutService {
  /// The media type `GET /layoutd.d.ts` is served with: the one Deno reads as TypeScript (a
  /// declaration file, by the path's `.d.ts`). No media type is registered for TypeScript, and
  /// file-extension tables give `.ts` as an MPEG transport stream (`video/mp2t`).
  static let clientModuleTypesContentType = "application/typescript; charset=utf-8"

  /// `GET /layoutd.d.ts`: the TypeScript declarations of `/layoutd.js` (embedded at build time
  /// from `Assets/layoutd.d.ts`, its types generated from `openapi.yaml`).
  static func clientModuleTypes(
    _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) {
    guard let types = Assets.file(named: "layoutd.d.ts") else { throw .notFound(path: request.path) }
    response.contentType = clientModuleTypesContentType
    response.addHeader("X-Content-Type-Options", "nosniff")
    types.withUTF8Buffer { response.write($0) }
  }
}
