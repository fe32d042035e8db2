internal import CMicroHTTPD

/// An answer's bytes given to libmicrohttpd without a copy: it reads them as it sends them and
/// frees them with its response.
///
/// A large answer (a batch's) would otherwise be held twice while it is sent: the handler's
/// buffer and libmicrohttpd's copy. The bytes are read inside `withUnsafeBytes` on every call,
/// so no pointer to them outlives a call.
final class HandedOverBody {
  /// libmicrohttpd's buffer for each read, in bytes: what it sends at once.
  static let blockSize = 32 << 10

  private let bytes: [UInt8]

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// A libmicrohttpd response that sends `body` (`MHD_create_response_from_callback`), which it
  /// takes, leaving `body` empty; nil when libmicrohttpd cannot make one.
  static func response(taking body: inout [UInt8]) -> OpaquePointer? {
    let owner = Unmanaged.passRetained(HandedOverBody(body))
    body = []
    let count = owner.takeUnretainedValue().bytes.count
    let made = MHD_create_response_from_callback(
      UInt64(count), min(blockSize, max(count, 1)), readHandedOverBody, owner.toOpaque(), freeHandedOverBody)
    if made == nil { owner.release() }
    return made
  }

  /// Copies up to `limit` bytes from `position` to `destination`; how many.
  fileprivate func read(at position: UInt64, into destination: UnsafeMutablePointer<CChar>, limit: Int) -> Int
  {
    bytes.withUnsafeBytes { source in
      let start = Int(clamping: position)
      guard start < source.count, let base = source.baseAddress else { return 0 }
      let count = min(limit, source.count - start)
      UnsafeMutableRawPointer(destination).copyMemory(from: base + start, byteCount: count)
      return count
    }
  }
}

/// libmicrohttpd's content reader (`MHD_ContentReaderCallback`): the next bytes of the answer.
private func readHandedOverBody(
  _ context: UnsafeMutableRawPointer?, _ position: UInt64, _ destination: UnsafeMutablePointer<CChar>?,
  _ limit: Int
) -> Int {
  guard let context, let destination else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
  return Unmanaged<HandedOverBody>.fromOpaque(context).takeUnretainedValue()
    .read(at: position, into: destination, limit: limit)
}

/// libmicrohttpd's content reader free callback (`MHD_ContentReaderFreeCallback`): the response
/// is destroyed, its bytes are let go.
private func freeHandedOverBody(_ context: UnsafeMutableRawPointer?) {
  guard let context else { return }
  Unmanaged<HandedOverBody>.fromOpaque(context).release()
}
