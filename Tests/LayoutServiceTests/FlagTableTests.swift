import Foundation
import Testing

@testable import LayoutService

/// `LayoutdOptions.flags`: the usage text and the docs read from it, and the docs agree with it.
@Suite("Table of flags")
struct FlagTableTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The lines of the Markdown table in `file` whose header is `header`.
  private func table(in file: String, header: String) throws -> [Substring] {
    let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(file), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: Substring(header)), "no table '\(header)' in \(file)")
    return Array(lines[start...].prefix { $0.hasPrefix("|") })
  }

  /// To renew them: `swift run layoutd --help-markdown`, in place of the synopsis's code block
  /// and the table after it in README.md.
  @Test func theREADMEsSynopsisAndTableAreTheGeneratedOnes() throws {
    let text = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let section = try #require(
      lines.firstIndex(of: "## Configuration"), "no Configuration section in README.md")
    let start = try #require(lines[section...].firstIndex(of: "```"), "no synopsis under Configuration")
    let generated = LayoutdOptions.flagTable.split(separator: "\n", omittingEmptySubsequences: false)
    let written = lines[start...].prefix(generated.count)
    #expect(written.joined(separator: "\n") == LayoutdOptions.flagTable)
    // The table ends where the generated one does.
    #expect(lines.dropFirst(start + generated.count).first?.hasPrefix("|") != true)
  }

  @Test func theSynopsisNamesEveryListedFlagWithItsDefault() {
    let synopsis = LayoutdOptions.synopsis
    let lines = synopsis.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count < 96 })
    #expect(lines.first?.hasPrefix("layoutd [--host 127.0.0.1] [--port 8080] [--threads 0] ") == true)
    #expect(lines.last == "layoutd --health-check [--host 127.0.0.1] [--port 8080]")
    #expect(synopsis.contains("[--cors-origin ORIGIN]..."))
    #expect(synopsis.contains("[--log-format off|text|json]"))
    for flag in LayoutdOptions.flags {
      let shown = synopsis.contains("[\(flag.name)]") || synopsis.contains("[\(flag.name) ")
      #expect(shown == (flag.isListed && !flag.isHealthCheck), "\(flag.name)")
      if case .value(let value)? = flag.statedDefault, !flag.isRepeatable {
        #expect(synopsis.contains("[\(flag.name) \(value)]"), "\(flag.name)")
      }
    }
    #expect(
      LayoutdOptions.usage.hasPrefix(
        """
        usage: layoutd [options]
               layoutd --health-check [--host ADDRESS] [--port N]

        """))
    #expect(
      LayoutdOptions.healthCheckFlags.allSatisfy { name in LayoutdOptions.flags.contains { $0.name == name } }
    )
  }

  /// docs/operations.md's limits are written by hand: each default and variable is the flag's.
  @Test func theLimitsInTheOperationsGuideAreTheFlagsDefaults() throws {
    let rows = try table(in: "docs/operations.md", header: "| setting | default | over it |").dropFirst(2)
    #expect(rows.count == 6)
    for row in rows {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let name = cells[0].filter { $0 != "`" }
      let flag = try #require(LayoutdOptions.flags.first { $0.name == name }, "\(name)")
      guard case .value(let stated) = flag.statedDefault else {
        Issue.record("\(name) has no default value")
        continue
      }
      let number = cells[1].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
      #expect(number == stated, "\(name)")
      for variable in flag.environment {
        #expect(cells[1].contains("env `\(variable)`"), "\(name)")
      }
    }
  }

  @Test func eachFlagAndVariableIsDeclaredOnce() {
    let names = LayoutdOptions.flags.map(\.name)
    let variables = LayoutdOptions.flags.flatMap(\.environment)
    #expect(Set(names).count == names.count)
    #expect(Set(variables).count == variables.count)
  }

  @Test func theUsageHasALineForEachListedFlagWithItsDefaultAndVariables() {
    let lines = LayoutdOptions.usage.split(separator: "\n")
    for flag in LayoutdOptions.flags {
      let line = lines.first { $0.hasPrefix("  \(flag.name) ") || $0 == "  \(flag.name)" }
      #expect((line != nil) == flag.isListed, "\(flag.name)")
    }
    #expect(
      lines.contains(
        "  --port N                       port, 0 for any free one (default 8080; env LAYOUTD_PORT, PORT)"))
    #expect(
      lines.contains(
        "  --log-format off|text|json     access log on stderr (default text on a terminal, else json)"))
    // A help that ends with a line break puts the default and variables on a line of their own.
    #expect(lines.contains("                                 (default 5; env LAYOUTD_DRAIN_DELAY)"))
  }

  @Test func theHiddenFlagPrintsTheTable() throws {
    #expect(try LayoutdOptions.parse(arguments: ["--help-markdown"]) == .flagTable)
    #expect(!LayoutdOptions.usage.contains("--help-markdown"))
    #expect(!LayoutdOptions.flagTable.contains("--help-markdown"))
    #expect(LayoutdOptions.flagTable.hasSuffix(LayoutdOptions.flagRows))
  }
}
