import Glibc
import Synchronization

/// A thread of its own (`pthread_create`), for loops that must not run on a worker: the accept
/// loop, the log writer, a signal waiter.
package struct PosixThread: ~Copyable {
  private let thread: pthread_t

  /// Starts a thread that runs `body`; stops the process if no thread can be made.
  package init(_ body: @escaping @Sendable () -> Void) {
    final class Box {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    pthreadCall("pthread_create") {
      pthread_create(
        &thread, nil,
        { argument in
          Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
          return nil
        }, box)
    }
    self.thread = thread
  }

  /// Waits for the thread to end (`pthread_join`).
  package consuming func join() {
    pthreadCall("pthread_join") { pthread_join(thread, nil) }
  }

  /// Lets the thread end on its own (`pthread_detach`).
  package consuming func detach() {
    pthreadCall("pthread_detach") { pthread_detach(thread) }
  }
}

/// One instance of a class per thread (`pthread_key_create`): made on first use by the calling
/// thread, released when that thread exits.
///
/// For memory a thread reuses from call to call (the parser's scratch, a worker's response
/// buffers, a shard index). What `current` returns belongs to the calling thread: never hand it
/// to another.
@usableFromInline
package final class PerThread<Value: AnyObject>: Sendable {
  @usableFromInline let key: pthread_key_t
  private let make: @Sendable () -> Value

  /// Creates the slot; `make` builds a thread's instance on its first `current`.
  package init(_ make: @escaping @Sendable () -> Value) {
    var key = pthread_key_t()
    // The destructor runs on the exiting thread with the pointer `current` stored.
    pthreadCall("pthread_key_create") {
      pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
      }
    }
    self.key = key
    self.make = make
  }

  /// The calling thread's instance.
  @inlinable
  package var current: Value {
    Unmanaged<Value>.fromOpaque(currentPointer).takeUnretainedValue()
  }

  /// Calls `body` with the calling thread's instance, neither retained nor released for it: the
  /// thread's slot holds a reference until the thread exits, so the instance outlives the call.
  /// (`current` costs a retain and a release, which the hot paths count.)
  ///
  /// Inlinable, so that a caller in another module gets it specialized, not through metadata.
  @inlinable @inline(__always)
  package func withCurrent<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    try Unmanaged<Value>.fromOpaque(currentPointer)._withUnsafeGuaranteedRef(body)
  }

  /// The calling thread's instance (`pthread_getspecific`), made on its first use.
  @inlinable @inline(__always)
  var currentPointer: UnsafeMutableRawPointer {
    if let pointer = pthread_getspecific(key) { return pointer }
    return makeCurrent()
  }

  /// Makes the calling thread's instance and stores it (`pthread_setspecific`, retained).
  @usableFromInline
  func makeCurrent() -> UnsafeMutableRawPointer {
    let pointer = Unmanaged.passRetained(make()).toOpaque()
    pthreadCall("pthread_setspecific") { pthread_setspecific(key, pointer) }
    return pointer
  }
}

/// A small number per thread, handed out in the order threads first ask: splits counters and
/// buffers into shards that threads rarely share, and makes per-thread counts unique in the
/// process.
package enum ThreadIndex {
  /// How many shards sharded state has: enough for the worker threads of one server.
  package static let shardCount = 8

  /// One thread's index, and a count of its own.
  private final class Slot {
    let index: Int
    var count: UInt64 = 0
    init(_ index: Int) { self.index = index }
  }

  private static let next = Atomic<Int>(0)
  private static let perThread = PerThread {
    Slot(next.wrappingAdd(1, ordering: .relaxed).oldValue & 0xFF_FFFF)
  }

  /// The calling thread's index (0, 1, 2 … in the order threads first asked).
  @inline(__always)
  package static var current: Int { perThread.withCurrent { $0.index } }

  /// The calling thread's shard: `current % shardCount`.
  @inline(__always)
  package static var shard: Int { current % shardCount }

  /// A number no other call in the process returns: the thread's index in the top 24 bits, the
  /// thread's own count in the low 40. Writes no memory another thread writes.
  @inline(__always)
  package static func nextUnique() -> UInt64 {
    perThread.withCurrent { slot in
      slot.count &+= 1
      return UInt64(slot.index) << 40 | (slot.count & 0xFF_FFFF_FFFF)
    }
  }
}
