import Glibc

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
