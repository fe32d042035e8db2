import Foundation
import Testing

/// What a LayoutCore source file may import: the standard library, and the C library (for its
/// math) only as `import Glibc`, `import Musl` or `import Darwin` inside a `#if`/`#elseif
/// canImport(…)` branch of that same module — so that the library builds for the apps it is for.
enum ImportRule {
  /// The C libraries, each imported only where `canImport` finds it.
  static let cLibraries: Set<String> = ["Glibc", "Musl", "Darwin"]

  /// One import the rule forbids.
  struct Violation: Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var text: String

    var description: String { "\(file):\(line): \(text)" }
  }

  /// The module every import of `source` names, with its line, and whether the rule allows it.
  static func imports(in source: String) -> [(line: Int, module: String, allowed: Bool)] {
    var found: [(line: Int, module: String, allowed: Bool)] = []
    // Per open `#if`: the module its current branch is guarded by, when the condition is exactly
    // `canImport(Module)`.
    var guards: [String?] = []
    var inBlockComment = false
    for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var line = rawLine.trimmingCharacters(in: .whitespaces)
      if inBlockComment {
        guard let end = line.range(of: "*/") else { continue }
        line = String(line[end.upperBound...]).trimmingCharacters(in: .whitespaces)
        inBlockComment = false
      }
      if line.hasPrefix("/*") {
        if line.range(of: "*/") == nil { inBlockComment = true }
        continue
      }
      if line.hasPrefix("//") { continue }
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard let first = words.first else { continue }
      switch first {
      case "#if": guards.append(guardedModule(words.dropFirst().joined(separator: " ")))
      case "#elseif":
        if !guards.isEmpty {
          guards[guards.count - 1] = guardedModule(words.dropFirst().joined(separator: " "))
        }
      case "#else": if !guards.isEmpty { guards[guards.count - 1] = nil }
      case "#endif": _ = guards.popLast()
      default:
        // `@preconcurrency import X`, `public import X`, `import struct X.Y`: the word after
        // `import` (and after a declaration kind) names the module.
        guard let position = words.firstIndex(of: "import") else { continue }
        let before = words[..<position]
        guard before.allSatisfy({ $0.hasPrefix("@") || accessLevels.contains($0) }) else { continue }
        var rest = words[(position + 1)...]
        if let kind = rest.first, declarationKinds.contains(kind) { rest = rest.dropFirst() }
        guard let path = rest.first else { continue }
        let module = String(path.split(separator: ".").first ?? "")
        let allowed = module == "Swift" || (cLibraries.contains(module) && guards.last == module)
        found.append((index + 1, module, allowed))
      }
    }
    return found
  }

  /// `Module` for the condition `canImport(Module)`; nil for any other condition.
  static func guardedModule(_ condition: String) -> String? {
    let condition = condition.replacingOccurrences(of: " ", with: "")
    guard condition.hasPrefix("canImport("), condition.hasSuffix(")") else { return nil }
    let module = condition.dropFirst("canImport(".count).dropLast()
    guard !module.isEmpty, module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    return String(module)
  }

  static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
  static let declarationKinds: Set<String> = [
    "struct", "class", "enum", "protocol", "typealias", "func", "var", "let",
  ]

  /// Sources/LayoutCore in this repository.
  static var sourceFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/LayoutCore").standardizedFileURL
  }
}

@Suite("LayoutCore imports the standard library and the C library's math only")
struct ImportTests {
  @Test("every import of every file in Sources/LayoutCore follows the rule")
  func layoutCoreImports() throws {
    let files = try #require(
      FileManager.default.enumerator(at: ImportRule.sourceFolder, includingPropertiesForKeys: nil)
    ).compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    #expect(files.count >= 10, "Sources/LayoutCore: \(files.count) Swift files")
    var violations: [ImportRule.Violation] = []
    var cLibraryImports = 0
    for file in files {
      let source = try String(contentsOf: file, encoding: .utf8)
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
      for found in ImportRule.imports(in: source) {
        if ImportRule.cLibraries.contains(found.module) { cLibraryImports += 1 }
        if !found.allowed {
          violations.append(
            .init(
              file: file.lastPathComponent, line: found.line,
              text: lines[found.line - 1].trimmingCharacters(in: .whitespaces)))
        }
      }
    }
    #expect(violations.isEmpty, "\(violations)")
    // Motion.swift imports the math of each C library: the files were really read.
    #expect(cLibraryImports >= 3)
  }

  @Test("the rule allows the guarded C libraries and refuses anything else")
  func ruleItself() {
    func allowed(_ source: String) -> [Bool] { ImportRule.imports(in: source).map(\.allowed) }
    let guarded = """
      #if canImport(Glibc)
        import Glibc
      #elseif canImport(Musl)
        @preconcurrency import Musl
      #elseif canImport( Darwin )
        import Darwin
      #endif
      import Swift
      """
    #expect(allowed(guarded) == [true, true, true, true])
    #expect(allowed("import Foundation") == [false])
    #expect(allowed("@_exported import FoundationEssentials") == [false])
    #expect(allowed("internal import Synchronization") == [false])
    #expect(allowed("import struct Foundation.Date") == [false])
    // A C library imported without its guard, under another module's guard, or in an `#else`.
    #expect(allowed("import Glibc") == [false])
    #expect(allowed("#if canImport(Glibc)\nimport Darwin\n#endif") == [false])
    #expect(allowed("#if canImport(Glibc)\nimport Glibc\n#else\nimport Darwin\n#endif") == [true, false])
    #expect(allowed("#if canImport(Glibc) || os(Linux)\nimport Glibc\n#endif") == [false])
    #expect(allowed("#if canImport(Glibc)\n#endif\nimport Glibc") == [false])
    // Comments are not imports.
    #expect(allowed("// import Foundation\n/* import Foundation\nimport Foundation */").isEmpty)
  }
}
