extension LayoutdOptions {
  /// Reads the command line (without the program name) and the environment.
  ///
  /// Flags win over environment variables, and a flag's first variable over the next:
  /// `--port` over `LAYOUTD_PORT` over `PORT`. A variable is read (and a bad value an error)
  /// only for a flag the command line does not give; an empty variable counts as unset, and so
  /// does a Kubernetes service link (`LAYOUTD_PORT=tcp://10.0.0.1:80`, which Kubernetes sets in
  /// every pod of a namespace with a Service named `layoutd`). Both `--flag value` and
  /// `--flag=value` work.
  package static func parse(
    arguments: [String], environment: [String: String] = [:]
  ) throws(UsageError) -> LayoutdCommand {
    var healthCheck = false
    var given: [(flag: LayoutdFlag, value: String, name: String)] = []
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
      case .set:
        guard let value = inlineValue ?? remaining.popFirst() else {
          throw UsageError("\(name) needs a value")
        }
        given.append((flag, value, name))
      }
    }
    var options = LayoutdOptions()
    for flag in flags where !given.contains(where: { $0.flag.name == flag.name }) {
      guard case .set(let assign) = flag.action else { continue }
      // Every variable set is read, so a bad one is an error even where another wins.
      for name in flag.environment.reversed() {
        guard let value = environment[name], !value.isEmpty, !isServiceLink(value) else { continue }
        try assign(&options, value, name, false)
      }
    }
    var seen: Set<String> = []
    for (flag, value, name) in given {
      guard case .set(let assign) = flag.action else { continue }
      try assign(&options, value, name, seen.contains(name))
      seen.insert(name)
    }
    return healthCheck ? .healthCheck(options) : .run(options)
  }

  /// Whether `value` is a Kubernetes service link (`tcp://10.0.0.1:80`): never a value of ours.
  private static func isServiceLink(_ value: String) -> Bool {
    ["tcp://", "udp://", "sctp://"].contains { value.lowercased().hasPrefix($0) }
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
