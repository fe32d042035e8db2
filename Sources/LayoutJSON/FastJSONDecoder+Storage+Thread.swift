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
}
