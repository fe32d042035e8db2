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

  /// To renew it: `swift run layoutd --help-markdown`, in place of the table in README.md.
  @Test func theREADMEsTableIsTheGeneratedOne() throws {
    let table = try table(in: "README.md", header: "| flag | environment | default | meaning |")
    #expect(table.joined(separator: "\n") == LayoutdOptions.flagTable)
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
  }
}
