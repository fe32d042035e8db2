import Synchronization

/// Whether this instance wants new traffic: `GET /readyz` answers 200 until `beginDraining()`,
/// then 503, while `GET /healthz` keeps answering 200.
public final class Readiness: Sendable {
  private let draining = Atomic<Bool>(false)

  /// Creates a ready state.
  public init() {}

  /// Whether the instance is ready (not draining).
  public var isReady: Bool {
    !draining.load(ordering: .relaxed)
  }

  /// Marks the instance as shutting down; `/readyz` answers 503 from now on.
  public func beginDraining() {
    draining.store(true, ordering: .relaxed)
  }
}
