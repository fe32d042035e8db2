import Glibc

/// A value guarded by a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` where threads contend: on Linux `Mutex` locks with
/// raw futex calls that ThreadSanitizer cannot see, so every access it guards is reported as a
/// race, while a pthread mutex is understood.
final class PosixLocked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only read or written between `pthread_mutex_lock` and
  // `pthread_mutex_unlock` on `mutex`, whose storage is allocated once and never moves.
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock.
  @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
