import Glibc
import MicroHTTP
import Posix

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
    var literal = options.server.host == "localhost" ? "127.0.0.1" : options.server.host
    if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }
    if let address = SocketAddress(host: literal, port: 0), address.isWildcard {
      literal = address.isIPv6 ? "::1" : "127.0.0.1"
    }
    host = literal
    port = options.server.port
    self.timeout = timeout
  }

  /// The URL asked, for messages.
  package var url: String {
    "http://\(authority)/healthz"
  }

  /// Asks and returns the exit status: 0 on a 200, else 1 after one line on stderr.
  package func run() -> Int32 {
    guard let failure = check() else { return 0 }
    FileDescriptor.standardError.writeLine("layoutd: health check \(url): \(failure)")
    return 1
  }

  /// Asks `GET /healthz`; `nil` when it answered 200 in time, else what went wrong.
  package func check() -> Failure? {
    guard port != 0 else { return .noPort }
    guard let address = SocketAddress(host: host, port: port) else { return .invalidHost }
    let deadline = MonotonicClock.now.adding(seconds: timeout)
    /// Bounds the next blocking call by what is left of the deadline.
    func bound(_ socket: FileDescriptor, _ phase: String) throws(Failure) {
      let left = deadline.seconds(since: MonotonicClock.now)
      guard left > 0 else { throw .timedOut(phase: phase, seconds: timeout) }
      do throws(Errno) { try socket.setTimeouts(seconds: left) } catch { throw .system("setsockopt", error) }
    }
    /// The failure of a call that failed with `error` while doing `phase`.
    func failure(_ call: String, _ phase: String, _ error: Errno) -> Failure {
      error == .wouldBlock || error.rawValue == EINPROGRESS
        ? .timedOut(phase: phase, seconds: timeout) : .system(call, error)
    }

    let socket: FileDescriptor
    do throws(Errno) { socket = try FileDescriptor.tcpSocket(for: address) } catch {
      return .system("socket", error)
    }
    defer { socket.close() }
    do throws(Failure) {
      try bound(socket, "connecting")
      do throws(Errno) { try socket.connect(to: address) } catch {
        throw failure("connect", "connecting", error)
      }

      var request = Array(
        "GET /healthz HTTP/1.1\r\nHost: \(authority)\r\nUser-Agent: layoutd-health-check\r\nConnection: close\r\n\r\n"
          .utf8)[...]
      while !request.isEmpty {
        try bound(socket, "sending")
        let sent = request.withUnsafeBytes { bytes in Result { () throws(Errno) in try socket.send(bytes) } }
        do throws(Errno) { request = request.dropFirst(try sent.get()) } catch {
          throw failure("send", "sending", error)
        }
      }

      // Only the status line matters: read until its line end (a status line is far shorter
      // than 512 bytes).
      var received: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 512)
      while !received.contains(UInt8(ascii: "\n")), received.count < 512 {
        try bound(socket, "waiting for the status line")
        let read = chunk.withUnsafeMutableBytes { buffer in
          Result { () throws(Errno) in try socket.receive(into: buffer) }
        }
        let count: Int
        do throws(Errno) { count = try read.get() } catch {
          throw failure("recv", "waiting for the status line", error)
        }
        guard count > 0 else { throw .closed }
        received += chunk[..<count]
      }
      return Self.failure(ofStatusLine: received)
    } catch {
      return error
    }
  }

  /// `nil` for an HTTP/1.x 200 status line at the start of `received`, else the failure.
  private static func failure(ofStatusLine received: [UInt8]) -> Failure? {
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
    HTTPSyntax.authority(host: host, port: port)
  }
}

extension HealthCheck {
  /// Why a health check failed.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The port is 0 (any free one): there is no port to ask.
    case noPort
    /// The host is not `localhost` or an IP literal.
    case invalidHost
    /// A socket call failed with this error (a refused connect is `connect`, `ECONNREFUSED`).
    case system(String, Errno)
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
      case .noPort: "port 0 names no server to ask: give --port, LAYOUTD_PORT or PORT"
      case .invalidHost: "the host is not localhost or an IP literal"
      case .system(let call, let error): "\(call): \(error.message)"
      case .timedOut(let phase, let seconds):
        "no answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s (\(phase))"
      case .closed: "the server closed the connection before a status line"
      case .notHTTP(let start): "not an HTTP answer: '\(start)'"
      case .status(let status): "answered \(status)"
      }
    }
  }
}
