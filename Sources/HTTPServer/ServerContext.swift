import Synchronization

/// What the libmicrohttpd callbacks need, handed to C as the callbacks' closure pointer.
///
/// Immutable except for the atomic counter, so it is shared by every worker thread without
/// locks.
final class ServerContext: Sendable {
  let router: Router
  let maxBodyBytes: Int
  let requestIDHeader: String
  let observer: (@Sendable (CompletedRequest) -> Void)?
  /// Requests whose per-request state is alive (created on their headers, released when they
  /// end).
  let liveRequests = Atomic<Int>(0)

  init(router: Router, configuration: HTTPServer.Configuration) {
    self.router = router
    self.maxBodyBytes = configuration.maxBodyBytes
    self.requestIDHeader = configuration.requestIDHeader
    self.observer = configuration.observer
  }
}
