import Foundation
import HTTPTesting
import Testing

/// Bad input of every kind for a server on `port`, each checked for its answer: the right 4xx,
/// or a closed connection where HTTP says so.
///
/// The requests that stall (a body shorter than announced) go to the same build on `stallPort`,
/// whose idle timeout is short, so they end quickly; `port`'s is long, so that the keep-alive
/// connection the battery reuses is never closed as idle on a busy machine.
struct ResilienceBattery {
  /// Valid requests that use every member, so each member can be given the wrong type.
  static let fullBodies: [(path: String, body: String)] = [
    (
      "/avoid",
      #"{"mode":"scroll","container":{"x":0,"y":0,"width":390,"height":844},"#
        + #""safeArea":{"top":47,"left":0,"bottom":34,"right":0},"keyboard":{"x":0,"y":508,"width":390,"height":336},"#
        + #""field":{"x":20,"y":1200,"width":350,"height":44},"contentOffset":{"x":0,"y":600},"#
        + #""contentSize":{"width":390,"height":2000},"margin":10,"undocked":"avoid","animation":{"duration":0.25,"curve":7}}"#
    ),
    (
      "/avoid",
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"field":{"x":20,"y":700,"width":350,"height":44},"#
        + #""keyboardHeight":336,"screen":{"x":0,"y":0,"width":390,"height":844}}"#
    ),
    (
      "/caret-follow",
      #"{"textView":{"x":0,"y":0,"width":390,"height":844},"keyboard":{"x":0,"y":508,"width":390,"height":336},"#
        + #""caret":{"x":120,"y":1500,"width":2,"height":20},"contentOffset":{"x":0,"y":1000},"#
        + #""contentSize":{"width":390,"height":3000},"lineHeight":20,"margin":8,"safeArea":{"top":0,"bottom":34}}"#
    ),
    (
      "/caret-follow",
      #"{"textView":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":336,"screen":{"x":0,"y":0,"width":390,"height":844},"#
        + #""caret":{"x":120,"y":1500,"width":2,"height":20},"contentOffset":{"x":0,"y":1000},"#
        + #""contentSize":{"width":390,"height":3000}}"#
    ),
    (
      "/chat",
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboard":{"x":0,"y":508,"width":390,"height":336},"#
        + #""list":{"x":0,"y":0,"width":390,"height":760},"composer":{"x":0,"y":760,"width":390,"height":50},"#
        + #""contentOffset":{"x":0,"y":2240},"contentSize":{"width":390,"height":3000},"contentInset":{"top":0,"left":0,"bottom":0,"right":0},"#
        + #""keyboardInset":0,"safeArea":{"top":47,"left":0,"bottom":0,"right":0},"lift":"whenAtEnd","endThreshold":20,"#
        + #""inverted":false,"screen":{"x":0,"y":0,"width":390,"height":844},"undocked":"avoid","#
        + #""animation":{"duration":0.25,"curve":7},"track":true}"#
    ),
  ]

  /// A fresh connection's outcome: a response, or the server closing without one.
  enum Outcome: CustomStringConvertible {
    case response(TestResponse)
    case closed

    var status: Int? {
      if case .response(let response) = self { return response.status }
      return nil
    }

    var description: String {
      switch self {
      case .response(let response): "\(response.status) \(response.bodyString.prefix(120))"
      case .closed: "closed"
      }
    }
  }

  let port: Int
  let stallPort: Int

  /// Sends `raw` on a new connection (optionally closing the sending half after it) and reads
  /// what comes back.
  func send(_ raw: [UInt8], halfClose: Bool = false, to target: Int? = nil) throws -> Outcome {
    let client = try HTTPTestClient(port: target ?? port, timeout: 10)
    try client.send(raw)
    if halfClose { try client.shutdownWrite() }
    do {
      return .response(try client.readResponse())
    } catch {
      switch error {
      case .connectionClosed, .receiveFailed: return .closed
      default: throw error
      }
    }
  }

  func post(_ body: [UInt8], to path: String = "/avoid") throws -> Outcome {
    try send(
      HTTPTestClient.encode(
        method: "POST", path: path, host: "test", headers: [("Content-Type", "application/json")], body: body)
    )
  }

  func post(_ body: String, to path: String = "/avoid") throws -> Outcome {
    try post(Array(body.utf8), to: path)
  }

