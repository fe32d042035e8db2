import Glibc

/// An IPv4 or IPv6 socket address with its port.
package struct SocketAddress: Sendable {
  private var storage = sockaddr_storage()
  /// Whether this is an IPv6 address.
  package let isIPv6: Bool

  /// Parses `host` (`localhost` in any case, an IPv4 literal, an IPv6 literal with or without
  /// brackets); nil when it is none of these or `port` is outside 0…65535.
  package init?(host: String, port: Int) {
    guard (0...65_535).contains(port) else { return nil }
    var literal = host.lowercased() == "localhost" ? "127.0.0.1" : host
    if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
    var v4 = sockaddr_in()
    if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = in_port_t(UInt16(port).bigEndian)
      withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: v4, as: sockaddr_in.self) }
      isIPv6 = false
      return
    }
    var v6 = sockaddr_in6()
    guard inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 else { return nil }
    v6.sin6_family = sa_family_t(AF_INET6)
    v6.sin6_port = in_port_t(UInt16(port).bigEndian)
    withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: v6, as: sockaddr_in6.self) }
    isIPv6 = true
  }

  /// Whether the address is the wildcard of its family (`0.0.0.0`, `::`): every interface.
  package var isWildcard: Bool {
    withUnsafeBytes(of: storage) { bytes in
      isIPv6
        ? bytes[8..<24].allSatisfy { $0 == 0 }  // sin6_addr
        : bytes[4..<8].allSatisfy { $0 == 0 }  // sin_addr
    }
  }

  /// The size of the socket address in bytes.
  package var length: socklen_t {
    socklen_t(isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
  }

  /// Calls `body` with a pointer to the socket address, valid only during the call.
  package func withSockaddr<Result, Failure: Error>(
    _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeBytes(of: storage) { (bytes) throws(Failure) in
      try body(bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
    }
  }
}

extension FileDescriptor {
  /// A new TCP socket for `address`'s family, close-on-exec (`socket(2)`).
  package static func tcpSocket(for address: SocketAddress) throws(Errno) -> FileDescriptor {
    let family = address.isIPv6 ? AF_INET6 : AF_INET
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    return FileDescriptor(rawValue: try systemCall("socket") { socket(family, type, 0) })
  }

  /// Sets an integer socket option (`setsockopt(2)`).
  package func setOption(_ level: Int32, _ name: Int32, _ value: Int32) throws(Errno) {
    var value = value
    _ = try systemCall("setsockopt") {
      setsockopt(rawValue, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }
  }

  /// Sets the send and receive timeouts of a blocking socket (`SO_SNDTIMEO`, `SO_RCVTIMEO`).
  package func setTimeouts(seconds: Double) throws(Errno) {
    var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1e6))
    let size = socklen_t(MemoryLayout<timeval>.size)
    _ = try systemCall("setsockopt") { setsockopt(rawValue, SOL_SOCKET, SO_RCVTIMEO, &limit, size) }
    _ = try systemCall("setsockopt") { setsockopt(rawValue, SOL_SOCKET, SO_SNDTIMEO, &limit, size) }
  }

  /// Binds the socket to `address` (`bind(2)`).
  package func bind(to address: SocketAddress) throws(Errno) {
    _ = try address.withSockaddr { (pointer, length) throws(Errno) in
      try systemCall("bind") { Glibc.bind(rawValue, pointer, length) }
    }
  }

  /// Listens with a queue of `backlog` completed connects (`listen(2)`).
  package func listen(backlog: Int) throws(Errno) {
    _ = try systemCall("listen") { Glibc.listen(rawValue, Int32(clamping: backlog)) }
  }

  /// Connects to `address` (`connect(2)`); with a send timeout set, gives up after it.
  package func connect(to address: SocketAddress) throws(Errno) {
    _ = try address.withSockaddr { (pointer, length) throws(Errno) in
      try systemCall("connect") { Glibc.connect(rawValue, pointer, length) }
    }
  }

  /// Accepts one completed connect (`accept(2)`) and calls
  /// `body` with it and its peer's address, valid only during the call.
  package func accept<Result>(
    _ body: (FileDescriptor, UnsafePointer<sockaddr>, socklen_t) -> Result
  ) throws(Errno) -> Result {
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let client = try withUnsafeMutableBytes(of: &address) { (bytes) throws(Errno) in
      try systemCall("accept") {
        Glibc.accept(rawValue, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
      }
    }
    return withUnsafeBytes(of: address) {
      body(FileDescriptor(rawValue: client), $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
    }
  }

  /// Sends up to `bytes.count` bytes once without raising SIGPIPE (`send(2)`, `MSG_NOSIGNAL`).
  package func send(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try systemCall("send") { Glibc.send(rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Receives up to `buffer.count` bytes (`recv(2)`); 0 when the peer has closed.
  package func receive(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try systemCall("recv") { recv(rawValue, buffer.baseAddress, buffer.count, 0) }
  }

  /// Closes the sending half (`shutdown(2)`, `SHUT_WR`): the peer reads end-of-stream after
  /// what was sent.
  ///
  /// Returns false, without throwing, when the socket is no longer connected (`ENOTCONN`: the
  /// peer reset it), where there is no peer left to tell.
  @discardableResult
  package func shutdownWrite() throws(Errno) -> Bool {
    try shutdown(Int32(SHUT_WR))
  }

  /// Closes the receiving half (`shutdown(2)`, `SHUT_RD`): reads return end-of-stream at once,
  /// also in another thread that waits for input; what is sent still goes out.
  ///
  /// Returns false, without throwing, when the socket is no longer connected (`ENOTCONN`: the
  /// peer reset it), where reads end all the same.
  @discardableResult
  package func shutdownRead() throws(Errno) -> Bool {
    try shutdown(Int32(SHUT_RD))
  }

  /// Closes the half `how` names; false when the socket is no longer connected (`ENOTCONN`).
  private func shutdown(_ how: Int32) throws(Errno) -> Bool {
    switch systemCallOutcome("shutdown", { Glibc.shutdown(rawValue, how) }) {
    case .success: return true
    case .failure(let error) where error.rawValue == ENOTCONN: return false
    case .failure(let error): throw error
    }
  }

  /// The bytes received and not yet read (`ioctl(2)`, `SIOCINQ`).
  package func unreadByteCount() throws(Errno) -> Int {
    var count: Int32 = 0
    // SIOCINQ is FIONREAD (linux/sockios.h), which Glibc's module does not export.
    _ = try systemCall("ioctl") { ioctl(rawValue, UInt(FIONREAD), &count) }
    return Int(count)
  }

  /// The port the socket is bound to (`getsockname(2)`), or 0 when it cannot be read.
  package var localPort: Int {
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let found = withUnsafeMutableBytes(of: &address) { bytes in
      try? systemCall("getsockname") {
        getsockname(rawValue, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), &length)
      }
    }
    guard found != nil else { return 0 }
    return withUnsafeBytes(of: address) { bytes in
      // `sin_port` and `sin6_port` are both at offset 2, in network byte order.
      Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: 2, as: UInt16.self)))
    }
  }
}
