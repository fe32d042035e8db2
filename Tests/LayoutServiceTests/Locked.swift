import Foundation

/// A value shared between test threads, guarded by an `NSLock` (a pthread mutex, which
/// ThreadSanitizer understands; `Synchronization.Mutex` locks with raw futex calls it cannot see).
final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched while `lock` is held.
  private var value: Value
  private let lock = NSLock()

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
