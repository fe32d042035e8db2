import MicroHTTP
import Posix

/// The `layoutd` program: reads its options, serves until SIGINT or SIGTERM, drains, exits.
///
/// The drain: on the first SIGTERM or SIGINT `/readyz` answers 503 at once while the listener
/// stays open and every route serves for `--drain-delay` seconds; then the listener closes,
/// requests in flight get up to `--shutdown-grace` seconds, and the process exits 0. A second
/// SIGTERM or SIGINT at any point of that ends it at once with 128 + the signal's number.
package enum Layoutd {
  /// Runs the program and returns its exit code: 0 after a clean stop, 1 when the server cannot
  /// start, 2 for a bad flag or environment variable; with `--health-check`, 0 or 1 (`HealthCheck`).
  package static func main(arguments: [String], environment: [String: String]) -> Int32 {
    let options: LayoutdOptions
    do {
      switch try LayoutdOptions.parse(arguments: arguments, environment: environment) {
      case .help:
        print(LayoutdOptions.usage)
        return 0
      case .version:
        print("layoutd \(LayoutdVersion.current)")
        return 0
      case .healthCheck(let parsed):
        return HealthCheck(options: parsed).run()
      case .run(let parsed):
        options = parsed
      }
    } catch {
      log("layoutd: \(error.message)")
      log(LayoutdOptions.usage)
      return 2
    }
    return serve(options)
  }

  /// Serves with `options` until the drain ends; the exit code.
  private static func serve(_ options: LayoutdOptions) -> Int32 {
    // Before any thread starts: every thread inherits the mask, so only `wait()` below sees them.
    SignalSet.shutdown.block()
    SignalSet.ignoreBrokenPipes()
    // Every connection is a descriptor: make room for the connection limit and some spare.
    let openFiles = ProcessInfo.raiseOpenFileLimit(toAtLeast: options.maxConnections + 64)
    let service = LayoutService(
      cors: CORSPolicy(origins: options.corsOrigins), metrics: options.metrics,
      decoder: options.decoder, maxBatchBytes: options.maxBatchBytes)
    let accessLog = options.accessLogFormat(standardErrorIsTerminal: FileDescriptor.standardError.isTerminal)
      .map { AccessLog(format: $0) }
    let server: HTTPServer
    do {
      server = try service.startServer(options.serverConfiguration, accessLog: accessLog)
    } catch {
      log("layoutd: \(error)")
      return 1
    }
    let configuration = server.configuration
    if openFiles < options.maxConnections + 16 {
      log(
        "layoutd: warning: only \(openFiles) open files allowed (ulimit -n); --max-connections is \(options.maxConnections)"
      )
    }
    log(
      "layoutd \(LayoutdVersion.current) listening on http://\(hostForURL(configuration.host)):\(server.port)"
        + " (threads: \(configuration.threads), decoder: \(options.decoder.rawValue))")

    let signal = SignalSet.shutdown.wait()
    let start = MonotonicClock.now
    // From here a second SIGTERM or SIGINT ends the process at once.
    PosixThread {
      let second = SignalSet.shutdown.wait()
      log("layoutd: second \(SignalSet.name(second)), exiting now")
      ProcessInfo.exitNow(128 + second)
    }.detach()
    // Not ready from now on, while the listener stays open and every route serves, so that load
    // balancers see the 503 and stop sending before connects are refused.
    service.readiness.beginDraining()
    log(
      "layoutd: \(SignalSet.name(signal)), /readyz answers 503; closing the listener in \(options.drainDelay) s"
    )
    MonotonicClock.sleep(seconds: Double(options.drainDelay))
    log(
      "layoutd: closing the listener at +\(elapsed(since: start)) s; requests in flight get up to \(options.shutdownGrace) s"
    )
    // Answers carry `Connection: close` from now on; new connects are refused.
    server.drain()
    accessLog?.writer.close()
    log("layoutd: stopped at +\(elapsed(since: start)) s")
    return 0
  }

  /// Writes one line to standard error.
  private static func log(_ line: String) {
    FileDescriptor.standardError.writeLine(line)
  }

  /// Seconds since `start`, to the millisecond, as text.
  private static func elapsed(since start: MonotonicClock.Instant) -> String {
    let milliseconds = Int((MonotonicClock.now.seconds(since: start) * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }

  private static func hostForURL(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }
}
