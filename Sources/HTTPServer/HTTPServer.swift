internal import CMicroHTTPD
import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that answers requests through a `Router`.
///
/// The server listens from `init` until `stop()` (or until it is deinitialized). Handlers run
/// on libmicrohttpd's worker threads, several at once.
public final class HTTPServer: Sendable {
  /// The configuration the server was started with.
  public let configuration: Configuration
  /// The bound TCP port (the real one when the configuration asked for port 0).
  public let port: Int

  private let context: ServerContext
  private let daemon: Mutex<Daemon>

  /// Starts listening on `configuration.host`:`configuration.port`, answering with `router`.
  public init(configuration: Configuration, router: Router) throws(HTTPServerError) {
    let host = configuration.host
    guard let address = ListenAddress(host: host, port: configuration.port) else {
      throw .invalidAddress(host: host, port: configuration.port)
    }
    let context = ServerContext(router: router, configuration: configuration)
    let retained = Unmanaged.passRetained(context)
    var options = Self.options(configuration, context: retained.toOpaque())
    errno = 0
    let started = address.withSockaddr { sockaddr in
      options.append(
        MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: sockaddr)))
      options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
      return CMicroHTTPD_start_daemon_with_policy(
        Self.flags(configuration, ipv6: address.isIPv6), admitConnection, retained.toOpaque(), serveRequest,
        retained.toOpaque(), options)
    }
    guard let started else {
      let failure = errno
      retained.release()
      if failure == EADDRINUSE || address.isInUse() {
        throw .addressInUse(host: host, port: configuration.port)
      }
      throw .cannotStart(host: host, port: configuration.port, errno: failure)
    }
    self.configuration = configuration
    self.context = context
    self.port = Int(CMicroHTTPD_bound_port(started))
    self.daemon = Mutex(Daemon(pointer: started, context: retained))
  }

  deinit {
    stop()
  }

  /// Requests whose state the server holds: begun (headers parsed) and not yet ended.
  /// 0 once the server has stopped.
  public var liveRequestCount: Int {
    context.liveRequests.load(ordering: .relaxed)
  }

  /// Connections open now (admitted and not yet closed).
  public var openConnectionCount: Int {
    context.openConnections.load(ordering: .relaxed)
  }

  /// Connections closed on accept so far because `configuration.maxConnections` were open.
  public var refusedConnectionCount: Int {
    context.refusedConnections.load(ordering: .relaxed)
  }

  /// Whether `drain()` has begun.
  public var isDraining: Bool {
    context.draining.load(ordering: .relaxed)
  }

  /// Stops accepting connections: new connects are refused, while open connections are still
  /// served. Idempotent.
  public func quiesce() {
    daemon.withLock { $0.quiesce() }
  }

  /// Stops the server: stops accepting, waits up to `configuration.drainTimeout` seconds for
  /// requests in flight to be answered, then closes every connection and joins the worker
  /// threads. Idempotent.
  public func stop() {
    daemon.withLock { daemon in
      guard daemon.pointer != nil else { return }
      daemon.quiesce()
      let deadline = monotonicNanoseconds() + UInt64(max(0, configuration.drainTimeout) * 1e9)
      while context.liveRequests.load(ordering: .relaxed) > 0, monotonicNanoseconds() < deadline {
        usleep(1000)
      }
      daemon.stop()
    }
  }

  /// Stops the server gracefully: from now on every answer carries `Connection: close`, new
  /// connects are refused, and the server waits up to `configuration.drainTimeout` seconds until
  /// no request is in flight and every client has closed its connection, then stops as `stop()`
  /// does. Idempotent.
  ///
  /// A keep-alive client that sends another request gets its answer and is then disconnected;
  /// an idle one is waited for until its idle timeout (`connectionTimeout`) or the drain timeout
  /// closes it, whichever comes first.
  public func drain() {
    context.draining.store(true, ordering: .relaxed)
    daemon.withLock { daemon in
      guard daemon.pointer != nil else { return }
      daemon.quiesce()
      let deadline = monotonicNanoseconds() + UInt64(max(0, configuration.drainTimeout) * 1e9)
      while context.liveRequests.load(ordering: .relaxed) > 0
        || context.openConnections.load(ordering: .relaxed) > 0,
        monotonicNanoseconds() < deadline
      {
        usleep(1000)
      }
      daemon.stop()
    }
  }
}
