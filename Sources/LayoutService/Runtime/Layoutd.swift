import MicroHTTP
import Posix

/// The `layoutd` program: reads its options, serves until SIGINT or SIGTERM, drains, exits. With
/// `--api-keys`, reads its access keys before it listens (exit 2 naming the file and line when they
/// cannot be read) and again on SIGHUP or when the file changes (`AccessKeys.startReloading`).
///
/// The drain: on the first SIGTERM or SIGINT `/readyz` answers 503 at once while the listener
/// stays open and every route serves for `--drain-delay` seconds; then the listener closes,
/// requests in flight get up to `--shutdown-grace` seconds, and the process exits 0. A second
/// SIGTERM or SIGINT at any point of that ends it at once with 128 + the signal's number.
///
/// Its messages and the access log go through one `LogWriter`: the drain runs by the clock
/// whatever standard error does. The process exits within `--drain-delay` plus
/// `--shutdown-grace` of the signal: the drain's wait ends `leastFlushSeconds` before that, the
/// time the log gets last when standard error is stalled (`flushDeadline`).
package enum Layoutd {
  /// Runs the program and returns its exit code: 0 after a clean stop, 1 when the server cannot
  /// start, 2 for a bad flag or environment variable or an access-key file that cannot be read; with
  /// `--health-check`, 0 or 1 (`HealthCheck`).
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
      case .flagTable:
        print(LayoutdOptions.flagTable)
        return 0
      case .healthCheck(let parsed):
        return HealthCheck(options: parsed).run()
      case .run(let parsed):
        options = parsed
      }
    } catch {
      let log = LogWriter()
      log.message("layoutd: \(error.message)")
      log.message(LayoutdOptions.usage)
      log.close(timeout: flushSeconds)
      return 2
    }
    return serve(options)
  }

  /// Serves with `options` until the drain ends; the exit code.
  private static func serve(_ options: LayoutdOptions) -> Int32 {
    // Before any thread starts: every thread inherits the mask, so only `wait()` below sees them
    // (and SIGHUP only the thread that reads the access keys again).
    SignalSet.shutdown.block()
    if options.service.apiKeys != nil { SignalSet.reload.block() }
    SignalSet.ignoreBrokenPipes()
    // Resident memory follows what requests in flight hold, not the largest ever seen.
    CurrentProcess.returnLargeBlocksToTheSystem()
    // Every line from here on, the access log's and the messages below, goes through `log`:
    // nobody but its own thread waits for standard error.
    let log = LogWriter()
    // Every connection is a descriptor: make room for the connection limit and some spare.
    let openFiles = CurrentProcess.raiseOpenFileLimit(toAtLeast: options.server.maxConnections + 64)
    let accessLog = options.accessLogFormat(standardErrorIsTerminal: FileDescriptor.standardError.isTerminal)
      .map { AccessLog(format: $0, writer: log) }
    var accessKeys: AccessKeys?
    if let path = options.service.apiKeys {
      do {
        accessKeys = try AccessKeys(path: path)
      } catch {
        log.message("layoutd: --api-keys: \(error)")
        log.close(timeout: Self.flushSeconds)
        return 2
      }
    }
    let readiness = Readiness()
    let service = options.layoutService(
      readiness: readiness, accessLog: accessLog, accessKeys: accessKeys, log: log)
    let server: HTTPServer
    do {
      server = try HTTPServer(configuration: options.server, service: service)
    } catch {
      log.message("layoutd: \(error)")
      log.close(timeout: Self.flushSeconds)
      return 1
    }
    let configuration = server.configuration
    if openFiles < options.server.maxConnections + 16 {
      log.message(
        "layoutd: warning: only \(openFiles) open files allowed (ulimit -n); --max-connections is \(options.server.maxConnections)"
      )
    }
    if let accessKeys {
      log.message("layoutd: \(accessKeys.describedKeys())")
      accessKeys.startReloading(log: log)
    }
    log.message(
      "layoutd \(LayoutdVersion.current) listening on http://\(HTTPSyntax.authority(host: configuration.host, port: server.port))"
        + " (threads: \(configuration.threads), decoder: \(options.service.decoder.rawValue))")

    let signal = SignalSet.shutdown.wait()
    let start = MonotonicClock.now
    // From here a second SIGTERM or SIGINT ends the process at once, giving its line a moment.
    PosixThread {
      let second = SignalSet.shutdown.wait()
      log.message("layoutd: second \(SignalSet.name(second)), exiting now")
      log.close(timeout: Self.lastLineSeconds)
      CurrentProcess.exitNow(128 + second)
    }.detach()
    // Not ready from now on, while the listener stays open and every route serves, so that load
    // balancers see the 503 and stop sending before connects are refused.
    readiness.beginDraining()
    log.message(
      "layoutd: \(SignalSet.name(signal)), /readyz answers 503; closing the listener in \(options.drainDelay) s"
    )
    MonotonicClock.sleep(seconds: Double(options.drainDelay))
    log.message(
      "layoutd: closing the listener at +\(elapsed(since: start)) s; requests in flight get up to \(Int(options.server.drainTimeout)) s"
    )
    // Answers carry `Connection: close` from now on; new connects are refused. The drain ends
    // early enough for the log's least flush time to fit in --drain-delay + --shutdown-grace.
    server.drain(
      until: start.adding(
        seconds: Double(options.drainDelay) + options.server.drainTimeout - leastFlushSeconds))
    log.message("layoutd: stopped at +\(elapsed(since: start)) s")
    log.close(until: flushDeadline(start: start, options: options))
    return 0
  }

  /// The most seconds the log gets to be written out after the drain.
  static let flushSeconds = 2.0
  /// The least seconds the log gets after the drain, even once `--drain-delay` plus
  /// `--shutdown-grace` have passed.
  static let leastFlushSeconds = 0.1
  /// How long the second signal's line gets before the process ends.
  static let lastLineSeconds = 0.25

  /// Until when the log is written out after the drain: what is left of `--drain-delay` plus
  /// `--shutdown-grace` since the signal at `start`, at most `flushSeconds` and at least
  /// `leastFlushSeconds`. With standard error stalled, the process exits at most that least
  /// time after the drain's end.
  static func flushDeadline(start: MonotonicClock.Instant, options: LayoutdOptions) -> MonotonicClock.Instant
  {
    let now = MonotonicClock.now
    let end = start.adding(seconds: Double(options.drainDelay) + options.server.drainTimeout)
    return min(now.adding(seconds: flushSeconds), max(now.adding(seconds: leastFlushSeconds), end))
  }

  /// Seconds since `start`, to the millisecond, as text.
  private static func elapsed(since start: MonotonicClock.Instant) -> String {
    let milliseconds = Int((MonotonicClock.now.seconds(since: start) * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