  /// Checks for a response with `status`; a problem document unless libmicrohttpd answered
  /// by itself (`fromLibrary`: a 431, or a 400 for a malformed message, in its own HTML).
  func expect(
    _ outcome: Outcome, _ status: Int, pointer: String? = nil, fromLibrary: Bool = false, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard case .response(let response) = outcome, response.status == status else {
      Issue.record("\(what): expected \(status), got \(outcome)", sourceLocation: sourceLocation)
      return
    }
    if status >= 400, !fromLibrary {
      #expect(
        response.headers["Content-Type"] == "application/problem+json", "\(what)",
        sourceLocation: sourceLocation)
    }
    if let pointer {
      let problem = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
      #expect(
        problem?["pointer"] as? String == pointer, "\(what): \(response.bodyString)",
        sourceLocation: sourceLocation)
    }
  }

  /// Every case of the battery once.
  func battery() throws {
    let valid = Array(ErrorTests.valid.utf8)

    // Truncated at every byte, on one keep-alive connection.
    let client = try HTTPTestClient(port: port, timeout: 10)
    for end in 0..<valid.count {
      let response = try client.request(
        method: "POST", path: "/avoid", headers: [("Content-Type", "application/json")],
        body: Array(valid[..<end]))
      if response.status != 400 {
        Issue.record("truncated at \(end): \(response.status) \(response.bodyString)")
      }
    }

    let open: [UInt8] = Array(repeating: UInt8(ascii: "["), count: 10_000)
    let close: [UInt8] = Array(repeating: UInt8(ascii: "]"), count: 10_000)
    expect(try post(open + close), 400, "10,000 nested arrays")
    let nested = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
    expect(try post(nested), 400, "10,000 nested objects")
    let huge = #"{"mode":""# + String(repeating: "a", count: 1 << 20) + #""}"#
    expect(try post(huge), 413, "a 1 MB string")
    let long =
      String(ErrorTests.valid.dropLast()) + #","note":""# + String(repeating: "é", count: 30_000) + #""}"#
    expect(try post(long), 200, "a 60 KB string in an unknown member")
    let infinite = ErrorTests.valid.replacingOccurrences(of: #""height":844"#, with: #""height":1e400"#)
    expect(try post(infinite), 422, pointer: "/container/height", "1e400")
    let negativeZero = ErrorTests.valid.replacingOccurrences(of: #""x":20"#, with: #""x":-0"#)
    expect(try post(negativeZero), 200, "-0")
    let duplicate = ErrorTests.valid.replacingOccurrences(of: #""x":20,"#, with: #""x":20,"x":21,"#)
    expect(try post(duplicate), 422, pointer: "/field/x", "a duplicate key")
    let brokenUTF8: [UInt8] = Array(valid.prefix(20)) + [0xC3, 0x28] + Array(valid.dropFirst(20))
    expect(try post(brokenUTF8), 400, "invalid UTF-8")
    let brokenString: [UInt8] = Array(#"{"mode":"tra"#.utf8) + [0xFF, 0xFE] + Array(#"nslate"}"#.utf8)
    expect(try post(brokenString), 400, "invalid UTF-8 in a string")
    expect(try post([0xEF, 0xBB, 0xBF] + valid), 400, "a UTF-8 BOM")
    expect(try post(valid + [0]), 400, "a NUL after the body")
    let nulInString: [UInt8] = Array(#"{"mode":"tr"#.utf8) + [0] + Array(#"anslate"}"#.utf8)
    expect(try post(nulInString), 400, "a NUL in a string")
    expect(try post([0] + valid), 400, "a NUL before the body")

    for (path, body) in Self.fullBodies {
      try wrongTypes(path, body)
    }

    // Headers over --max-header-bytes: 431, then the connection closes.
    let header = HTTPTestClient.encode(
      method: "GET", path: "/healthz", host: "test",
      headers: [("X-Pad", String(repeating: "p", count: 20_000))])
    expect(try send(header), 431, fromLibrary: true, "oversized headers")
    // A Content-Length larger than the body: once the client stops sending, the request can
    // never complete; HTTP's answer is to close the connection.
    let short = HTTPTestClient.encode(
      method: "POST", path: "/avoid", host: "test", headers: [("Content-Length", "500")], body: valid)
    let halfClosed = try send(short, halfClose: true, to: stallPort)
    #expect(halfClosed.status == nil, "Content-Length > body, then end of stream: \(halfClosed)")
    let stalled = try send(short, to: stallPort)
    #expect(stalled.status == nil, "Content-Length > body, then silence: \(stalled)")
    // Chunked bodies: a whole one is answered, a malformed one is 400, an oversized one 413.
    let text = ErrorTests.valid
    let rest = String(text.utf8.count - 16, radix: 16)
    let chunks = "10\r\n\(text.prefix(16))\r\n\(rest)\r\n\(text.dropFirst(16))\r\n0\r\n\r\n"
    let chunked = try send(
      HTTPTestClient.encode(
        method: "POST", path: "/avoid", host: "test", headers: [("Transfer-Encoding", "chunked")],
        body: Array(chunks.utf8)))
    expect(chunked, 200, "a chunked body")
    if case .response(let response) = chunked {
      let offset = (try? response.jsonObject())?["offset"] as? [String: Any]
      #expect(offset?["y"] as? Double == -246)
    }
    expect(
      try send(
        HTTPTestClient.encode(
          method: "POST", path: "/avoid", host: "test", headers: [("Transfer-Encoding", "chunked")],
          body: Array("zz\r\nabc\r\n0\r\n\r\n".utf8))), 400, fromLibrary: true, "a malformed chunk size")
    let bigChunk = String(repeating: " ", count: 40_000)
    let oversized = try send(
      HTTPTestClient.encode(
        method: "POST", path: "/avoid", host: "test", headers: [("Transfer-Encoding", "chunked")],
        body: Array("9c40\r\n\(bigChunk)\r\n9c40\r\n\(bigChunk)\r\n0\r\n\r\n".utf8)))
    expect(oversized, 413, "a chunked body over the limit")
    expect(try send(Array("GET /healthz HTTP/1.1\r\n\r\n".utf8)), 400, "HTTP/1.1 without Host")
    let garbage = try send(Array("NOT HTTP AT ALL\r\n\r\n".utf8))
    #expect(garbage.status == nil || garbage.status == 400, "a request line that is not HTTP: \(garbage)")
  }

  /// Replaces each member of `body`, one at a time, with a value of each wrong JSON type.
  func wrongTypes(_ path: String, _ body: String) throws {
    expect(try post(body, to: path), 200, "\(path) full body")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    for (pointer, value) in Self.members(object, at: "") {
      let replacements: [Any] =
        switch value {
        case is [String: Any]: [1, "x", true, [1]]
        // A JSON boolean: a number of Objective-C type `c` (`char`).
        case let flag as NSNumber where String(cString: flag.objCType) == "c": [1, "x", [1], ["a": 1]]
        case is String: [1, true, [1], ["a": 1]]
        default: ["1", true, [1], ["a": 1]]
        }
      for replacement in replacements {
        let changed = Self.replacing(
          pointer.split(separator: "/").map(String.init)[...], in: object, with: replacement)
        let data = try JSONSerialization.data(withJSONObject: changed)
        let outcome = try post(Array(data), to: path)
        expect(outcome, 422, pointer: pointer, "\(path) \(pointer) = \(replacement)")
        if case .response(let response) = outcome, let problem = try? response.jsonObject() {
          #expect(
            problem["type"] as? String == "urn:layoutd:problem:wrong-type",
            "\(path) \(pointer) = \(replacement)")
        }
      }
    }
  }

  static func members(_ object: [String: Any], at prefix: String) -> [(String, Any)] {
    object.sorted { $0.key < $1.key }.flatMap { key, value -> [(String, Any)] in
      let pointer = "\(prefix)/\(key)"
      if let nested = value as? [String: Any] { return [(pointer, value)] + members(nested, at: pointer) }
      return [(pointer, value)]
    }
  }

  static func replacing(
    _ path: ArraySlice<String>, in object: [String: Any], with value: Any
  ) -> [String: Any] {
    guard let key = path.first else { return object }
    var copy = object
    if path.count == 1 {
      copy[key] = value
    } else if let nested = object[key] as? [String: Any] {
      copy[key] = replacing(path.dropFirst(), in: nested, with: value)
    }
    return copy
  }
}

/// Bad input of every kind, sent to the real `layoutd` process: each gets the right 4xx (or a
/// closed connection where HTTP says so), and afterwards the server still answers correctly and
/// has not grown.
@Suite("Resilience", .serialized)
struct ResilienceTests {
  /// The resident memory of `pid` in kB (`VmRSS` in /proc/PID/status).
  static func residentKilobytes(_ pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
  }

  @Test(.timeLimit(.minutes(2)))
  func badInputGetsTheRightAnswersAndLeavesTheServerWellAndNoLarger() throws {
    let layoutd = try LayoutdProcess(["--port", "0", "--connection-timeout", "600", "--log-format", "off"])
    let stalling = try LayoutdProcess(["--port", "0", "--connection-timeout", "2", "--log-format", "off"])
    let battery = ResilienceBattery(port: try layoutd.waitForPort(), stallPort: try stalling.waitForPort())
    // The first round warms the allocator up; later rounds must not add to it.
    try battery.battery()
    let before = try Self.residentKilobytes(layoutd.process.processIdentifier)
    for _ in 0..<3 { try battery.battery() }
    let after = try Self.residentKilobytes(layoutd.process.processIdentifier)
    #expect(after - before < 8 * 1024, "VmRSS grew from \(before) kB to \(after) kB")

    let response = try HTTPTestClient(port: battery.port).request(
      method: "POST", path: "/avoid", headers: [("Content-Type", "application/json")], body: ErrorTests.valid)
    #expect(response.status == 200)
    let answer = try response.jsonObject()
    #expect((answer["offset"] as? [String: Any])?["y"] as? Double == -246)
    #expect(answer["fits"] as? Bool == true)
    for process in [layoutd, stalling] {
      process.signal(SIGTERM)
      #expect(process.waitForExit() == 0, "\(process.stderr)")
    }
  }
}
