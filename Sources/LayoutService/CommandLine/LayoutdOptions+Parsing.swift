extension LayoutdOptions {
  /// Reads the command line (without the program name) and the environment.
  ///
  /// Flags win over environment variables: `--host` over `LAYOUTD_HOST`, `--port` over
  /// `LAYOUTD_PORT`, which wins over `PORT`. Both `--flag value` and `--flag=value` work.
  public static func parse(
    arguments: [String], environment: [String: String] = [:]
  ) throws(UsageError) -> LayoutdCommand {
    var options = LayoutdOptions()
    if let host = environment["LAYOUTD_HOST"], !host.isEmpty {
      options.host = host
    }
    for name in ["PORT", "LAYOUTD_PORT"] {
      if let value = environment[name], !value.isEmpty {
        options.port = try integer(value, for: name, in: 0...65535)
      }
    }
    var corsOrigins: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else {
        throw UsageError("unexpected argument '\(argument)'")
      }
      var name = Substring(argument)
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = argument[..<equals]
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw UsageError("\(name) needs a value")
        }
        return next
      }
      switch name {
      case "--help", "-h":
        return .help
      case "--version":
        return .version
      case "--host":
        let host = try value()
        guard !host.isEmpty else { throw UsageError("--host needs an address") }
        options.host = host
      case "--port": options.port = try integer(value(), for: "--port", in: 0...65535)
      case "--threads": options.threads = try integer(value(), for: "--threads", in: 0...256)
      case "--max-body-bytes":
        options.maxBodyBytes = try integer(value(), for: "--max-body-bytes", in: 1...(64 << 20))
      case "--connection-timeout":
        options.connectionTimeout = try integer(value(), for: "--connection-timeout", in: 1...86400)
      case "--max-connections":
        options.maxConnections = try integer(value(), for: "--max-connections", in: 1...1_000_000)
      case "--max-connections-per-client":
        options.maxConnectionsPerClient = try integer(
          value(), for: "--max-connections-per-client", in: 0...1_000_000)
      case "--max-header-bytes":
        options.maxHeaderBytes = try integer(value(), for: "--max-header-bytes", in: 1024...(16 << 20))
      case "--shutdown-grace":
        options.shutdownGrace = try integer(value(), for: "--shutdown-grace", in: 0...3600)
      case "--log-format":
        let text = try value()
        guard let format = LogFormat(rawValue: text) else {
          throw UsageError("--log-format: expected off, text or json, got '\(text)'")
        }
        options.logFormat = format
      case "--metrics":
        let text = try value()
        guard text == "on" || text == "off" else {
          throw UsageError("--metrics: expected on or off, got '\(text)'")
        }
        options.metrics = text == "on"
      case "--cors-origin":
        let origin = try value()
        guard !origin.isEmpty, !origin.contains(where: \.isWhitespace) else {
          throw UsageError("--cors-origin: expected an origin such as https://example.com or *")
        }
        corsOrigins.append(origin)
      default:
        throw UsageError("unknown option '\(name)'")
      }
    }
    if !corsOrigins.isEmpty {
      options.corsOrigins = corsOrigins
    }
    return .run(options)
  }

  private static func integer(
    _ text: String, for name: String, in range: ClosedRange<Int>
  ) throws(UsageError) -> Int {
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
    }
    return number
  }
}
