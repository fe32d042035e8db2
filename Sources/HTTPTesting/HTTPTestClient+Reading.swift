import Glibc

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
