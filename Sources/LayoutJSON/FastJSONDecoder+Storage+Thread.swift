#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The key of the per-thread storage; its destructor releases the thread's storage.
private let threadStorageKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key) { pointer in
    guard let pointer else { return }
    Unmanaged<FastJSONDecoder.Storage>.fromOpaque(pointer).release()
  }
  precondition(status == 0, "pthread_key_create failed")
  return key
}()

extension FastJSONDecoder.Storage {
  /// The calling thread's storage, created on first use and freed when the thread exits.
  static var current: FastJSONDecoder.Storage {
    if let pointer = pthread_getspecific(threadStorageKey) {
      return Unmanaged<FastJSONDecoder.Storage>.fromOpaque(pointer).takeUnretainedValue()
    }
    let storage = FastJSONDecoder.Storage()
    pthread_setspecific(threadStorageKey, Unmanaged.passRetained(storage).toOpaque())
    return storage
  }

  /// This storage when no decode on this thread is using it, else a fresh one (a decode nested
  /// inside another on the same thread gets its own memory).
  var availableOrFresh: FastJSONDecoder.Storage {
    inUse ? FastJSONDecoder.Storage() : self
  }
}
