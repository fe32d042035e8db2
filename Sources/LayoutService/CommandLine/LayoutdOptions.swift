/// Everything `layoutd` can be told on its command line or in its environment.
public struct LayoutdOptions: Equatable, Sendable {
  /// How each request is logged on stderr.
  public enum LogFormat: String, Equatable, Sendable, CaseIterable {
    case off, text, json
  }

  public var host = "127.0.0.1"
  public var port = 8080
  /// Worker threads; 0 means one per core.
  public var threads = 0
  public var maxBodyBytes = 65536
  /// Seconds a connection may sit idle before it is closed.
  public var connectionTimeout = 10
  public var maxConnections = 1024
  /// Open connections allowed from one client address; 0 means no limit.
  public var maxConnectionsPerClient = 256
  public var maxHeaderBytes = 8192
  /// Seconds requests in flight get to finish after SIGTERM or SIGINT.
  public var shutdownGrace = 10
  /// `nil` chooses: `text` when stderr is a terminal, `json` otherwise.
  public var logFormat: LogFormat? = nil
  /// Origins allowed by CORS; `["*"]` allows any.
  public var corsOrigins = ["*"]
  /// Whether requests are counted for `GET /metrics` (off: the route is absent).
  public var metrics = true

  public init() {}
}
