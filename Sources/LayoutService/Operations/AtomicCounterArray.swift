import Synchronization

/// A fixed number of 64-bit counters, each an `Atomic`, in one heap block.
///
/// `Atomic` cannot live in an `Array` (it is not copyable), so the counters are allocated
/// once and never move.
final class AtomicCounterArray: @unchecked Sendable {
  // @unchecked: `counters` is written only through atomic operations after `init`, and freed in
  // `deinit` when no other reference exists.
  private let counters: UnsafeMutablePointer<Atomic<UInt64>>
  /// The number of counters.
  let count: Int

  /// Creates `count` counters at 0.
  init(count: Int) {
    self.count = count
    counters = .allocate(capacity: count)
    for index in 0..<count {
      (counters + index).initialize(to: Atomic(0))
    }
  }

  deinit {
    counters.deinitialize(count: count)
    counters.deallocate()
  }

  /// Adds `amount` to counter `index`.
  @inline(__always)
  func add(_ amount: UInt64, at index: Int) {
    counters[index].wrappingAdd(amount, ordering: .relaxed)
  }

  /// The value of counter `index`.
  func load(_ index: Int) -> UInt64 {
    counters[index].load(ordering: .relaxed)
  }
}
