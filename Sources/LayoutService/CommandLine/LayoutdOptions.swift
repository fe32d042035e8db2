import MicroHTTP

/// What one invocation of `layoutd` asks for.
package enum LayoutdCommand: Equatable, Sendable {
  /// Serve with these options.
  case run(LayoutdOptions)
  /// `--help`: print the usage text and exit.
  case help
  /// `--version`: print the version and exit.
  case version
  /// `--help-markdown`, left out of the usage text: print README.md's table of flags and exit.
  case flagTable
  /// `--health-check`: ask the server these options describe for `GET /healthz` and exit
  /// (`HealthCheck`).
  case healthCheck(LayoutdOptions)
}

/// Everything `layoutd` can be told on its command line or in its environment.
///
/// Each property starts at its flag's default, which `--help` and README.md state from here
/// (`LayoutdOptions.flags` declares the flags).
package struct LayoutdOptions: Equatable, Sendable {
  // The server's settings start from `HTTPServer.Configuration`'s defaults: one source.
  /// The address to bind: `localhost` or an IP literal.
  package var host = Self.server.host
  /// The port to listen on; 0 takes any free one.
  package var port = Self.server.port
  /// Worker threads; 0 means one per core.
  package var threads = 0
  /// The largest body of a single request; a larger one is a 413.
  package var maxBodyBytes = Self.server.maxBodyBytes
  /// The largest body of a batch route (`/avoid/batch`, `/caret-follow/batch`).
  package var maxBatchBytes = Batch.defaultMaxBytes
  /// The most request-body and answer bytes held at once over all connections; more is a 503.
  package var maxBodyMemory = Self.server.maxBodyMemory
  /// Seconds a connection may sit idle before it is closed.
  package var connectionTimeout = Self.server.connectionTimeout
  /// Open connections allowed at once.
  package var maxConnections = Self.server.maxConnections
  /// Open connections allowed from one client address; 0 means no limit.
  package var maxConnectionsPerClient = Self.server.perClientConnectionLimit
  /// Memory for one request's headers; more is a 431.
  package var maxHeaderBytes = Self.server.maxHeaderBytes
  /// Seconds requests in flight get to finish once the listener has closed.
  package var shutdownGrace = Int(Self.server.drainTimeout)
  /// Seconds between the first SIGTERM or SIGINT and closing the listener, while `/readyz`
  /// already answers 503 and every route still serves: time for load balancers to see it.
  package var drainDelay = 5
  /// How each request is logged on stderr; `nil` chooses `text` when stderr is a terminal and
  /// `json` otherwise.
  package var logFormat: AccessLog.Format? = nil
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

  /// The service these options describe, writing finished requests to `accessLog`: their CORS
  /// origins, metrics, decoder and batch limits, each batch item held to the single routes'
  /// `maxBodyBytes`.
  func service(accessLog: AccessLog? = nil) -> LayoutService {
    LayoutService(
      cors: CORSPolicy(origins: corsOrigins), metrics: metrics, decoder: decoder,
      maxBatchBytes: maxBatchBytes, maxItemBytes: maxBodyBytes, accessLog: accessLog)
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
