extension LayoutdOptions {
  /// The text `layoutd --help` prints.
  package static let usage = """
    usage: layoutd [options]
           layoutd --health-check [--host ADDRESS] [--port N]

    Keyboard-avoidance layout over HTTP: \(LayoutAPI.operationPaths.map { "POST \($0)" }.joined(separator: ", ")),
    and their /batch routes.

    options:
    \(flags.filter(\.isListed).map(usageLines).joined(separator: "\n"))

    A second SIGTERM or SIGINT during the drain ends layoutd at once (exit status 128 + signal).
    """

  /// README.md's table of flags, which `layoutd --help-markdown` prints.
  package static let flagTable =
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
