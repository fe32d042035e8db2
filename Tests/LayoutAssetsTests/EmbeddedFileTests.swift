import Foundation
import LayoutAssets
import Testing

/// The embedded files are the files on disk, byte for byte, and none is missing.
@Suite("Embedded files")
struct EmbeddedFileTests {
  /// The package's top-level folder.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let assetsFolder = packageRoot.appendingPathComponent("Assets", isDirectory: true)

  /// The relative paths of the non-hidden regular files under `Assets/`.
  static func assetNamesOnDisk() throws -> [String] {
    let manager = FileManager.default
    guard manager.fileExists(atPath: assetsFolder.path) else { return [] }
    let prefix = assetsFolder.standardizedFileURL.path + "/"
    let enumerator = try #require(
      manager.enumerator(
        at: assetsFolder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]))
    var names: [String] = []
    for case let url as URL in enumerator
    where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
      names.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
    }
    return names.sorted()
  }

  static func bytes(of string: StaticString) -> [UInt8] {
    string.withUTF8Buffer { Array($0) }
  }

  @Test("openapi.yaml is embedded byte for byte")
  func openAPI() throws {
    let onDisk = try Data(contentsOf: Self.packageRoot.appendingPathComponent("openapi.yaml"))
    #expect(!onDisk.isEmpty)
    #expect(Self.bytes(of: Assets.openAPI) == Array(onDisk))
  }

  @Test("every file under Assets/ is embedded, and nothing else")
  func names() throws {
    #expect(Assets.fileNames == (try Self.assetNamesOnDisk()))
  }

  @Test("every asset is embedded byte for byte")
  func contents() throws {
    for name in try Self.assetNamesOnDisk() {
      let onDisk = try Data(contentsOf: Self.assetsFolder.appendingPathComponent(name))
      let embedded = try #require(Assets.file(named: name), "\(name) is not embedded")
      #expect(Self.bytes(of: embedded) == Array(onDisk), "\(name) differs from the file on disk")
    }
  }

  @Test("a name that is not an asset has no contents")
  func unknownName() {
    #expect(Assets.file(named: "no-such-file.txt") == nil)
    #expect(Assets.file(named: "../openapi.yaml") == nil)
    #expect(Assets.file(named: "") == nil)
  }
}
