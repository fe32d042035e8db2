import MicroHTTP

/// What one invocation of `layoutd` asks for.
package enum LayoutdCommand: Equatable, Sendable {
  /// Serve with these options.
  case run(LayoutdOptions)
  /// `--help`: print the usage text and exit.
  case help
  /// `--version`: print the version and exit.
  case version
  /// `--health-check`: ask the server these options describe for `GET /healthz` and exit
  /// (`HealthCheck`).
  case healthCheck(LayoutdOptions)
}

/// Everything `layoutd` can be told on its command line or in its environment.
package struct LayoutdOptions: Equatable, Sendable {
  /// How each request is logged on stderr.
  package enum LogFormat: String, Equatable, Sendable, CaseIterable {
    /// No access log.
    case off
    /// One line of text per request (`AccessLog.Format.text`).
    case text
    /// One JSON object per line (`AccessLog.Format.json`).
    case json
  }

  // The server's settings start from `HTTPServer.Configuration`'s defaults: one source.
  /// The address to bind: `localhost` or an IP literal (`--host`, `LAYOUTD_HOST`).
  package var host = Self.server.host
  /// The port to listen on; 0 takes any free one (`--port`, `LAYOUTD_PORT`, `PORT`).
  package var port = Self.server.port
  /// Worker threads; 0 means one per core.
  package var threads = 0
  /// The largest body of a single request; a larger one is a 413 (`--max-body-bytes`).
  package var maxBodyBytes = Self.server.maxBodyBytes
  /// The largest body of a batch route (`/avoid/batch`, `/caret-follow/batch`).
  package var maxBatchBytes = Batch.defaultMaxBytes
  /// The most request-body and answer bytes held at once over all connections; more is a 503
  /// (`--max-body-memory`, `LAYOUTD_MAX_BODY_MEMORY`).
  package var maxBodyMemory = Self.server.maxBodyMemory
  /// Seconds a connection may sit idle before it is closed.
  package var connectionTimeout = Self.server.connectionTimeout
  /// Open connections allowed at once (`--max-connections`).
  package var maxConnections = Self.server.maxConnections
  /// Open connections allowed from one client address; 0 means no limit.
  package var maxConnectionsPerClient = Self.server.perClientConnectionLimit
  /// Memory for one request's headers; more is a 431 (`--max-header-bytes`).
  package var maxHeaderBytes = Self.server.maxHeaderBytes
  /// Seconds requests in flight get to finish once the listener has closed.
  package var shutdownGrace = Int(Self.server.drainTimeout)
  /// Seconds between the first SIGTERM or SIGINT and closing the listener, while `/readyz`
  /// already answers 503 and every route still serves: time for load balancers to see it.
  package var drainDelay = 5
  /// `nil` chooses: `text` when stderr is a terminal, `json` otherwise.
  package var logFormat: LogFormat? = nil
  /// Origins allowed by CORS; `["*"]` allows any.
  package var corsOrigins = ["*"]
  /// Whether requests are counted for `GET /metrics` (off: the route is absent).
  package var metrics = true
  /// How request bodies are read: `fast` (the default) or `foundation` (`JSONDecoder`).
  package var decoder = RequestDecoder.fast

  /// The defaults, as `layoutd` runs with no flags and no environment.
  package init() {}

  /// The server configuration's defaults, which these options start from.
  private static let server = HTTPServer.Configuration()
}

extension LayoutdOptions {
  /// The HTTP server configuration these options describe.
  var serverConfiguration: HTTPServer.Configuration {
    var configuration = HTTPServer.Configuration(
      host: host, port: port, threads: threads == 0 ? nil : threads)
    configuration.maxBodyBytes = maxBodyBytes
    configuration.maxBodyMemory = maxBodyMemory
    configuration.connectionTimeout = connectionTimeout
    configuration.maxConnections = maxConnections
    configuration.perClientConnectionLimit = maxConnectionsPerClient
    configuration.maxHeaderBytes = maxHeaderBytes
    configuration.drainTimeout = Double(shutdownGrace)
    return configuration
  }

  /// The access log format in force: `--log-format` when given, else `text` when standard error
  /// is a terminal and `json` when it is not; `nil` for `off`.
  func accessLogFormat(standardErrorIsTerminal: Bool) -> AccessLog.Format? {
    switch logFormat {
    case .off?: nil
    case .text?: .text
    case .json?: .json
    case nil: standardErrorIsTerminal ? .text : .json
    }
  }
}

