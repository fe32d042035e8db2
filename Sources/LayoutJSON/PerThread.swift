#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One instance of a class per thread: made on first use by the calling thread, released when
/// that thread exits.
///
/// For memory a thread reuses from call to call (the parser's tape, a worker's response
/// buffers). What `current` returns belongs to the calling thread: never hand it to another.
package final class PerThread<Value: AnyObject>: Sendable {
  private let key: pthread_key_t
  private let make: @Sendable () -> Value

  /// Creates the slot; `make` builds a thread's instance on its first `current`.
  package init(_ make: @escaping @Sendable () -> Value) {
    var key = pthread_key_t()
    // The destructor runs on the exiting thread with the pointer `current` stored.
    let status = pthread_key_create(&key) { pointer in
      if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
    }
    precondition(status == 0, "pthread_key_create failed")
    self.key = key
    self.make = make
  }

  /// The calling thread's instance.
  package var current: Value {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
    }
    let value = make()
    pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
    return value
  }
}
