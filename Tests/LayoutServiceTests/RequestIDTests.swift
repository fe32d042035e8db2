import Foundation
import HTTPTesting
import MicroHTTP
import Posix
import Testing

@testable import LayoutService

/// `X-Request-Id`: a sane client value is echoed, anything else is replaced by a generated id.
@Suite("Request ids", .tags(.threads))
struct RequestIDTests {
  static func isGenerated(_ id: String?) -> Bool {
    guard let id, id.utf8.count == 32 else { return false }
    return id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  @Test(arguments: [
    "abc", "req-42_A.b:c/d+e=f", "0123456789abcdef0123456789abcdef", String(repeating: "z", count: 128),
    "~!#$%&'*^`|",
  ])
  func aSaneIDIsEchoed(id: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post(
      "/avoid", ErrorTests.valid, headers: jsonContentType + [("X-Request-Id", id)])
    #expect(response.status == 200)
    #expect(response.headers["X-Request-Id"] == id)
  }

  @Test(arguments: [String(repeating: "z", count: 129), "two words", "caf\u{E9}", "tab\there", "\u{7F}"])
  func anUnsaneIDIsReplaced(id: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post(
      "/avoid", ErrorTests.valid, headers: jsonContentType + [("X-Request-Id", id)])
    #expect(response.status == 200)
    #expect(Self.isGenerated(response.headers["X-Request-Id"]), "\(response.headers["X-Request-Id"] ?? "-")")
  }

  @Test func generatedIDsAreUniqueShareAPrefixAndComeOnProblemsToo() throws {
    let fixture = try HTTPTestServer.layoutd { $0.maxBodyBytes = 1024 }
    var ids: [String] = []
    for index in 0..<200 {
      let response = fixture.request(path: index % 2 == 0 ? "/healthz" : "/nowhere")
      ids.append(try #require(response.headers["X-Request-Id"]))
    }
    let tooLarge = fixture.request(
      method: "POST", path: "/avoid", body: [UInt8](repeating: UInt8(ascii: " "), count: 5000))
    #expect(tooLarge.status == 413)
    ids.append(try #require(tooLarge.headers["X-Request-Id"]))
    #expect(ids.allSatisfy(Self.isGenerated))
    #expect(Set(ids).count == ids.count)
    #expect(Set(ids.map { $0.prefix(16) }).count == 1)
  }

  @Test func theAccessLogHasTheIDTheClientGot() throws {
    let pipe = AccessLogTests.LogPipe()
    let log = AccessLog(format: .json, descriptor: pipe.writeEnd)
    let fixture = try HTTPTestServer.layoutd(accessLog: log)
    let echoed = try fixture.post(
      "/avoid", ErrorTests.valid, headers: jsonContentType + [("X-Request-Id", "mine-1")])
    let generated = try fixture.post("/avoid", "{}")
    let ids = [echoed, generated].compactMap { $0.headers["X-Request-Id"] }
    // The engine tells the service that a request ended before it returns the answer.
    log.writer.close()
    let logged = try pipe.drain().split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["request_id"]
        as? String
    }
    #expect(logged == ids)
    #expect(ids.count == 2 && ids.first == "mine-1")
  }
}