extension LayoutdOptions {
  /// Reads the command line (without the program name) and the environment.
  ///
  /// Flags win over environment variables: `--host` over `LAYOUTD_HOST`, `--port` over
  /// `LAYOUTD_PORT`, which wins over `PORT`. Both `--flag value` and `--flag=value` work.
  package static func parse(
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
    if let value = environment["LAYOUTD_DRAIN_DELAY"], !value.isEmpty {
      options.drainDelay = try integer(value, for: "LAYOUTD_DRAIN_DELAY", in: 0...3600)
    }
    if let value = environment["LAYOUTD_DECODER"], !value.isEmpty {
      options.decoder = try decoder(value, for: "LAYOUTD_DECODER")
    }
    if let value = environment["LAYOUTD_MAX_BODY_MEMORY"], !value.isEmpty {
      options.maxBodyMemory = try integer(value, for: "LAYOUTD_MAX_BODY_MEMORY", in: maxBodyMemoryRange)
    }
    if let value = environment["LAYOUTD_MAX_BATCH_BYTES"], !value.isEmpty {
      options.maxBatchBytes = try integer(value, for: "LAYOUTD_MAX_BATCH_BYTES", in: maxBatchBytesRange)
    }
    var corsOrigins: [String] = []
    var healthCheck = false
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
      case "--health-check":
        guard inlineValue == nil else { throw UsageError("--health-check takes no value") }
        healthCheck = true
      case "--host":
        let host = try value()
        guard !host.isEmpty else { throw UsageError("--host needs an address") }
        options.host = host
      case "--port": options.port = try integer(value(), for: "--port", in: 0...65535)
      case "--threads": options.threads = try integer(value(), for: "--threads", in: 0...256)
      case "--max-body-bytes":
        options.maxBodyBytes = try integer(value(), for: "--max-body-bytes", in: 1...(64 << 20))
      case "--max-body-memory":
        options.maxBodyMemory = try integer(value(), for: "--max-body-memory", in: maxBodyMemoryRange)
      case "--max-batch-bytes":
        options.maxBatchBytes = try integer(value(), for: "--max-batch-bytes", in: maxBatchBytesRange)
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
      case "--drain-delay":
        options.drainDelay = try integer(value(), for: "--drain-delay", in: 0...3600)
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
      case "--decoder": options.decoder = try decoder(value(), for: "--decoder")
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
    return healthCheck ? .healthCheck(options) : .run(options)
  }

  private static func decoder(_ text: String, for name: String) throws(UsageError) -> RequestDecoder {
    guard let decoder = RequestDecoder(rawValue: text) else {
      throw UsageError("\(name): expected fast or foundation, got '\(text)'")
    }
    guard decoder.isAvailable else {
      throw UsageError("\(name): this build of layoutd has no \(text) decoder")
    }
    return decoder
  }

  /// What `--max-body-memory` accepts: 64 KiB to 64 GiB.
  static let maxBodyMemoryRange = (64 << 10)...(64 << 30)

  /// What `--max-batch-bytes` accepts: 1 byte to 1 GiB.
  static let maxBatchBytesRange = 1...(1 << 30)

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

extension LayoutdOptions {
  /// The text `layoutd --help` prints.
  package static let usage = """
    usage: layoutd [options]
           layoutd --health-check [--host ADDRESS] [--port N]

    Keyboard-avoidance layout over HTTP: POST /avoid, POST /caret-follow, and their /batch routes.

    options:
      --host ADDRESS                 address to bind (default \(defaults.host); env LAYOUTD_HOST)
      --port N                       port, 0 for any free one (default \(defaults.port); env LAYOUTD_PORT, PORT)
      --threads N                    worker threads, 0 for one per core (default 0)
      --max-body-bytes N             largest request body; larger gets 413 (default \(defaults.maxBodyBytes))
      --max-batch-bytes N            largest body of a /batch route (default \(defaults.maxBatchBytes);
                                     env LAYOUTD_MAX_BATCH_BYTES)
      --max-body-memory N            request-body and answer bytes held at once over all
                                     connections; more gets 503 (default \(defaults.maxBodyMemory);
                                     env LAYOUTD_MAX_BODY_MEMORY)
      --connection-timeout S         seconds an idle connection stays open (default \(defaults.connectionTimeout))
      --max-connections N            open connections at once (default \(defaults.maxConnections))
      --max-connections-per-client N open connections from one address, 0 for no limit (default \(defaults.maxConnectionsPerClient))
      --max-header-bytes N           one request's line and headers, their bytes and 64 per
                                     field; more gets 431 (default \(defaults.maxHeaderBytes))
      --drain-delay S                seconds after SIGTERM that /readyz answers 503 while every
                                     route still serves, before the listener closes; 0 skips
                                     (default \(defaults.drainDelay); env LAYOUTD_DRAIN_DELAY)
      --shutdown-grace S             seconds requests in flight get once the listener closes (default \(defaults.shutdownGrace))
      --log-format off|text|json     access log on stderr (default text on a terminal, else json)
      --cors-origin ORIGIN           an origin allowed by CORS, repeatable (default *)
      --metrics on|off               count requests for GET /metrics (default on)
      --decoder fast|foundation      how bodies are read: the fast parser's document, or
                                     Foundation's JSONDecoder (default fast; env LAYOUTD_DECODER)
      --health-check                 ask GET /healthz of the layoutd that --host and --port (or their
                                     env) name, 0.0.0.0 and :: on 127.0.0.1 and ::1; exit 0 on a 200
                                     within \(Int(HealthCheck.defaultTimeout)) s, else print why and exit 1
      --version                      print the version and exit
      --help                         print this help and exit

    A second SIGTERM or SIGINT during the drain ends layoutd at once (exit status 128 + signal).
    """

  private static let defaults = LayoutdOptions()
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
