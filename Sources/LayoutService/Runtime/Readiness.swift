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

extension Readiness {
  /// `GET /healthz`: the process is up; never stored by a cache.
  static func answerHealth(_ response: inout HTTPResponse) {
    response.forbidStoring()
    response.write(#"{"status":"ok"}"#)
  }

  /// `GET /readyz`: 200 while the instance takes traffic, the 503 `draining` problem once it
  /// drains; never stored by a cache, which would answer 200 through the drain.
  func answerReadiness(_ response: inout HTTPResponse) throws(HTTPError) {
    guard isReady else { throw HTTPError.draining }
    response.forbidStoring()
    response.write(#"{"status":"ready"}"#)
  }
}
