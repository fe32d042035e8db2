import Foundation
import PackagePlugin

/// Embeds the package's `openapi.yaml` and every file under its top-level `Assets/` folder into
/// the target as a generated Swift source (`EmbeddedAssets.swift`).
///
/// Every embedded file is an input of the build command, so editing one regenerates the source.
/// The folder is listed whenever SwiftPM plans the build; the target reaches `Assets/` through a
/// symlink in its own folder, which SwiftPM watches, so adding or removing an asset re-plans it.
@main
struct EmbedAssets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let openAPI = root.appending(path: "openapi.yaml")
    let assets = try assetFiles(under: root.appending(path: "Assets", directoryHint: .isDirectory))
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
    var arguments = [output.path(percentEncoded: false), openAPI.path(percentEncoded: false)]
    for asset in assets {
      arguments += [asset.name, asset.url.path(percentEncoded: false)]
    }
    return [
      .buildCommand(
        displayName: "Embedding openapi.yaml and \(assets.count) assets into \(target.name)",
        executable: try context.tool(named: "EmbedAssetsTool").url,
        arguments: arguments,
        inputFiles: [openAPI] + assets.map(\.url),
        outputFiles: [output])
    ]
  }

  /// The regular files under `folder`, named by their path relative to it, sorted by name.
  /// Hidden files (a name starting with `.`) are left out; a missing folder has no files.
  private func assetFiles(under folder: URL) throws -> [(name: String, url: URL)] {
    let manager = FileManager.default
    guard manager.fileExists(atPath: folder.path(percentEncoded: false)) else { return [] }
    guard
      let enumerator = manager.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey],
        options: [.skipsHiddenFiles])
    else { return [] }
    let prefix = folder.standardizedFileURL.path(percentEncoded: false)
    var files: [(name: String, url: URL)] = []
    for case let url as URL in enumerator {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      let path = url.standardizedFileURL.path(percentEncoded: false)
      var name = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent
      while name.hasPrefix("/") { name.removeFirst() }
      files.append((name, url))
    }
    return files.sorted { $0.name < $1.name }
  }
}
