import Glibc
import MicroHTTP

/// The `layoutd` program: reads its options, serves until SIGINT or SIGTERM, drains, exits.
///
/// The drain: on the first SIGTERM or SIGINT `/readyz` answers 503 at once while the listener
/// stays open and every route serves for `--drain-delay` seconds; then the listener closes,
/// requests in flight get up to `--shutdown-grace` seconds, and the process exits 0. A second
/// SIGTERM or SIGINT at any point of that ends it at once with 128 + the signal's number.
public enum Layoutd {
  /// Runs the program and returns its exit code: 0 after a clean stop, 1 when the server cannot
  /// start, 2 for a bad flag or environment variable; with `--health-check`, 0 or 1 (`HealthCheck`).
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
      case .healthCheck(let parsed):
        return HealthCheck(options: parsed).run()
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
      cors: CORSPolicy(origins: options.corsOrigins), metrics: options.metrics ? ServiceMetrics() : nil,
      decoder: options.decoder, maxBatchBytes: options.maxBatchBytes)
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
        + " (threads: \(configuration.threads), decoder: \(options.decoder.rawValue))")

    let signal = Signals.waitForShutdownSignal()
    let start = monotonicSeconds()
    // From here a second SIGTERM or SIGINT ends the process at once.
    Signals.exitOnNextShutdownSignal()
    // Not ready from now on, while the listener stays open and every route serves, so that load
    // balancers see the 503 and stop sending before connects are refused.
    service.readiness.beginDraining()
    StandardError.line(
      "layoutd: \(Signals.name(signal)), /readyz answers 503; closing the listener in \(options.drainDelay) s"
    )
    Signals.sleep(seconds: options.drainDelay)
    StandardError.line(
      "layoutd: closing the listener at +\(elapsed(since: start)) s; requests in flight get up to \(options.shutdownGrace) s"
    )
    // Answers carry `Connection: close` from now on; new connects are refused.
    server.drain()
    accessLog?.close()
    StandardError.line("layoutd: stopped at +\(elapsed(since: start)) s")
    return 0
  }

  /// Seconds since `start` (a `monotonicSeconds()` reading), to the millisecond, as text.
  private static func elapsed(since start: Double) -> String {
    let milliseconds = Int(((monotonicSeconds() - start) * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
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

/// The process environment, read without Foundation.
public enum Environment {
  /// Every `NAME=value` pair of `environ`.
  public static var current: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}

/// The shutdown signals, blocked in every thread and received with `sigwait`.
///
/// Call `blockShutdownSignals()` before any thread starts (libmicrohttpd's workers inherit the
/// mask), so SIGINT and SIGTERM are never delivered to a worker; then `waitForShutdownSignal()`
/// in the main thread.
public enum Signals {
  /// Blocks SIGINT and SIGTERM in the calling thread and all threads it starts; ignores SIGPIPE.
  public static func blockShutdownSignals() {
    var set = shutdownSet()
    pthread_sigmask(SIG_BLOCK, &set, nil)
    signal(SIGPIPE, SIG_IGN)
  }

  /// Waits for SIGINT or SIGTERM (`sigwait`) and returns it.
  public static func waitForShutdownSignal() -> Int32 {
    var set = shutdownSet()
    var received: Int32 = 0
    while sigwait(&set, &received) != 0 {}
    return received
  }

  /// Starts a thread that waits for the next SIGINT or SIGTERM and then ends the process at
  /// once with status 128 + the signal's number, whatever the main thread is doing.
  public static func exitOnNextShutdownSignal() {
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { _ in
        let signal = Signals.waitForShutdownSignal()
        StandardError.line("layoutd: second \(Signals.name(signal)), exiting now")
        _exit(128 + signal)
      }, nil)
    if created == 0 { pthread_detach(thread) }
  }

  /// `SIGTERM` or `SIGINT`.
  static func name(_ signal: Int32) -> String {
    signal == SIGTERM ? "SIGTERM" : "SIGINT"
  }

  /// Sleeps `seconds` whole seconds (resuming after interruptions); holds no lock.
  static func sleep(seconds: Int) {
    var request = timespec(tv_sec: max(0, seconds), tv_nsec: 0)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
  }

  private static func shutdownSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    return set
  }
}

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`).
enum OpenFileLimit {
  /// Raises the soft limit so that `needed` descriptors can be open, up to the hard limit.
  /// Returns the soft limit in force afterwards.
  @discardableResult
  static func raise(toAtLeast needed: Int) -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    // RLIM_INFINITY (all ones) is imported as a literal that does not fit `rlim_t`.
    let infinity = rlim_t.max
    let wanted = rlim_t(max(0, needed))
    if limit.rlim_cur < wanted, limit.rlim_cur != infinity {
      var raised = limit
      raised.rlim_cur = limit.rlim_max == infinity ? wanted : min(wanted, limit.rlim_max)
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur == infinity ? Int.max : Int(limit.rlim_cur)
  }
}

/// Writes to file descriptor 2 directly (Glibc's `stderr` global is not concurrency-safe).
public enum StandardError {
  /// Writes `text` and a newline in one `write(2)` call.
  public static func line(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(UInt8(ascii: "\n"))
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
