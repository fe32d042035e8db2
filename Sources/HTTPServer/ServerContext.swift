import Synchronization

/// What the libmicrohttpd callbacks need, handed to C as the callbacks' closure pointer.
///
/// Immutable except for the atomics, so it is shared by every worker thread without locks.
final class ServerContext: Sendable {
  let router: Router
  let maxBodyBytes: Int
  let maxConnections: Int
  let requestIDHeader: String
  /// Issues request ids when the configuration assigns them; `nil` otherwise.
  let requestIDs: RequestIDSource?
  let observer: (@Sendable (CompletedRequest) -> Void)?
  let beforeSend: (@Sendable (borrowing HTTPRequest, inout HTTPResponse) -> Void)?
  /// Requests whose per-request state is alive (created on their headers, released when they
  /// end).
  let liveRequests = Atomic<Int>(0)
  /// Connections admitted and not yet closed.
  let openConnections = Atomic<Int>(0)
  /// Connections closed on accept because `maxConnections` were open.
  let refusedConnections = Atomic<Int>(0)
  /// Set once the server drains: every answer then carries `Connection: close`.
  let draining = Atomic<Bool>(false)

  init(router: Router, configuration: HTTPServer.Configuration) {
    self.router = router
    self.maxBodyBytes = configuration.maxBodyBytes
    self.maxConnections = max(1, configuration.maxConnections)
    self.requestIDHeader = configuration.requestIDHeader
    self.requestIDs = configuration.assignsRequestIDs ? RequestIDSource() : nil
    self.observer = configuration.observer
    self.beforeSend = configuration.beforeSend
  }
}
