import Foundation
import HTTPTesting
import MicroHTTP
import Posix
import Testing

@testable import LayoutService

/// The access log: its two formats, and that a stuck reader never blocks requests.
@Suite("Access log", .tags(.threads))
struct AccessLogTests {
  /// A pipe whose read end the test drains.
  final class LogPipe: Sendable {
    let readEnd: FileDescriptor
    let writeEnd: FileDescriptor

    /// A pipe of `capacity` bytes (the kernel's default when nil; a page at least).
    init(capacity: Int32? = nil) {
      (readEnd, writeEnd) = try! FileDescriptor.pipe()
      try! readEnd.setNonBlocking()
      if let capacity {
        // F_SETPIPE_SZ (Linux).
        #expect(fcntl(writeEnd.rawValue, 1031, capacity) >= capacity)
      }
    }

    deinit {
      readEnd.close()
      writeEnd.close()
    }

    /// Everything written so far.
    func drain() -> String {
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { (try? readEnd.read(into: $0)) ?? 0 }
        guard count > 0 else { break }
        bytes += chunk[0..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// The route id of `/avoid` in layoutd's router.
  static let avoidRoute = LayoutAPI.service().routes.route(for: "/avoid")?.id

  static func record(
    path: String = "/avoid", status: Int = 200, id: String? = "id-1", completed: Bool = true
  ) -> CompletedRequest {
    CompletedRequest(
      method: .post, path: path, route: avoidRoute, status: status, durationNanoseconds: 84_321, bytesIn: 218,
      bytesOut: 120, requestID: id.map(RequestID.init), completed: completed)
  }

  @Test func jsonLinesDescribeEachRequest() throws {
    let pipe = LogPipe()
    let log = AccessLog(format: .json, descriptor: pipe.writeEnd)
    let fixture = try HTTPTestServer.layoutd(accessLog: log)
    let ok = try fixture.client().post(
      "/avoid", ErrorTests.valid, headers: jsonContentType + [("X-Request-Id", "trace-7")])
    let missing = try fixture.client().request(path: #"/a"b\c%0A"#)
    #expect(waitUntil { fixture.gauges.liveRequestCount == 0 })
    fixture.server.stop()
    log.writer.close()
    let lines = pipe.drain().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines.last == "")
    let objects = try lines.dropLast().map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    // Lines follow completion order, which two connections do not fix: find each by its path.
    let first = try #require(objects.first { $0["path"] as? String == "/avoid" })
    #expect(first["method"] as? String == "POST")
    #expect(first["path"] as? String == "/avoid")
    #expect(first["status"] as? Int == 200)
    #expect(first["request_id"] as? String == "trace-7")
    #expect(first["bytes_in"] as? Int == ErrorTests.valid.utf8.count)
    #expect(first["bytes_out"] as? Int == ok.body.count)
    #expect((first["duration_us"] as? Int ?? -1) >= 0)
    #expect(first["completed"] as? Bool == true)
    let time = try #require(first["time"] as? String)
    #expect(try Regex(#"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#).wholeMatch(in: time) != nil)
    let second = try #require(objects.first { $0["path"] as? String != "/avoid" })
    // A quote and a backslash, raw in the target, escaped in the line; `%0A` stays as sent.
    #expect(second["path"] as? String == #"/a"b\c%0A"#)
    #expect(second["status"] as? Int == 404)
    #expect(second["request_id"] as? String == missing.headers["X-Request-Id"])
  }

  @Test func textLinesStayOneLineEach() throws {
    var line: [UInt8] = []
    AccessLogLine.text(
      Self.record(path: "/a\nb c\\"), at: timespec(tv_sec: 1_700_000_000, tv_nsec: 5_000_000), into: &line)
    #expect(
      String(decoding: line, as: UTF8.self)
        == "2023-11-14T22:13:20.005Z POST /a\\x0ab\\x20c\\x5c 200 84us in=218 out=120 id=id-1\n")
    line.removeAll()
    let aborted = Self.record(status: 0, id: nil, completed: false)
    AccessLogLine.text(aborted, at: timespec(tv_sec: 0, tv_nsec: 0), into: &line)
    #expect(
      String(decoding: line, as: UTF8.self)
        == "1970-01-01T00:00:00.000Z POST /avoid 0 84us in=218 out=120 id=- incomplete\n")
  }

