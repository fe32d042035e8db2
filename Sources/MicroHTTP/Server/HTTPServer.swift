internal import CMicroHTTPD
import Glibc
import Posix

/// An HTTP/1.1 server on libmicrohttpd that serves a `RoutedService` through its
/// `RequestEngine`.
///
/// The server listens from `init` until `stop()` (or until it is deinitialized). Handlers run
/// on libmicrohttpd's worker threads, several at once. What it keeps apart from any one request
/// (its counters, whether it drains, its close watcher) is its `ServerState`; its counters are
/// read through `gauges`.
package final class HTTPServer: Sendable {
  /// The configuration the server was started with, its `threads` the number chosen.
  package let configuration: Configuration
  /// The bound TCP port (the real one when the configuration asked for port 0).
  package let port: Int

  /// What answers every request: tests and the fuzzer answer through the same engine without a
  /// connection (`RequestEngine.respond(to:)`).
  package let engine: RequestEngine
  /// The counters: requests and connections in flight, body bytes and budget.
  package let gauges: ServerGauges
  /// The state the callbacks, the listener and the drain share.
  private let state: ServerState
  private let daemon: Locked<Daemon>

  /// Starts listening on `configuration.host`:`configuration.port`, serving `service`, and hands
  /// the service's observers the server's `gauges` (`HTTPObserver.serverStarted(_:)`).
  package init(configuration: Configuration, service: RoutedService) throws(HTTPServerError) {
    var configuration = configuration
    if configuration.threads <= 0 { configuration.threads = CurrentProcess.coreCount }
    let host = configuration.host
    guard let address = SocketAddress(host: host, port: configuration.port) else {
      throw .invalidAddress(host: host, port: configuration.port)
    }
    let listener: Listener
    do {
      // The kernel's queue of completed connects not yet accepted: as deep as the connection
      // limit, so a burst up to the limit waits to be accepted rather than being reset.
      listener = try Listener(address: address, backlog: max(1, configuration.maxConnections))
    } catch {
      if error == .addressInUse { throw .addressInUse(host: host, port: configuration.port) }
      throw .cannotStart(host: host, port: configuration.port, errno: error.rawValue)
    }
    let closeWatcher: CloseWatcher
    do {
      closeWatcher = try CloseWatcher()
    } catch {
      throw .cannotStart(host: host, port: configuration.port, errno: error.rawValue)
    }
    let engine = RequestEngine(configuration: configuration, service: service)
    let state = ServerState(configuration: configuration, engine: engine, closeWatcher: closeWatcher)
    let retained = Unmanaged.passRetained(state)
    var options = Self.options(configuration, state: retained.toOpaque())
    options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
    let (started, failure) = options.withUnsafeBufferPointer { options in
      errno = 0
      let started = CMicroHTTPD_start_daemon_with_policy(
        Self.flags, admitConnection, retained.toOpaque(), serveRequest, retained.toOpaque(),
        options.baseAddress)
      return (started, Errno.current)
    }
    guard let started else {
      retained.release()
      throw .cannotStart(host: host, port: configuration.port, errno: failure.rawValue)
    }
    service.serverStarted(state.gauges)
    listener.start(daemon: started, server: state)
    self.configuration = configuration
    self.engine = engine
    self.gauges = state.gauges
    self.state = state
    self.port = listener.port
    self.daemon = Locked(Daemon(pointer: started, state: retained, listener: listener))
  }

  deinit {
    stop()
  }

  /// The server's close watcher (tests and diagnostics).
  package var closeWatcher: CloseWatcher { state.closeWatcher }

  /// Whether `drain()` has begun: its listener is closed (new connects are refused) and every
  /// answer from now on carries `Connection: close`.
  package var isDraining: Bool {
    state.draining.load(ordering: .sequentiallyConsistent)
  }

  /// Stops accepting connections: new connects are refused, while open connections are still
  /// served. Idempotent.
  package func quiesce() {
    _ = daemon.withLock { $0.quiesce() }
  }

  /// Stops the server: stops accepting, waits up to `configuration.drainTimeout` seconds for
  /// requests in flight to be answered, then closes every connection and joins the worker
  /// threads. Idempotent.
  package func stop() {
    guard daemon.withLock({ $0.quiesce() }) else { return }
    let gauges = self.gauges
    state.settled.wait(until: deadline()) {
      gauges.liveRequests.load(ordering: .sequentiallyConsistent) == 0
    }
    daemon.withLock { $0.stop() }
  }

  /// Stops the server gracefully: from now on every answer carries `Connection: close`, new
  /// connects are refused, and the server waits up to `configuration.drainTimeout` seconds until
  /// no request is in flight and every client has closed its connection (those accepted last
  /// included, which a worker may not have started yet), then stops as `stop()` does.
  /// Idempotent.
  ///
  /// A keep-alive client that sends another request gets its answer and is then disconnected;
  /// one that stays idle for `configuration.drainIdleGrace` is disconnected then
  /// (`CloseWatcher.nudgeIdleSockets(idleGrace:)`), rather than held until its idle timeout
  /// (`connectionTimeout`).
  package func drain() {
    drain(until: deadline())
  }

  /// `drain()`, waiting until `deadline` at the latest instead of `configuration.drainTimeout`
  /// seconds: for a caller whose own timeline ends then.
  package func drain(until deadline: MonotonicClock.Instant) {
    guard daemon.withLock({ $0.quiesce() }) else { return }
    // After the listener closed: whoever sees `isDraining` knows new connects are refused.
    state.draining.store(true, ordering: .sequentiallyConsistent)
    // From now on every answer closes its connection; those that stay idle for the grace close.
    let grace = UInt64(max(0.001, configuration.drainIdleGrace) * 1e9)
    daemon.withLock { $0.closeIdleConnections(idleGrace: grace) }
    let gauges = self.gauges
    state.settled.wait(until: deadline) {
      gauges.liveRequests.load(ordering: .sequentiallyConsistent) == 0
        && gauges.admittedConnections.load(ordering: .sequentiallyConsistent) == 0
    }
    daemon.withLock { $0.stop() }
  }

  /// `configuration.drainTimeout` seconds from now, on the monotonic clock.
  private func deadline() -> MonotonicClock.Instant {
    MonotonicClock.now.adding(seconds: configuration.drainTimeout)
  }
}

