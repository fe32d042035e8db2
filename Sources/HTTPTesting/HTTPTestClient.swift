import Glibc

/// A blocking HTTP/1.1 client over one TCP connection, for tests and benchmarks.
///
/// Every call is bounded by the timeout given at creation (socket send and receive timeouts),
/// so a server that stops answering makes a call throw `.timedOut` instead of hanging.
/// Requests can be sent whole (`request(...)`) or as raw bytes (`send(_:)`, also in pieces),
/// several on one connection (keep-alive) or back to back before reading (pipelining):
/// `readResponse()` reads the next response each time.
///
/// ```swift
/// let client = try HTTPTestClient(port: server.port)
/// let response = try client.request(method: "POST", path: "/echo", body: Array("hi".utf8))
/// #expect(response.status == 200)
/// ```
public final class HTTPTestClient {
  /// The server's port.
  public let port: Int
  /// The value sent as `Host` by `request(...)`.
  public let hostHeader: String
  var descriptor: Int32
  /// Bytes received and not yet parsed start at `readIndex`.
  var received: [UInt8] = []
  var readIndex = 0

  /// Connects to `host` (an IPv4 or IPv6 literal) on `port`; `timeout` (seconds) bounds the
  /// connect and every later send and receive.
  public init(host: String = "127.0.0.1", port: Int, timeout: Double = 5) throws(HTTPTestClientError) {
    self.port = port
    let isIPv6 = host.contains(":")
    hostHeader = isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    descriptor = Glibc.socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw .cannotConnect(errno: errno) }
    var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var on: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    let connected: Int32
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
      inet_pton(AF_INET6, host, &address.sin6_addr)
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
      inet_pton(AF_INET, host, &address.sin_addr)
      connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard connected == 0 else {
      let failure = errno
      Glibc.close(descriptor)
      descriptor = -1
      throw .cannotConnect(errno: failure)
    }
  }

  deinit {
    close()
  }

  /// Closes the connection (a no-op when already closed).
  public func close() {
    guard descriptor >= 0 else { return }
    Glibc.close(descriptor)
    descriptor = -1
  }

  /// Closes the sending half: the server reads end-of-stream after what was sent.
  public func shutdownWrite() {
    shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Sends raw bytes as they are.
  public func send(_ raw: [UInt8]) throws(HTTPTestClientError) {
    var offset = 0
    while offset < raw.count {
      let sent = raw.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        throw errno == EAGAIN ? .timedOut : .sendFailed(errno: errno)
      }
      offset += sent
    }
  }

  /// Sends the UTF-8 bytes of `raw` as they are.
  public func send(_ raw: String) throws(HTTPTestClientError) {
    try send(Array(raw.utf8))
  }

  /// Sends one request and reads its response. Adds `Host`, and `Content-Length` when there is
  /// a body and `headers` sets neither `Content-Length` nor `Transfer-Encoding`.
  public func request(
    method: String = "GET", path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) throws(HTTPTestClientError) -> TestResponse {
    try send(
      HTTPTestClient.encode(method: method, path: path, host: hostHeader, headers: headers, body: body))
    return try readResponse(toHEAD: method == "HEAD")
  }

  /// As `request(method:path:headers:body:)`, with a UTF-8 body.
  public func request(
    method: String = "GET", path: String, headers: [(String, String)] = [], body: String
  ) throws(HTTPTestClientError) -> TestResponse {
    try request(method: method, path: path, headers: headers, body: Array(body.utf8))
  }

  /// The bytes of a request, as `request(...)` sends them.
  public static func encode(
    method: String, path: String, host: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) -> [UInt8] {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    let framed = headers.contains {
      ["content-length", "transfer-encoding"].contains($0.0.lowercased())
    }
    if let body, !framed { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    return Array(head.utf8) + (body ?? [])
  }

  /// Whether the server has closed the connection: waits up to the timeout for end-of-stream,
  /// and returns `false` if a byte arrives or nothing happens.
  public func isClosedByServer() -> Bool {
    if readIndex < received.count { return false }
    do {
      return try !fill()
    } catch .receiveFailed {
      return true
    } catch {
      return false
    }
  }
}

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