  @Test func jsonLineEscapesControlCharacters() throws {
    var line: [UInt8] = []
    AccessLogLine.json(
      Self.record(path: "/\u{1}\t\u{7F}", id: nil), at: timespec(tv_sec: 86_400, tv_nsec: 999_999_999),
      into: &line)
    let text = String(decoding: line, as: UTF8.self)
    #expect(text.hasPrefix(#"{"time":"1970-01-02T00:00:00.999Z","#))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    #expect(object["path"] as? String == "/\u{1}\t\u{7F}")
    #expect(object["request_id"] is NSNull)
  }

  /// The text line of `request` at `time`, as the formatter writes it alone.
  static func textLine(_ request: CompletedRequest, at time: timespec) -> [UInt8] {
    var line: [UInt8] = []
    AccessLogLine.text(request, at: time, into: &line)
    return line
  }

  @Test(.timeLimit(.minutes(3)))
  func aStuckReaderDropsLinesInsteadOfBlocking() throws {
    let pipe = LogPipe()
    // Nobody reads the pipe: once its 64 KB are full, the writer thread waits for it.
    let log = AccessLog(format: .json, descriptor: pipe.writeEnd, capacity: 4096)
    for index in 0..<20_000 {
      log.record(Self.record(id: "line-\(index)"))
    }
    let dropped = log.writer.droppedLineCount
    #expect(dropped > 0)
    #expect(dropped < 20_000)
    // Unblock the writer by reading until every line that was not dropped has arrived, and the
    // lines that say how many were dropped add up (30 s only bounds a failure); then close the
    // log: no further line may follow.
    let expected = 20_000 - dropped
    var text = ""
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      let (lines, notices) = Self.split(text)
      if lines.count == expected, notices.reduce(0, +) == dropped { break }
      var ready = pollfd(fd: pipe.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, 100)
      text += pipe.drain()
    }
    #expect(log.writer.close(timeout: 30))
    text += pipe.drain()
    #expect(text.last == "\n")
    let (lines, notices) = Self.split(text)
    #expect(lines.count == expected)
    #expect(notices.reduce(0, +) == dropped)
    #expect(log.writer.droppedLineCount == dropped)
    for line in lines {
      #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }
  }

  /// The whole lines of `text` (a last one without its newline is left out) apart from those
  /// that say how many were dropped, and those counts.
  static func split(_ text: String) -> (lines: [Substring], dropped: [Int]) {
    var lines: [Substring] = []
    var dropped: [Int] = []
    let whole = text[..<(text.lastIndex(of: "\n") ?? text.startIndex)]
    for line in whole.split(separator: "\n") {
      if let match = line.wholeMatch(
        of: /layoutd: (\d+) log lines? dropped \(standard error could not keep up\)/)
      {
        dropped.append(Int(match.1)!)
      } else {
        lines.append(line)
      }
    }
    return (lines, dropped)
  }

  @Test func formatDefaultsToTextOnATerminalAndJSONOtherwise() {
    var options = LayoutdOptions()
    #expect(options.accessLogFormat(standardErrorIsTerminal: true) == .text)
    #expect(options.accessLogFormat(standardErrorIsTerminal: false) == .json)
    options.logFormat = .off
    #expect(options.accessLogFormat(standardErrorIsTerminal: true) == nil)
    options.logFormat = .json
    #expect(options.accessLogFormat(standardErrorIsTerminal: true) == .json)
  }

  @Test func anOffLogRecordsNothing() {
    let pipe = LogPipe()
    let log = AccessLog(format: .off, descriptor: pipe.writeEnd)
    log.record(Self.record())
    log.writer.close()
    #expect(pipe.drain() == "")
  }
}
