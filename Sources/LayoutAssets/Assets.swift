/// Files embedded in the binary at build time: `openapi.yaml` and everything under the
/// package's `Assets/` folder, byte for byte.
package enum Assets {
  /// The OpenAPI 3.1 description of the layoutd API (`openapi.yaml`).
  package static var openAPI: StaticString { EmbeddedFiles.openAPI }

  /// The path, relative to `Assets/`, of every embedded asset, sorted.
  package static var fileNames: [String] { EmbeddedFiles.names }

  /// The contents of the asset at `name` (a path relative to `Assets/`, such as
  /// `playground.html`), or `nil` when there is none.
  package static func file(named name: String) -> StaticString? {
    EmbeddedFiles.file(named: name)
  }
}
