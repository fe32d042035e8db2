import Glibc

/// The response a worker thread lends to each handler it calls, so response buffers are
/// reused instead of allocated per request.
final class ResponseScratch {
  /// Buffers larger than this are dropped after use rather than kept for the next request.
  static let retainedCapacity = 1 << 20

  var response = HTTPResponse()

  /// The calling thread's scratch response, created on first use and freed when the thread
  /// exits.
  static func current() -> ResponseScratch {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<ResponseScratch>.fromOpaque(pointer).takeUnretainedValue()
    }
    let scratch = ResponseScratch()
    pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
    return scratch
  }

  /// Empties the response for the next request, dropping buffers that grew too large.
  func reset() {
    if response.body.capacity > Self.retainedCapacity { response.body = [] }
    response.reset()
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { pointer in
      if let pointer { Unmanaged<ResponseScratch>.fromOpaque(pointer).release() }
    }
    precondition(created == 0, "pthread_key_create failed")
    return key
  }()
}
