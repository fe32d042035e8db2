import MicroHTTP
import Synchronization

/// Whether this instance wants new traffic: `GET /readyz` answers 200 until `beginDraining()`,
/// then 503, while `GET /healthz` keeps answering 200.
package final class Readiness: Sendable {
  private let draining = Atomic<Bool>(false)

  /// Creates a ready state.
  package init() {}

  /// Whether the instance is ready (not draining).
  package var isReady: Bool {
    !draining.load(ordering: .relaxed)
  }

  /// Marks the instance as shutting down; `/readyz` answers 503 from now on.
  package func beginDraining() {
    draining.store(true, ordering: .relaxed)
  }
}

extension Router {
  /// Routes the probes: `GET /healthz` (the process is up) and `GET /readyz` (it takes traffic).
  mutating func addProbes(_ readiness: Readiness) {
    add(.get, "/healthz") { _, response in response.write(#"{"status":"ok"}"#) }
    add(.get, "/readyz") { _, response in
      guard readiness.isReady else { throw HTTPError.draining }
      response.write(#"{"status":"ready"}"#)
    }
  }
}
