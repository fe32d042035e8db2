import Glibc
import HTTPServer

/// The `layoutd` program: reads its options, serves until SIGINT or SIGTERM, drains, exits.
public enum Layoutd {
  /// Runs the program and returns its exit code: 0 after a clean stop, 1 when the server cannot
  /// start, 2 for a bad flag or environment variable.
  public static func main(arguments: [String], environment: [String: String]) -> Int32 {
    let options: LayoutdOptions
    do {
      switch try LayoutdOptions.parse(arguments: arguments, environment: environment) {
      case .help:
        print(LayoutdOptions.usage)
        return 0
      case .version:
        print("layoutd \(LayoutdVersion.current)")
        return 0
      case .run(let parsed):
        options = parsed
      }
    } catch {
      StandardError.line("layoutd: \(error.message)")
      StandardError.line(LayoutdOptions.usage)
      return 2
    }

    Signals.blockShutdownSignals()
    // Every connection is a descriptor: make room for the connection limit and some spare.
    let openFiles = OpenFileLimit.raise(toAtLeast: options.maxConnections + 64)
    let service = LayoutService(
      cors: CORSPolicy(origins: options.corsOrigins), metrics: options.metrics ? ServiceMetrics() : nil)
    let accessLog = options.accessLogFormat(standardErrorIsTerminal: isatty(2) != 0).map {
      AccessLog(format: $0)
    }
    let server: HTTPServer
    do {
      server = try service.startServer(options.serverConfiguration, accessLog: accessLog)
    } catch {
      StandardError.line("layoutd: \(error)")
      return 1
    }
    let configuration = server.configuration
    if openFiles < options.maxConnections + 16 {
      StandardError.line(
        "layoutd: warning: only \(openFiles) open files allowed (ulimit -n); --max-connections is \(options.maxConnections)"
      )
    }
    StandardError.line(
      "layoutd \(LayoutdVersion.current) listening on http://\(hostForURL(configuration.host)):\(server.port)"
        + " (threads: \(configuration.threads))")

    let signal = Signals.waitForShutdownSignal()
    StandardError.line(
      "layoutd: \(signal == SIGTERM ? "SIGTERM" : "SIGINT"), draining (up to \(options.shutdownGrace) s)")
    // Not ready from now on; answers carry `Connection: close`; new connects are refused.
    service.drain(server)
    accessLog?.close()
    StandardError.line("layoutd: stopped")
    return 0
  }

  private static func hostForURL(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }
}

extension LayoutdOptions {
  /// The HTTP server configuration these options describe.
  var serverConfiguration: HTTPServer.Configuration {
    var configuration = HTTPServer.Configuration(
      host: host, port: port, threads: threads == 0 ? nil : threads)
    configuration.maxBodyBytes = maxBodyBytes
    configuration.connectionTimeout = connectionTimeout
    configuration.maxConnections = maxConnections
    configuration.perClientConnectionLimit = maxConnectionsPerClient
    configuration.maxHeaderBytes = maxHeaderBytes
    configuration.drainTimeout = Double(shutdownGrace)
    return configuration
  }
}
