extension LayoutdOptions {
  /// The text `layoutd --help` prints.
  package static let usage = """
    usage: layoutd [options]
           \(healthCheckSynopsis(showingDefaults: false))

    Keyboard-avoidance layout over HTTP: \(LayoutAPI.operationPaths.map { "POST \($0)" }.joined(separator: ", ")),
    and their /batch routes.

    options:
    \(flags.filter(\.isListed).map(usageLines).joined(separator: "\n"))

    A second SIGTERM or SIGINT during the drain ends layoutd at once (exit status 128 + signal).
    """

  /// README.md's synopsis and table of flags, which `layoutd --help-markdown` prints: the
  /// synopsis as a code block, then the table.
  package static let flagTable = "```\n\(synopsis)\n```\n\n\(flagRows)"

  /// README.md's synopsis: `layoutd` with every listed flag and its default, then `layoutd
  /// --health-check` with the flags it reads, wrapped before `synopsisWidth` columns.
  static let synopsis =
    wrapped(
      ["layoutd"]
        + flags.filter { $0.isListed && !$0.isHealthCheck }.map { synopsisWord($0, showingDefault: true) })
    + "\n" + healthCheckSynopsis(showingDefaults: true)

  /// README.md's table of flags: the header, then a row per listed flag.
  static let flagRows =
    ([
      "| flag | environment | default | meaning |",
      "|---|---|---|---|",
    ]
    + flags.filter(\.isListed).map { flag in
      tableRow([
        "`\(flag.name)`",
        flag.environment.map { "`\($0)`" }.joined(separator: ", "),
        flag.statedDefault.map(markdown) ?? "",
        flag.documentation,
      ])
    }).joined(separator: "\n")

  /// Where each flag's explanation starts in the usage text.
  private static let helpColumn = 33
  /// The synopsis's lines end before this column.
  private static let synopsisWidth = 96

  /// `layoutd --health-check` and the flags it reads, each with its default or, when
  /// `showingDefaults` is false, what it takes.
  private static func healthCheckSynopsis(showingDefaults: Bool) -> String {
    let reads = flags.filter { healthCheckFlags.contains($0.name) }
    let health = flags.filter(\.isHealthCheck).map(\.name)
    return (["layoutd"] + health + reads.map { synopsisWord($0, showingDefault: showingDefaults) })
      .joined(separator: " ")
  }

  /// A flag as the synopsis shows it, in brackets: `[--port 8080]` with its default, when it
  /// states one as a value and `showingDefault`, else `[--port N]`; `[--cors-origin ORIGIN]...`
  /// when it repeats; `[--help]` when it takes no value.
  private static func synopsisWord(_ flag: LayoutdFlag, showingDefault: Bool) -> String {
    guard let valueName = flag.valueName else { return "[\(flag.name)]" }
    if showingDefault, !flag.isRepeatable, case .value(let value)? = flag.statedDefault {
      return "[\(flag.name) \(value)]"
    }
    return "[\(flag.name) \(valueName)]" + (flag.isRepeatable ? "..." : "")
  }

  /// `words` joined by spaces into lines shorter than `synopsisWidth`, each after the first
  /// indented under the second word.
  private static func wrapped(_ words: [String]) -> String {
    let indent = String(repeating: " ", count: words[0].count + 1)
    var lines = [words[0]]
    for word in words.dropFirst() {
      if lines[lines.count - 1].count + 1 + word.count < synopsisWidth {
        lines[lines.count - 1] += " " + word
      } else {
        lines.append(indent + word)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A flag's lines in the usage text: its name and value, then its help, which ends with its
  /// default and variables, on a line of their own after a help that ends with `\n`.
  private static func usageLines(_ flag: LayoutdFlag) -> String {
    var lines = flag.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let notes = [flag.statedDefault.map { "default \(text($0))" }, environmentNote(flag)].compactMap(\.self)
    if !notes.isEmpty {
      let note = "(\(notes.joined(separator: "; ")))"
      lines[lines.count - 1] += lines[lines.count - 1].isEmpty ? note : " \(note)"
    }
    let synopsis = "  \(flag.name)" + (flag.valueName.map { " \($0)" } ?? "")
    let padding = String(repeating: " ", count: max(1, helpColumn - synopsis.count))
    let indent = String(repeating: " ", count: helpColumn)
    return ([synopsis + padding + lines[0]] + lines.dropFirst().map { indent + $0 })
      .joined(separator: "\n")
  }

  /// `env` and the flag's variables, or `nil` when it has none.
  private static func environmentNote(_ flag: LayoutdFlag) -> String? {
    flag.environment.isEmpty ? nil : "env " + flag.environment.joined(separator: ", ")
  }

  /// A table row of `cells`, an empty one a single space wide.
  private static func tableRow(_ cells: [String]) -> String {
    "|" + cells.map { $0.isEmpty ? " " : " \($0) " }.joined(separator: "|") + "|"
  }

  /// A default as the usage text states it.
  private static func text(_ value: LayoutdFlag.Default) -> String {
    switch value {
    case .value(let text): text
    case .described(let text): text.filter { $0 != "`" }
    }
  }

  /// A default as README.md states it: a value in code style.
  private static func markdown(_ value: LayoutdFlag.Default) -> String {
    switch value {
    case .value(let text): "`\(text)`"
    case .described(let text): text
    }
  }
}