extension HTTPTestClient {
  /// Reads the next response on the connection, skipping interim (1xx) responses.
  ///
  /// Pass `toHEAD: true` when the request was `HEAD`: such a response announces a length but
  /// carries no body.
  public func readResponse(toHEAD: Bool = false) throws(HTTPTestClientError) -> TestResponse {
    while true {
      let statusLine = try readLine()
      let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
        throw .malformedResponse("status line: \(statusLine)")
      }
      var headers = TestHeaders()
      while true {
        let line = try readLine()
        if line.isEmpty { break }
        guard let colon = line.firstIndex(of: ":") else { throw .malformedResponse("header: \(line)") }
        headers.append(
          name: String(line[..<colon]),
          value: String(line[line.index(after: colon)...]).trimmingSpaces())
      }
      if (100..<200).contains(status) { continue }
      let reason = parts.count > 2 ? String(parts[2]) : ""
      let body: [UInt8]
      if toHEAD || status == 204 || status == 304 {
        body = []
      } else if headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true {
        body = try readChunkedBody()
      } else if let length = headers["Content-Length"] {
        guard let count = Int(length), count >= 0 else {
          throw .malformedResponse("Content-Length: \(length)")
        }
        body = try readBytes(count)
      } else {
        body = try readToEnd()
      }
      return TestResponse(status: status, reason: reason, headers: headers, body: body)
    }
  }

  private func readChunkedBody() throws(HTTPTestClientError) -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let sizeLine = try readLine()
      let digits = sizeLine.prefix { $0 != ";" }.trimmingSpaces()
      guard let size = Int(digits, radix: 16), size >= 0 else {
        throw .malformedResponse("chunk size: \(sizeLine)")
      }
      if size == 0 {
        while try !readLine().isEmpty {}
        return body
      }
      body += try readBytes(size)
      guard try readLine().isEmpty else { throw .malformedResponse("chunk not followed by CRLF") }
    }
  }

  /// Reads one line, without its CRLF.
  private func readLine() throws(HTTPTestClientError) -> String {
    var searchFrom = readIndex
    while true {
      if let end = crlf(from: searchFrom) {
        let line = String(decoding: received[readIndex..<end], as: UTF8.self)
        consume(upTo: end + 2)
        return line
      }
      searchFrom = max(readIndex, received.count - 1)
      guard try fill() else { throw .connectionClosed }
    }
  }

  private func crlf(from start: Int) -> Int? {
    var index = start
    while index + 1 < received.count {
      if received[index] == 13, received[index + 1] == 10 { return index }
      index += 1
    }
    return nil
  }

  private func readBytes(_ count: Int) throws(HTTPTestClientError) -> [UInt8] {
    while received.count - readIndex < count {
      guard try fill() else { throw .connectionClosed }
    }
    let bytes = Array(received[readIndex..<readIndex + count])
    consume(upTo: readIndex + count)
    return bytes
  }

  private func readToEnd() throws(HTTPTestClientError) -> [UInt8] {
    while try fill() {}
    let bytes = Array(received[readIndex...])
    consume(upTo: received.count)
    return bytes
  }

  private func consume(upTo end: Int) {
    readIndex = end
    if readIndex == received.count {
      received.removeAll(keepingCapacity: true)
      readIndex = 0
    }
  }
}

/// Why an `HTTPTestClient` call failed.
public enum HTTPTestClientError: Error, Hashable, Sendable {
  /// The connection could not be made; `errno` is the system error (`ECONNREFUSED`: nobody
  /// listens).
  case cannotConnect(errno: Int32)
  /// Sending failed; `errno` is the system error (`EPIPE`/`ECONNRESET`: the server closed).
  case sendFailed(errno: Int32)
  /// No byte arrived within the client's timeout.
  case timedOut
  /// The server closed the connection before a whole response arrived.
  case connectionClosed
  /// Receiving failed; `errno` is the system error.
  case receiveFailed(errno: Int32)
  /// The bytes received are not an HTTP/1.1 response.
  case malformedResponse(String)
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
