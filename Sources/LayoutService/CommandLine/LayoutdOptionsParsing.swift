extension LayoutdOptions {
  /// Reads the command line (without the program name) and the environment.
  ///
  /// Flags win over environment variables, and a flag's first variable over the next:
  /// `--port` over `LAYOUTD_PORT` over `PORT`. An empty variable counts as unset. Both
  /// `--flag value` and `--flag=value` work.
  package static func parse(
    arguments: [String], environment: [String: String] = [:]
  ) throws(UsageError) -> LayoutdCommand {
    var options = LayoutdOptions()
    for flag in flags {
      guard case .set(let assign) = flag.action else { continue }
      // Every variable set is read, so a bad one is an error even where another wins.
      for name in flag.environment.reversed() {
        if let value = environment[name], !value.isEmpty {
          try assign(&options, value, name, false)
        }
      }
    }
    var healthCheck = false
    var given: Set<String> = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else {
        throw UsageError("unexpected argument '\(argument)'")
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let flag = flags.first(where: { $0.name == name }) else {
        throw UsageError("unknown option '\(name)'")
      }
      switch flag.action {
      case .answer(let command):
        return command
      case .healthCheck:
        guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
        healthCheck = true
      case .set(let assign):
        guard let value = inlineValue ?? remaining.popFirst() else {
          throw UsageError("\(name) needs a value")
        }
        try assign(&options, value, name, given.contains(name))
        given.insert(name)
      }
    }
    return healthCheck ? .healthCheck(options) : .run(options)
  }
}

/// A command-line flag or environment variable that `layoutd` cannot use.
package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line naming the flag or variable and what is wrong with it.
  package var message: String

  /// An error saying `message`.
  package init(_ message: String) {
    self.message = message
  }

  /// The message itself.
  package var description: String { message }
}
