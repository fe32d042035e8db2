import Glibc
import LayoutJSON
import Synchronization

/// A value guarded by a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` where threads contend: on Linux `Mutex` locks with
/// raw futex calls that ThreadSanitizer cannot see, so every access it guards is reported as a
/// race, while a pthread mutex is understood.
final class PosixLocked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only read or written between `pthread_mutex_lock` and
  // `pthread_mutex_unlock` on `mutex`, whose storage is allocated once and never moves; `Value`
  // is `Sendable`, so what `withLock` hands out may cross threads.
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

/// A counting semaphore on POSIX `sem_t`, so the service needs no Dispatch.
final class PosixSemaphore: @unchecked Sendable {
  // @unchecked: `sem_t` is made to be shared between threads; its storage is allocated once,
  // never moves, and is destroyed only in `deinit`, when no other reference exists.
  private let semaphore: UnsafeMutablePointer<sem_t>

  init(value: UInt32 = 0) {
    semaphore = .allocate(capacity: 1)
    sem_init(semaphore, 0, value)
  }

  deinit {
    sem_destroy(semaphore)
    semaphore.deallocate()
  }

  /// Adds one, waking a waiter if there is one.
  func signal() {
    sem_post(semaphore)
  }

  /// Takes one, waiting as long as it takes.
  func wait() {
    while sem_wait(semaphore) != 0, errno == EINTR {}
  }

  /// Takes one, waiting at most `seconds`; `false` when the time ran out.
  func wait(seconds: Double) -> Bool {
    var deadline = timespec()
    clock_gettime(CLOCK_REALTIME, &deadline)
    let nanoseconds = Int(deadline.tv_nsec) + Int((seconds - seconds.rounded(.down)) * 1e9)
    deadline.tv_sec += Int(seconds.rounded(.down)) + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    while true {
      if sem_timedwait(semaphore, &deadline) == 0 { return true }
      if errno != EINTR { return false }
    }
  }
}

/// A small number per thread, handed out in the order threads first ask, so that counters and
/// buffers can be split into shards that threads rarely share (no cache line bouncing between
/// cores, no lock contention).
///
/// Shards stay exact when threads do share one (their updates are atomic or locked); the index
/// only makes sharing rare.
enum ThreadIndex {
  /// How many shards sharded state has: enough for the worker threads of one server.
  static let shardCount = 8

  /// One thread's index.
  private final class Index {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  private static let next = Atomic<Int>(0)

  /// Each thread's index, handed out on its first use.
  private static let perThread = PerThread {
    Index(next.wrappingAdd(1, ordering: .relaxed).oldValue & 0xFFFF)
  }

  /// The calling thread's index.
  @inline(__always)
  static var current: Int { perThread.current.value }
}