extension HTTPServer {
  /// The running libmicrohttpd daemon, the listener that feeds it, and the server state retained
  /// on its behalf (its callbacks' `cls`).
  struct Daemon: ~Copyable {
    var pointer: OpaquePointer?
    var state: Unmanaged<ServerState>?
    let listener: Listener

    init(pointer: OpaquePointer, state: Unmanaged<ServerState>, listener: Listener) {
      self.pointer = pointer
      self.state = state
      self.listener = listener
    }

    /// Stops accepting (`Listener.stopAccepting()`): connects already completed are still
    /// served, new ones are refused. Returns `false` when the daemon has already stopped.
    @discardableResult
    func quiesce() -> Bool {
      guard pointer != nil else { return false }
      listener.stopAccepting()
      return true
    }

    /// Has the connections that stay idle for `idleGrace` nanoseconds from now closed
    /// (`CloseWatcher.nudgeIdleSockets(idleGrace:)`).
    func closeIdleConnections(idleGrace: UInt64) {
      guard pointer != nil, let state else { return }
      state.takeUnretainedValue().closeWatcher.nudgeIdleSockets(idleGrace: idleGrace)
      listener.serveCloseWatcher()
    }

    /// Stops accepting, stops the daemon (closing every connection and joining its threads),
    /// then the accept thread, and releases the server state.
    ///
    /// The accept thread serves the close watcher until the daemon has stopped: every open
    /// connection's socket is shut, and shut again until libmicrohttpd closes it, so that a
    /// worker libmicrohttpd left asleep on the stop signal wakes
    /// (`CloseWatcher.nudgeEverySocket()`).
    mutating func stop() {
      guard let pointer else { return }
      listener.stopAccepting()
      state?.takeUnretainedValue().closeWatcher.nudgeEverySocket()
      listener.serveCloseWatcher()
      MHD_stop_daemon(pointer)
      listener.stop()
      self.pointer = nil
      state?.release()
      state = nil
    }
  }
}

/// Why an `HTTPServer` could not start.
package enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The system's sentence for `errno` (`strerror`), with what to do for the common ones.
  private static func reason(_ errno: Int32) -> String {
    guard errno != 0 else { return "libmicrohttpd refused to start" }
    let sentence = "\(Errno(rawValue: errno).message) (errno \(errno))"
    switch errno {
    case EACCES: return sentence + ": a port below 1024 needs root or CAP_NET_BIND_SERVICE"
    case EADDRNOTAVAIL: return sentence + ": the address is not one of this machine's"
    default: return sentence
    }
  }

  /// Another socket is already listening on `host:port`.
  case addressInUse(host: String, port: Int)
  /// `host` is not `localhost` or an IPv4/IPv6 literal, or `port` is outside 0...65535.
  case invalidAddress(host: String, port: Int)
  /// libmicrohttpd refused to start; `errno` is the system error seen, or 0.
  case cannotStart(host: String, port: Int, errno: Int32)

  /// One line naming the address and what went wrong.
  package var description: String {
    switch self {
    case .addressInUse(let host, let port):
      "address already in use: \(HTTPSyntax.authority(host: host, port: port))"
    case .invalidAddress(let host, let port):
      "invalid listen address \(HTTPSyntax.authority(host: host, port: port)): use localhost or an IP literal and a port 0...65535"
    case .cannotStart(let host, let port, let errno):
      "cannot listen on \(HTTPSyntax.authority(host: host, port: port)): \(Self.reason(errno))"
    }
  }
}
