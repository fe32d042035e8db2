import Foundation
import HTTPTesting
import LayoutService
import Testing

/// The `layoutd` binary, run as a process.
@Suite("layoutd as a process", .serialized)
struct LayoutdProcessTests {
  @Test func helpPrintsUsageAndExits0() throws {
    let layoutd = try LayoutdProcess(["--help"])
    #expect(layoutd.waitForExit() == 0, "\(layoutd.stderr)")
    let output = layoutd.stdout
    #expect(output.hasPrefix("usage: layoutd"))
    #expect(output.contains("--max-body-bytes"))
  }

  @Test func versionPrintsTheVersion() throws {
    let layoutd = try LayoutdProcess(["--version"])
    #expect(layoutd.waitForExit() == 0, "\(layoutd.stderr)")
    #expect(layoutd.stdout == "layoutd \(LayoutdVersion.current)\n")
  }

  @Test func aBadFlagExits2NamingIt() throws {
    let layoutd = try LayoutdProcess(["--port", "eighty"])
    #expect(layoutd.waitForExit() == 2)
    #expect(layoutd.stderr.hasPrefix("layoutd: --port: expected a whole number"))
    #expect(layoutd.stderr.contains("usage: layoutd"))
  }

  @Test func aTakenPortExits1() throws {
    let first = try LayoutdProcess(["--port", "0"])
    let port = try first.waitForPort()
    let second = try LayoutdProcess(["--port", String(port)])
    #expect(second.waitForExit() == 1)
    #expect(second.stderr.contains("address already in use"), "\(second.stderr)")
    first.signal(SIGTERM)
    #expect(first.waitForExit() == 0, "\(first.stderr)")
  }

  @Test func theDecoderComesFromTheEnvironmentAndIsNamedAtStartUp() throws {
    let layoutd = try LayoutdProcess(["--port", "0"], environment: ["LAYOUTD_DECODER": "foundation"])
    _ = try layoutd.waitForPort()
    #expect(layoutd.stderr.contains("decoder: foundation)"), "\(layoutd.stderr)")
    let fast = try LayoutdProcess(
      ["--port", "0", "--decoder", "fast"], environment: ["LAYOUTD_DECODER": "foundation"])
    _ = try fast.waitForPort()
    #expect(fast.stderr.contains("decoder: fast)"), "\(fast.stderr)")
    layoutd.signal(SIGTERM)
    fast.signal(SIGTERM)
    #expect(layoutd.waitForExit() == 0)
    #expect(fast.waitForExit() == 0)
  }

  @Test func portFromTheEnvironmentIsHonoured() throws {
    // Find a free port, then hand it to layoutd through PORT.
    let probe = try LayoutdProcess(["--port", "0"])
    let port = try probe.waitForPort()
    probe.signal(SIGTERM)
    #expect(probe.waitForExit() == 0, "\(probe.stderr)")

    let layoutd = try LayoutdProcess([], environment: ["PORT": String(port)])
    #expect(try layoutd.waitForPort() == port)
    let response = try HTTPTestClient(port: port).request(path: "/healthz")
    #expect(response.status == 200)
    layoutd.signal(SIGINT)
    #expect(layoutd.waitForExit() == 0, "\(layoutd.stderr)")
  }

  @Test func sigtermLetsTheRequestInFlightComplete() throws {
    let layoutd = try LayoutdProcess(["--port", "0", "--shutdown-grace", "5"])
    let port = try layoutd.waitForPort()
    let client = try HTTPTestClient(port: port, timeout: 10)
    let body = Array(ErrorTests.valid.utf8)
    let head = HTTPTestClient.encode(
      method: "POST", path: "/avoid", host: "127.0.0.1:\(port)",
      headers: [("Content-Type", "application/json")], body: body)
    // Send the headers and half the body, then SIGTERM, then the rest.
    let split = head.count - body.count / 2
    try client.send(Array(head[..<split]))
    usleep(200_000)
    layoutd.signal(SIGTERM)
    usleep(300_000)
    #expect(layoutd.process.isRunning)
    try client.send(Array(head[split...]))
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(try response.jsonObject()["fits"] as? Bool == true)
    #expect(layoutd.waitForExit() == 0, "\(layoutd.stderr)")
    #expect(layoutd.stderr.contains("SIGTERM"))
  }
}
