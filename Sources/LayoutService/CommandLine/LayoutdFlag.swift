/// One flag of `layoutd`: its name, its environment variables, what it takes, where the value
/// goes and how `--help` and README.md explain it (`LayoutdOptions.flags` lists them all).
package struct LayoutdFlag: Sendable {
  /// What a flag does when it is given.
  enum Action: Sendable {
    /// Reads `text` from the flag or variable named `source` into the options; `again` when the
    /// flag came earlier on the same command line.
    case set(
      @Sendable (_ options: inout LayoutdOptions, _ text: String, _ source: String, _ again: Bool)
        throws(UsageError) -> Void)
    /// Turns the command into `LayoutdCommand.healthCheck`; takes no value.
    case healthCheck
    /// Ends the reading of the command line with this command.
    case answer(LayoutdCommand)
  }

  /// A flag's default as `--help` and README.md state it.
  enum Default: Sendable {
    /// A value, as the flag takes it: `8080`.
    case value(String)
    /// Words for a default that no value shows, in Markdown; the usage text drops the backticks.
    case described(String)
  }

  /// The flag, `--port`.
  let name: String
  /// What the value is called in the usage text (`N`, `off|text|json`); `nil` when it takes none.
  let valueName: String?
  /// The environment variables that set it when the command line does not, the one that wins
  /// first.
  let environment: [String]
  /// Its explanation in `--help`; a `\n` starts the next line.
  let help: String
  /// Its explanation in README.md's table of flags (Markdown).
  let documentation: String
  /// What it does.
  let action: Action
  /// Its default, read from `LayoutdOptions()`; `nil` for none.
  let statedDefault: Default?
  /// Whether `--help` and README.md list it.
  let isListed: Bool
  /// Whether it may be given more than once, each value added to the last.
  let isRepeatable: Bool
}

extension LayoutdFlag {
  /// Whether it is `--health-check`, which turns the command into asking a running layoutd.
  var isHealthCheck: Bool {
    if case .healthCheck = action { true } else { false }
  }

  /// A flag that sets the options' `keyPath` to its `value`; `defaultDescription` puts into words
  /// a default that no value shows (the access log's format, chosen at start-up).
  init<Value>(
    _ name: String, _ value: FlagValue<Value>, at keyPath: WritableKeyPath<LayoutdOptions, Value> & Sendable,
    environment: [String] = [], help: String, documentation: String, defaultDescription: String? = nil
  ) {
    let statedDefault =
      defaultDescription.map(Default.described)
      ?? value.show(LayoutdOptions()[keyPath: keyPath]).map(Default.value)
    self.init(
      name: name, valueName: value.name, environment: environment, help: help, documentation: documentation,
      action: .set { options, text, source, _ throws(UsageError) in
        options[keyPath: keyPath] = try value.read(text, source)
      },
      statedDefault: statedDefault, isListed: true, isRepeatable: false)
  }

  /// A repeatable flag: its first use replaces the default list, each further one adds to it.
  init(
    _ name: String, _ value: FlagValue<String>,
    appendingTo keyPath: WritableKeyPath<LayoutdOptions, [String]> & Sendable,
    help: String, documentation: String
  ) {
    self.init(
      name: name, valueName: value.name, environment: [], help: help, documentation: documentation,
      action: .set { options, text, source, again throws(UsageError) in
        let element = try value.read(text, source)
        options[keyPath: keyPath] = again ? options[keyPath: keyPath] + [element] : [element]
      },
      statedDefault: .value(LayoutdOptions()[keyPath: keyPath].joined(separator: " ")), isListed: true,
      isRepeatable: true)
  }

  /// A flag that takes no value; `isListed` false leaves it out of `--help` and README.md.
  init(_ name: String, _ action: Action, help: String, documentation: String, isListed: Bool = true) {
    self.init(
      name: name, valueName: nil, environment: [], help: help, documentation: documentation, action: action,
      statedDefault: nil, isListed: isListed, isRepeatable: false)
  }
}
