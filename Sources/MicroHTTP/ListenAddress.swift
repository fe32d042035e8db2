import Glibc

/// A parsed listen address: an IPv4 or IPv6 socket address with its port.
struct ListenAddress {
  private var storage = sockaddr_storage()
  /// Whether this is an IPv6 address.
  let isIPv6: Bool

  /// Parses `host` (`localhost`, an IPv4 literal, an IPv6 literal with or without brackets).
  init?(host: String, port: Int) {
    guard (0...65_535).contains(port) else { return nil }
    var literal = host == "localhost" ? "127.0.0.1" : host
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

  /// The size of the socket address in bytes.
  var length: socklen_t {
    socklen_t(isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
  }

  /// Calls `body` with a pointer to the socket address, valid only during the call.
  func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>) -> R) -> R {
    withUnsafePointer(to: storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0) }
    }
  }
}
