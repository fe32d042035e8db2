import Glibc
import Posix

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
package final class HTTPTestClient {
  /// The server's port.
  package let port: Int
  /// The value sent as `Host` by `request(...)`.
  package let hostHeader: String
  /// The connection's socket; nil once closed.
  package private(set) var descriptor: FileDescriptor?
  /// Whether a send or the half-close met a connection the server had already closed: what the
  /// server answered before closing, if anything, is still read by `readResponse()`.
  package private(set) var sendMetClosedConnection = false
  /// Bytes received and not yet parsed start at `readIndex`.
  var received: [UInt8] = []
  var readIndex = 0

  /// Connects to `host` (an IPv4 or IPv6 literal) on `port`, from `source` (a local address of
  /// the same family, such as 127.0.0.2: another client to the server) when given; `timeout`
  /// (seconds) bounds the connect and every later send and receive.
  package init(
    host: String = "127.0.0.1", port: Int, from source: String? = nil, timeout: Double = 5
  ) throws(HTTPTestClientError) {
    self.port = port
    let isIPv6 = host.contains(":")
    hostHeader = isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    guard let address = SocketAddress(host: host, port: port) else { throw .cannotConnect(errno: EINVAL) }
    let local = source.flatMap { SocketAddress(host: $0, port: 0) }
    if source != nil, local == nil { throw .cannotConnect(errno: EINVAL) }
    do throws(Errno) {
      let socket = try FileDescriptor.tcpSocket(for: address)
      do throws(Errno) {
        try socket.setTimeouts(seconds: timeout)
        try socket.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        if let local { try socket.bind(to: local) }
        try socket.connect(to: address)
      } catch {
        socket.close()
        throw error
      }
      descriptor = socket
    } catch {
      throw .cannotConnect(errno: error.rawValue)
    }
  }

  deinit {
    close()
  }

  /// Closes the connection (a no-op when already closed).
  package func close() {
    descriptor?.close()
    descriptor = nil
  }

  /// Closes the sending half: the server reads end-of-stream after what was sent.
  ///
  /// A connection the server has reset (`ENOTCONN`) is an outcome, as for `send(_:)`:
  /// `sendMetClosedConnection` turns true, and `readResponse()` reports what is left to read.
  package func shutdownWrite() throws(HTTPTestClientError) {
    guard let descriptor else { throw .sendFailed(errno: EBADF) }
    do throws(Errno) {
      if try !descriptor.shutdownWrite() { sendMetClosedConnection = true }
    } catch {
      throw .sendFailed(errno: error.rawValue)
    }
  }

  /// Sends raw bytes as they are.
  ///
  /// A server may answer and close before it has read everything (a 413, a framing 400): a
  /// send that meets the closed connection (`EPIPE`, `ECONNRESET`) is an outcome, not an error.
  /// The rest is not sent, `sendMetClosedConnection` turns true, and `readResponse()` reads
  /// the answer the server sent before closing, or reports the closed connection.
  package func send(_ raw: [UInt8]) throws(HTTPTestClientError) {
    guard let descriptor else { throw .sendFailed(errno: EBADF) }
    if sendMetClosedConnection { return }
    var offset = 0
    while offset < raw.count {
      do throws(Errno) {
        offset += try raw.withUnsafeBytes { bytes in
          Result { () throws(Errno) in try descriptor.send(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
          }
        }.get()
      } catch {
        if error.meansPeerClosed {
          sendMetClosedConnection = true
          return
        }
        throw error == .wouldBlock ? .timedOut : .sendFailed(errno: error.rawValue)
      }
    }
  }

  /// Sends the UTF-8 bytes of `raw` as they are.
  package func send(_ raw: String) throws(HTTPTestClientError) {
    try send(Array(raw.utf8))
  }

  /// Sends the UTF-8 bytes of `raw` and closes, the bytes and the close corked into one segment
  /// (`TCP_CORK`): the server's first read finds both, the way a busy server finds a client
  /// that left.
  package func sendThenClose(_ raw: String) throws(HTTPTestClientError) {
    try cork()
    try send(raw)
    close()
  }

  /// Sends the UTF-8 bytes of `raw` and closes the sending half, the bytes and the half-close
  /// corked into one segment (`TCP_CORK`); the answer can still be read.
  package func sendThenShutdownWrite(_ raw: String) throws(HTTPTestClientError) {
    try cork()
    try send(raw)
    try shutdownWrite()
  }

  /// Holds back what is sent until the connection's sending half closes (`TCP_CORK`).
  private func cork() throws(HTTPTestClientError) {
    guard let descriptor else { throw .sendFailed(errno: EBADF) }
    do throws(Errno) {
      try descriptor.setOption(Int32(IPPROTO_TCP), TCP_CORK, 1)
    } catch {
      throw .sendFailed(errno: error.rawValue)
    }
  }

  /// Sends one request and reads its response. Adds `Host`, and `Content-Length` when there is
  /// a body and `headers` sets neither `Content-Length` nor `Transfer-Encoding`.
  package func request(
    method: String = "GET", path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) throws(HTTPTestClientError) -> TestResponse {
    try send(
      HTTPTestClient.encode(method: method, path: path, host: hostHeader, headers: headers, body: body))
    return try readResponse(toHEAD: method == "HEAD")
  }

  /// As `request(method:path:headers:body:)`, with a UTF-8 body.
  package func request(
    method: String = "GET", path: String, headers: [(String, String)] = [], body: String
  ) throws(HTTPTestClientError) -> TestResponse {
    try request(method: method, path: path, headers: headers, body: Array(body.utf8))
  }

  /// The bytes of a request, as `request(...)` sends them.
  package static func encode(
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
  package func isClosedByServer() -> Bool {
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
    guard let descriptor else { throw .receiveFailed(errno: EBADF) }
    var chunk = [UInt8](repeating: 0, count: 16_384)
    do throws(Errno) {
      let count = try chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(Errno) in try descriptor.receive(into: buffer) }
      }.get()
      guard count > 0 else { return false }
      received.append(contentsOf: chunk[0..<count])
      return true
    } catch {
      throw error == .wouldBlock ? .timedOut : .receiveFailed(errno: error.rawValue)
    }
  }
}

extension HTTPTestClient {
  /// Reads the next response on the connection, skipping interim (1xx) responses.
  ///
  /// Pass `toHEAD: true` when the request was `HEAD`: such a response announces a length but
  /// carries no body.
  package func readResponse(toHEAD: Bool = false) throws(HTTPTestClientError) -> TestResponse {
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
package enum HTTPTestClientError: Error, Hashable, Sendable {
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
