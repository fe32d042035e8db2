import Glibc

extension HTTPTestClient {
  /// Receives more bytes into the buffer; `false` at end-of-stream.
  func fill() throws(HTTPTestClientError) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received.append(contentsOf: chunk[0..<count])
        return true
      }
      if count == 0 { return false }
      switch errno {
      case EINTR: continue
      case EAGAIN: throw .timedOut
      default: throw .receiveFailed(errno: errno)
      }
    }
  }
}
