import Foundation
import HTTPTesting
import Testing

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
    let layoutd = try LayoutdProcess(["--port", "0", "--connection-timeout", "2", "--log-format", "off"])
    let battery = ResilienceBattery(port: try layoutd.waitForPort())
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
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit() == 0, "\(layoutd.stderr)")
  }
}
