internal import CMicroHTTPD
import Glibc
import Posix

/// An HTTP/1.1 server on libmicrohttpd that serves an `HTTPService` through its
/// `RequestEngine`.
///
/// The server listens from `init` until `stop()` (or until it is deinitialized). Handlers run
/// on libmicrohttpd's worker threads, several at once.
package final class HTTPServer: Sendable {
  /// The configuration the server was started with, its `threads` the number chosen.
  package let configuration: Configuration
  /// The bound TCP port (the real one when the configuration asked for port 0).
  package let port: Int

  /// What answers every request: tests and the fuzzer answer through the same engine without a
  /// connection (`RequestEngine.respond(to:)`).
  package let engine: RequestEngine
  private let daemon: Locked<Daemon>

  /// Starts listening on `configuration.host`:`configuration.port`, serving `service`.
  package init(configuration: Configuration, service: any HTTPService) throws(HTTPServerError) {
    var configuration = configuration
    if configuration.threads <= 0 { configuration.threads = ProcessInfo.coreCount }
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
    let engine = RequestEngine(configuration: configuration, service: service, closeWatcher: closeWatcher)
    let retained = Unmanaged.passRetained(engine)
    var options = Self.options(configuration, engine: retained.toOpaque())
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
    listener.start(daemon: started, engine: engine)
    self.configuration = configuration
    self.engine = engine
    self.port = listener.port
    self.daemon = Locked(Daemon(pointer: started, engine: retained, listener: listener))
  }

  deinit {
    stop()
  }

  /// Request-body and answer bytes held now, against `configuration.maxBodyMemory`.
  package var heldBodyBytes: Int { engine.bodyMemory.heldBytes }

  /// Requests and answers refused so far because the body budget was spent (answered 503).
  package var bodyMemoryRefusalCount: Int { engine.bodyMemory.refusalCount }

  /// Requests whose state the server holds: begun (headers parsed) and not yet ended.
  /// 0 once the server has stopped.
  package var liveRequestCount: Int {
    engine.liveRequests.load(ordering: .relaxed)
  }

  /// Request body bytes the server has read so far, over all requests: a test that sends a
  /// body in pieces waits on it to know each piece arrived on its own.
  package var receivedBodyByteCount: Int {
    engine.receivedBodyBytes.load(ordering: .relaxed)
  }

  /// Connections open now (started by libmicrohttpd and not yet closed).
  package var openConnectionCount: Int {
    engine.openConnections.load(ordering: .relaxed)
  }

  /// Connections accepted and handed to libmicrohttpd that no worker has started yet.
  ///
  /// One being handed over counts from just before `MHD_add_connection`, also when
  /// libmicrohttpd then refuses it.
  package var pendingConnectionCount: Int {
    engine.admittedConnections.load(ordering: .sequentiallyConsistent)
      - engine.openConnections.load(ordering: .sequentiallyConsistent)
  }

  /// Connections closed on accept so far because `configuration.maxConnections` were admitted
  /// (open, or waiting for their worker).
  package var refusedConnectionCount: Int {
    engine.refusedConnections.load(ordering: .relaxed)
  }

  /// Whether `drain()` has begun: its listener is closed (new connects are refused) and every
  /// answer from now on carries `Connection: close`.
  package var isDraining: Bool {
    engine.draining.load(ordering: .sequentiallyConsistent)
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
    let engine = self.engine
    engine.settled.wait(until: deadline()) {
      engine.liveRequests.load(ordering: .sequentiallyConsistent) == 0
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
  /// an idle one is waited for until its idle timeout (`connectionTimeout`) or the drain timeout
  /// closes it, whichever comes first.
  package func drain() {
    drain(until: deadline())
  }

  /// `drain()`, waiting until `deadline` at the latest instead of `configuration.drainTimeout`
  /// seconds: for a caller whose own timeline ends then.
  package func drain(until deadline: MonotonicClock.Instant) {
    guard daemon.withLock({ $0.quiesce() }) else { return }
    // After the listener closed: whoever sees `isDraining` knows new connects are refused.
    engine.draining.store(true, ordering: .sequentiallyConsistent)
    let engine = self.engine
    engine.settled.wait(until: deadline) {
      engine.liveRequests.load(ordering: .sequentiallyConsistent) == 0
        && engine.admittedConnections.load(ordering: .sequentiallyConsistent) == 0
    }
    daemon.withLock { $0.stop() }
  }

  /// `configuration.drainTimeout` seconds from now, on the monotonic clock.
  private func deadline() -> MonotonicClock.Instant {
    MonotonicClock.now.adding(seconds: configuration.drainTimeout)
  }
}

extension HTTPServer {
  /// The running libmicrohttpd daemon, the listener that feeds it, and the engine retained on
  /// its behalf.
  struct Daemon: ~Copyable {
    var pointer: OpaquePointer?
    var engine: Unmanaged<RequestEngine>?
    let listener: Listener

    init(pointer: OpaquePointer, engine: Unmanaged<RequestEngine>, listener: Listener) {
      self.pointer = pointer
      self.engine = engine
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

    /// Stops accepting and the accept thread, stops the daemon (closing every connection and
    /// joining its threads) and releases the engine.
    mutating func stop() {
      guard let pointer else { return }
      listener.stop()
      MHD_stop_daemon(pointer)
      self.pointer = nil
      engine?.release()
      engine = nil
    }
  }
}

/// Why an `HTTPServer` could not start.
package enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
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
      "cannot listen on \(HTTPSyntax.authority(host: host, port: port)) (errno \(errno))"
    }
  }
}
