import Glibc

/// `layoutd --health-check`: asks a running layoutd for `GET /healthz` and exits 0 on a 200.
///
/// For a container `HEALTHCHECK` in an image with no shell and no HTTP client. It asks the
/// address the server binds with the same flags and environment (`--host`, `LAYOUTD_HOST`,
/// `--port`, `LAYOUTD_PORT`, `PORT`); a wildcard host (`0.0.0.0`, `::`) is asked on its loopback
/// (`127.0.0.1`, `::1`). One deadline bounds the connect, the send and the wait for the status
/// line; anything but a 200 in time is a failure, told in one line on stderr.
package struct HealthCheck: Sendable {
  /// The address asked: the server's host with `localhost` and wildcards made loopback.
  package let host: String
  /// The port asked.
  package let port: Int
  /// Seconds the whole exchange may take.
  package let timeout: Double

  /// Seconds `layoutd --health-check` waits for the answer.
  package static let defaultTimeout = 2.0

  /// The check of the server `options` describe.
  package init(options: LayoutdOptions, timeout: Double = Self.defaultTimeout) {
    var literal = options.host == "localhost" ? "127.0.0.1" : options.host
    if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
    var v4 = in_addr()
    var v6 = in6_addr()
    if inet_pton(AF_INET, literal, &v4) == 1, v4.s_addr == 0 {
      literal = "127.0.0.1"
    } else if inet_pton(AF_INET6, literal, &v6) == 1,
      withUnsafeBytes(of: v6, { $0.allSatisfy { $0 == 0 } })
    {
      literal = "::1"
    }
    host = literal
    port = options.port
    self.timeout = timeout
  }

  /// The URL asked, for messages.
  package var url: String {
    "http://\(authority)/healthz"
  }

  /// Asks and returns the exit status: 0 on a 200, else 1 after one line on stderr.
  package func run() -> Int32 {
    guard let failure = check() else { return 0 }
    StandardError.line("layoutd: health check \(url): \(failure)")
    return 1
  }

  /// Asks `GET /healthz`; `nil` when it answered 200 in time, else what went wrong.
  package func check() -> Failure? {
    guard port != 0 else { return .noPort }
    var address = sockaddr_storage()
    let family: Int32
    let length: Int
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = in_port_t(UInt16(port).bigEndian)
      withUnsafeMutableBytes(of: &address) { $0.storeBytes(of: v4, as: sockaddr_in.self) }
      (family, length) = (AF_INET, MemoryLayout<sockaddr_in>.size)
    } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = in_port_t(UInt16(port).bigEndian)
      withUnsafeMutableBytes(of: &address) { $0.storeBytes(of: v6, as: sockaddr_in6.self) }
      (family, length) = (AF_INET6, MemoryLayout<sockaddr_in6>.size)
    } else {
      return .invalidHost
    }

    let deadline = Self.now() + timeout
    let socket = Glibc.socket(
      family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { return .system("socket", errno) }
    defer { close(socket) }

    // Connect: a non-blocking connect is in progress until the socket turns writable.
    let connected = withUnsafeBytes(of: &address) {
      connect(socket, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(length))
    }
    if connected != 0 {
      guard errno == EINPROGRESS else { return .system("connect", errno) }
      guard Self.wait(socket, for: Int16(POLLOUT), until: deadline) else {
        return .timedOut(phase: "connecting", seconds: timeout)
      }
      var error: Int32 = 0
      var size = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &size)
      guard error == 0 else { return .system("connect", error) }
    }

    let request = Array(
      "GET /healthz HTTP/1.1\r\nHost: \(authority)\r\nUser-Agent: layoutd-health-check\r\nConnection: close\r\n\r\n"
        .utf8)
    var sent = 0
    while sent < request.count {
      let count = request.withUnsafeBytes {
        send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count >= 0 {
        sent += count
      } else if errno == EAGAIN || errno == EINTR {
        guard Self.wait(socket, for: Int16(POLLOUT), until: deadline) else {
          return .timedOut(phase: "sending", seconds: timeout)
        }
      } else {
        return .system("send", errno)
      }
    }

    // Only the status line matters: read until its CRLF (a status line is far shorter than 512).
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 512)
    while !received.contains(UInt8(ascii: "\n")), received.count < 512 {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += chunk[..<count]
      } else if count == 0 {
        return .closed
      } else if errno == EAGAIN || errno == EINTR {
        guard Self.wait(socket, for: Int16(POLLIN), until: deadline) else {
          return .timedOut(phase: "waiting for the status line", seconds: timeout)
        }
      } else {
        return .system("recv", errno)
      }
    }
    let line = String(
      decoding: received.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    let parts = line.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].hasPrefix("HTTP/1."), parts[1].prefix(3).allSatisfy(\.isNumber)
    else {
      return .notHTTP(String(line.prefix(80)))
    }
    return parts[1].hasPrefix("200") && (parts[1].count == 3 || parts[1].dropFirst(3).first == " ")
      ? nil : .status(String(parts[1]))
  }

  /// `host:port` as `Host` wants it: an IPv6 literal in brackets.
  private var authority: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// Waits until `socket` is ready for `events` (or has an error or hang-up to report) or the
  /// deadline passes; whether it became ready.
  private static func wait(_ socket: Int32, for events: Int16, until deadline: Double) -> Bool {
    while true {
      let left = deadline - now()
      guard left > 0 else { return false }
      var entry = pollfd(fd: socket, events: events, revents: 0)
      let ready = poll(&entry, 1, Int32((left * 1000).rounded(.up)))
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return true }  // the next call on the socket reports it
    }
  }

  /// The monotonic clock, in seconds.
  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

extension HealthCheck {
  /// Why a health check failed.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The port is 0 (any free one): there is no port to ask.
    case noPort
    /// The host is not `localhost` or an IP literal.
    case invalidHost
    /// A socket call failed with this `errno` (a refused connect is `connect`, `ECONNREFUSED`).
    case system(String, Int32)
    /// The deadline, `seconds` after the start, passed while doing `phase`.
    case timedOut(phase: String, seconds: Double)
    /// The server closed the connection before a whole status line.
    case closed
    /// The answer does not start with an HTTP/1.x status line; its first bytes.
    case notHTTP(String)
    /// The server answered with this status and reason, not 200.
    case status(String)

    /// One line for stderr.
    package var description: String {
      switch self {
      case .noPort: "port 0 names no server to ask: give --port or LAYOUTD_PORT"
      case .invalidHost: "the host is not localhost or an IP literal"
      case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
      case .timedOut(let phase, let seconds):
        "no answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s (\(phase))"
      case .closed: "the server closed the connection before a status line"
      case .notHTTP(let start): "not an HTTP answer: '\(start)'"
      case .status(let status): "answered \(status)"
      }
    }
  }
}
