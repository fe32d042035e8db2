import Glibc

/// A raw TCP connection to 127.0.0.1 from a chosen loopback source address (127.0.0.2 …), for
/// per-client limits; reads are bounded by `timeout`.
final class LoopbackSocket {
  let descriptor: Int32

  /// Connects from `source` to 127.0.0.1:`port`; `nil` when the connect itself fails.
  init?(from source: String = "127.0.0.1", port: Int, timeout: Double = 2) {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    inet_pton(AF_INET, source, &local.sin_addr)
    var remote = sockaddr_in()
    remote.sin_family = sa_family_t(AF_INET)
    remote.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) }
    }
    let connected = withUnsafePointer(to: &remote) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, size) }
    }
    guard bound == 0, connected == 0 else {
      close(descriptor)
      return nil
    }
  }

  deinit {
    close(descriptor)
  }

  /// Sends `text`; `false` when the connection is gone.
  @discardableResult
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      == bytes.count
  }

  /// What the server sends until `isComplete` holds for the text so far, the server closes, or
  /// `timeout` passes with nothing new; `closed` is `true` when the server closed (end-of-stream
  /// or reset). By default it reads until the server closes.
  func receive(until isComplete: (String) -> Bool = { _ in false }) -> (text: String, closed: Bool) {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += chunk[0..<count]
        if isComplete(String(decoding: received, as: UTF8.self)) {
          return (String(decoding: received, as: UTF8.self), false)
        }
        continue
      }
      let failure = errno
      let closed = count == 0 || (failure != EAGAIN && failure != EINTR)
      return (String(decoding: received, as: UTF8.self), closed)
    }
  }
}
