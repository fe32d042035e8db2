import Glibc
import Synchronization

/// A `pthread_mutex_t` whose calls check their return codes.
///
/// The locks of this package are pthread mutexes rather than `Synchronization.Mutex`: on Linux
/// `Mutex` locks with raw futex calls that ThreadSanitizer does not model, so two threads taking
/// the same `Mutex` are reported as a race; pthread mutexes are understood.
package final class Lock: @unchecked Sendable {
  // @unchecked: the mutex is allocated once, never moves, and is only used through pthread
  // calls, which are made to be called from any thread.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A new, unlocked mutex (`pthread_mutex_init`).
  package init() {
    mutex = .allocate(capacity: 1)
    pthreadCall("pthread_mutex_init") { pthread_mutex_init(mutex, nil) }
  }

  deinit {
    pthreadCall("pthread_mutex_destroy") { pthread_mutex_destroy(mutex) }
    mutex.deallocate()
  }

  /// Takes the lock (`pthread_mutex_lock`), waiting as long as it takes.
  @inline(__always)
  package func lock() {
    pthreadCall("pthread_mutex_lock") { pthread_mutex_lock(mutex) }
  }

  /// Releases the lock (`pthread_mutex_unlock`); the calling thread must hold it.
  @inline(__always)
  package func unlock() {
    pthreadCall("pthread_mutex_unlock") { pthread_mutex_unlock(mutex) }
  }

  /// Runs `body` while holding the lock.
  @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A value that is only read or written while a `Lock` is held: the shape of
/// `Synchronization.Mutex`, on a lock ThreadSanitizer sees.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
  // @unchecked: `value` is only reached inside `withLock`, between `lock()` and `unlock()`; as
  // with `Mutex`, the value goes in and results come out `sending`, so no reference to a
  // non-Sendable value is shared with another thread through it.
  /// The value, allocated once: reached through a pointer, it needs no exclusivity check at run
  /// time, which the lock already gives.
  private let value: UnsafeMutablePointer<Value>
  private let lock = Lock()

  /// Guards `value`.
  package init(_ value: consuming sending Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
  }

  deinit {
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with the value while holding the lock.
  @inline(__always)
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value.pointee)
  }
}

/// A condition variable a waiter sleeps on until a predicate over atomics holds, and that the
/// threads changing those atomics wake only when someone waits.
///
/// `notifyIfAwaited()` costs one atomic load unless a waiter exists; the waiter sleeps without
/// holding any lock other than its own.
package final class ConditionSignal: @unchecked Sendable {
  // @unchecked: the mutex and condition are allocated once, never move and are only used through
  // pthread calls; `waiters` is atomic.
  private let lock = Lock()
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  /// Threads inside `wait`; changed under the lock.
  private let waiters = Atomic<Int>(0)

  /// A condition on the monotonic clock (`pthread_cond_init`, `CLOCK_MONOTONIC`).
  package init() {
    condition = .allocate(capacity: 1)
    var attributes = pthread_condattr_t()
    pthreadCall("pthread_condattr_init") { pthread_condattr_init(&attributes) }
    pthreadCall("pthread_condattr_setclock") { pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC) }
    pthreadCall("pthread_cond_init") { pthread_cond_init(condition, &attributes) }
    pthreadCall("pthread_condattr_destroy") { pthread_condattr_destroy(&attributes) }
  }

  deinit {
    pthreadCall("pthread_cond_destroy") { pthread_cond_destroy(condition) }
    condition.deallocate()
  }

  /// Wakes every waiter, if any. Call after changing what waiters test (with sequentially
  /// consistent stores, so that either the waiter sees the change or this call sees the waiter).
  package func notifyIfAwaited() {
    guard waiters.load(ordering: .sequentiallyConsistent) > 0 else { return }
    lock.withLock { pthreadCall("pthread_cond_broadcast") { pthread_cond_broadcast(condition) } }
  }

  /// Waits until `isSettled()` holds or the monotonic clock reaches `deadline`; returns whether
  /// it settled.
  @discardableResult
  package func wait(until deadline: MonotonicClock.Instant, _ isSettled: () -> Bool) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    waiters.add(1, ordering: .sequentiallyConsistent)
    defer { waiters.subtract(1, ordering: .sequentiallyConsistent) }
    while !isSettled() {
      guard MonotonicClock.now < deadline else { return false }
      var time = deadline.timespec
      _ = pthreadCall("pthread_cond_timedwait", answering: .timedOut) {
        pthread_cond_timedwait(condition, lock.mutex, &time)
      }
    }
    return true
  }
}

/// A counting semaphore (`sem_t`).
package final class Semaphore: @unchecked Sendable {
  // @unchecked: `sem_t` is made to be shared between threads; its storage is allocated once,
  // never moves, and is destroyed only in `deinit`, when no other reference exists.
  private let semaphore: UnsafeMutablePointer<sem_t>

  /// A semaphore holding `value`.
  package init(value: UInt32 = 0) {
    semaphore = .allocate(capacity: 1)
    systemCallOrStop("sem_init") { sem_init(semaphore, 0, value) }
  }

  deinit {
    systemCallOrStop("sem_destroy") { sem_destroy(semaphore) }
    semaphore.deallocate()
  }

  /// Adds one, waking a waiter if there is one (`sem_post`).
  package func signal() {
    systemCallOrStop("sem_post") { sem_post(semaphore) }
  }

  /// Takes one, waiting as long as it takes (`sem_wait`, again after `EINTR`).
  package func wait() {
    systemCallOrStop("sem_wait") { sem_wait(semaphore) }
  }

  /// Takes one, waiting at most `seconds`; `false` when the time ran out (`sem_timedwait`).
  package func wait(seconds: Double) -> Bool {
    var time = WallClock.now.adding(seconds: seconds).timespec
    switch systemCallOutcome("sem_timedwait", { sem_timedwait(semaphore, &time) }) {
    case .success: return true
    case .failure(.timedOut): return false
    case .failure(let error): stopProcess("sem_timedwait", failedWith: error)
    }
  }
}
