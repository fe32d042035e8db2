import Posix
import Synchronization

/// A running server's own state, apart from any one request: what libmicrohttpd's callbacks
/// reach through their `cls` (with the engine that answers each request), the accept thread
/// (`Listener`) and `HTTPServer`'s drain read and write.
///
/// Made by `HTTPServer`, which holds it (retained for the daemon) until the daemon has stopped.
/// Its counters are the server's gauges (`ServerGauges`), which whoever reports them (/metrics)
/// is handed at start: they hold nothing that leads back to the engine or the service.
final class ServerState: Sendable {
  /// Answers each request.
  let engine: RequestEngine
  /// The counters.
  let gauges: ServerGauges
  /// Set once the server drains: every answer on a connection then carries `Connection: close`.
  let draining = Atomic<Bool>(false)
  /// Wakes `stop()` and `drain()` when a request ends or a connection closes.
  let settled = ConditionSignal()
  /// Watches each connection for its client's close, which libmicrohttpd's epoll workers miss
  /// in part.
  let closeWatcher: CloseWatcher
  /// `Configuration.maxConnections`: what `admitConnection` compares with.
  let maxConnections: Int
  /// `Configuration.maxHeaderBytes`: what a request line and header block may take.
  let maxHeaderBytes: Int

  /// The state of a server answering through `engine` within `configuration`'s limits, its
  /// connections watched by `closeWatcher`.
  init(configuration: HTTPServer.Configuration, engine: RequestEngine, closeWatcher: CloseWatcher) {
    self.engine = engine
    self.closeWatcher = closeWatcher
    gauges = ServerGauges(bodyMemory: engine.bodyMemory)
    maxConnections = max(1, configuration.maxConnections)
    maxHeaderBytes = max(1024, configuration.maxHeaderBytes)
  }
}

/// A running server's counters: requests and connections in flight and refused, body bytes read,
/// and the body budget. Written by the server alone; read by tests and by what reports them
/// (`HTTPObserver.serverStarted(_:)` hands them to the service's observers).
package final class ServerGauges: Sendable {
  /// Requests begun and not yet ended on a connection: counted from their headers
  /// (`serveRequest`) to their end (`endRequest`).
  let liveRequests = Atomic<Int>(0)
  /// Connections libmicrohttpd has started and not yet closed.
  let openConnections = Atomic<Int>(0)
  /// Connections handed to libmicrohttpd (`Listener`) and not yet closed: started, or waiting
  /// in a worker's queue.
  ///
  /// libmicrohttpd queues a connection added from another thread until its worker's next turn,
  /// and `MHD_stop_daemon` closes what is still queued unserved: the drain waits for this count,
  /// not `openConnections`, and admission compares it, so a burst of connects cannot pass the
  /// limit before any has started. One counter, so that no reader adds two values read apart.
  /// (A worker that cannot allocate a connection's memory pool drops it without telling, and
  /// its slot stays counted: libmicrohttpd 0.9.75 gives no sign of it.)
  let admittedConnections = Atomic<Int>(0)
  /// Connections closed on accept because `maxConnections` were admitted.
  let refusedConnections = Atomic<Int>(0)
  /// Connections closed on accept because their client address had
  /// `perClientConnectionLimit` open (libmicrohttpd's per-address limit).
  let refusedPerClientConnections = Atomic<Int>(0)
  /// Request body bytes read off connections so far, over all requests.
  let receivedBodyBytes = Atomic<Int>(0)
  /// The engine's body budget.
  private let bodyMemory: BodyMemory

  init(bodyMemory: BodyMemory) {
    self.bodyMemory = bodyMemory
  }

  /// Requests whose state the server holds: begun (headers parsed) and not yet ended.
  /// 0 once the server has stopped.
  package var liveRequestCount: Int { liveRequests.load(ordering: .relaxed) }

  /// Connections open now (started by libmicrohttpd and not yet closed).
  package var openConnectionCount: Int { openConnections.load(ordering: .relaxed) }

  /// Connections accepted and handed to libmicrohttpd, not yet closed: open, or waiting for
  /// their worker.
  package var admittedConnectionCount: Int { admittedConnections.load(ordering: .sequentiallyConsistent) }

  /// Connections accepted and handed to libmicrohttpd that no worker has started yet.
  ///
  /// One being handed over counts from just before `MHD_add_connection`, also when
  /// libmicrohttpd then refuses it.
  package var pendingConnectionCount: Int {
    admittedConnections.load(ordering: .sequentiallyConsistent)
      - openConnections.load(ordering: .sequentiallyConsistent)
  }

  /// Connections closed on accept so far because `Configuration.maxConnections` were admitted
  /// (open, or waiting for their worker).
  package var refusedConnectionCount: Int { refusedConnections.load(ordering: .relaxed) }

  /// Connections closed on accept so far because their client address had
  /// `Configuration.perClientConnectionLimit` open.
  package var refusedPerClientConnectionCount: Int { refusedPerClientConnections.load(ordering: .relaxed) }

  /// Request body bytes the server has read so far, over all requests: a test that sends a
  /// body in pieces waits on it to know each piece arrived on its own.
  package var receivedBodyByteCount: Int { receivedBodyBytes.load(ordering: .relaxed) }

  /// Request-body and answer bytes held now, against `bodyMemoryLimit`.
  package var heldBodyBytes: Int { bodyMemory.heldBytes }

  /// The body budget, `Configuration.maxBodyMemory`.
  package var bodyMemoryLimit: Int { bodyMemory.limit }

  /// Requests and answers refused so far because the body budget was spent (answered 503).
  package var bodyMemoryRefusalCount: Int { bodyMemory.refusalCount }
}
