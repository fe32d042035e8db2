import MicroHTTP

/// What one invocation of `layoutd` asks for.
package enum LayoutdCommand: Equatable, Sendable {
  /// Serve with these options.
  case run(LayoutdOptions)
  /// `--help`: print the usage text and exit.
  case help
  /// `--version`: print the version and exit.
  case version
  /// `--help-markdown`, left out of the usage text: print README.md's synopsis and table of flags
  /// and exit.
  case flagTable
  /// `--health-check`: ask the server these options describe for `GET /healthz` and exit
  /// (`HealthCheck`).
  case healthCheck(LayoutdOptions)
}

/// Everything `layoutd` can be told on its command line or in its environment.
///
/// A flag (`LayoutdOptions.flags`) writes straight into the setting it sets: the server's
/// (`server`), the service's (`service`), or the process's own below. Each setting's default is
/// where the setting is declared, and `--help` and README.md state it from there.
package struct LayoutdOptions: Equatable, Sendable {
  /// The server's address, threads, limits and timeouts.
  package var server = HTTPServer.Configuration()
  /// The service's origins, metrics, decoder and batch limit.
  package var service = LayoutAPI.Settings()
  /// Seconds between the first SIGTERM or SIGINT and closing the listener, while `/readyz`
  /// already answers 503 and every route still serves: time for load balancers to see it.
  package var drainDelay = 5
  /// How each request is logged on stderr; `nil` chooses `text` when stderr is a terminal and
  /// `json` otherwise.
  package var logFormat: AccessLog.Format? = nil

  /// The defaults, as `layoutd` runs with no flags and no environment.
  package init() {}
}

extension LayoutdOptions {
  /// The service these options describe (`LayoutAPI.service`), `/readyz` answering as
  /// `readiness` says, writing finished requests to `accessLog` and counting the lines `log`
  /// drops: each batch item is held to the single routes' `maxBodyBytes`.
  func layoutService(
    readiness: Readiness = Readiness(), accessLog: AccessLog? = nil, accessKeys: AccessKeys? = nil,
    log: LogWriter? = nil
  ) -> RoutedService {
    LayoutAPI.service(
      service, readiness: readiness, maxItemBytes: server.maxBodyBytes, accessLog: accessLog,
      accessKeys: accessKeys, log: log)
  }

  /// The access log format in force: `--log-format` when given, else `text` when standard error
  /// is a terminal and `json` when it is not; `nil` for `off`.
  func accessLogFormat(standardErrorIsTerminal: Bool) -> AccessLog.Format? {
    switch logFormat {
    case .off?: nil
    case let format?: format
    case nil: standardErrorIsTerminal ? .text : .json
    }
  }
}
