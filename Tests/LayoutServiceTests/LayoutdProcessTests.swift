import Foundation
import HTTPTesting
import LayoutService
import Posix
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

  @Test func oneWorkerPerCoreCountsTheCoresItMayRunOn() throws {
    // A container's cpuset narrows the process's affinity, as `taskset` does.
    let layoutd = try LayoutdProcess(
      ["--port", "0", "--host", "127.0.0.1", "--threads", "0", "--log-format", "off"],
      launcher: ["/usr/bin/taskset", "-c", "0"])
    _ = try layoutd.waitForPort()
    #expect(layoutd.stderr.contains("(threads: 1,"), "\(layoutd.stderr)")
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit(seconds: 30) == 0)
  }

  @Test func aCgroupQuotaReadsAsTheCoresItAllows() {
    #expect(CurrentProcess.coreQuota(cpuMax: "150000 100000\n") == 2)
    #expect(CurrentProcess.coreQuota(cpuMax: "100000 100000") == 1)
    #expect(CurrentProcess.coreQuota(cpuMax: "50000 100000") == 1)
    #expect(CurrentProcess.coreQuota(cpuMax: "max 100000") == nil)
    #expect(CurrentProcess.coreQuota(cpuMax: "") == nil)
    #expect(CurrentProcess.allowedCores(status: "Name:\tlayoutd\nCpus_allowed:\t3\n") == 2)
    #expect(CurrentProcess.allowedCores(status: "Cpus_allowed:\tffffffff,00000001\n") == 33)
    #expect(CurrentProcess.allowedCores(status: "Name:\tlayoutd\n") == nil)
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
    let layoutd = try LayoutdProcess(["--port", "0", "--shutdown-grace", "30"])
    let port = try layoutd.waitForPort()
    let client = try HTTPTestClient(port: port, timeout: 20)
    let body = Array(ErrorTests.valid.utf8)
    let head = HTTPTestClient.encode(
      method: "POST", path: "/avoid", host: "127.0.0.1:\(port)",
      headers: [("Content-Type", "application/json")], body: body)
    // Send the headers and half the body; once the server holds the request, SIGTERM; once the
    // listener has closed, the rest.
    let split = head.count - body.count / 2
    try client.send(Array(head[..<split]))
    #expect(Self.waitUntil { Self.requestsInFlight(port: port) >= 2 }, "the request and /metrics itself")
    layoutd.signal(SIGTERM)
    #expect(Self.waitUntil { Self.refusesConnects(port: port) })
    #expect(layoutd.process.isRunning)
    try client.send(Array(head[split...]))
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(try response.jsonObject()["fits"] as? Bool == true)
    #expect(layoutd.waitForExit() == 0, "\(layoutd.stderr)")
    #expect(layoutd.stderr.contains("SIGTERM"))
  }

  @Test(.timeLimit(.minutes(3)))
  func duringTheDrainDelayReadyzIs503AndEveryRouteServesUntilASecondSignalEndsItAtOnce() throws {
    // A delay far longer than the test: only the second signal can end it in time.
    let layoutd = try LayoutdProcess(
      ["--port", "0", "--log-format", "off"], environment: ["LAYOUTD_DRAIN_DELAY": "600"])
    let port = try layoutd.waitForPort()
    #expect(try HTTPTestClient(port: port).request(path: "/readyz").status == 200)
    layoutd.signal(SIGTERM)
    #expect(Self.waitUntil { (try? HTTPTestClient(port: port).request(path: "/readyz").status) == 503 })
    // New connections are still accepted and every route answers as before, without closing.
    let client = try HTTPTestClient(port: port)
    #expect(try client.request(path: "/healthz").status == 200)
    let answer = try client.request(
      method: "POST", path: "/avoid", headers: [("Content-Type", "application/json")], body: ErrorTests.valid)
    #expect(answer.status == 200)
    #expect(answer.headers["Connection"]?.lowercased() != "close")
    // The line may follow the switch of /readyz: wait for it rather than read it once.
    #expect(Self.waitUntil { layoutd.stderr.contains("closing the listener in 600 s") }, "\(layoutd.stderr)")
    layoutd.signal(SIGINT)
    #expect(layoutd.waitForExit(seconds: 20) == 128 + SIGINT, "\(layoutd.stderr)")
    #expect(layoutd.stderr.contains("second SIGINT"))
  }

  @Test(.timeLimit(.minutes(3)))
  func afterTheDrainDelayTheListenerClosesAndLayoutdExits0() throws {
    let layoutd = try LayoutdProcess(["--port", "0", "--drain-delay", "1", "--log-format", "off"])
    let port = try layoutd.waitForPort()
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit(seconds: 30) == 0, "\(layoutd.stderr)")
    #expect(Self.refusesConnects(port: port))
    let lines = layoutd.stderr.split(separator: "\n").map(String.init)
    let announced = lines.firstIndex { $0.contains("/readyz answers 503; closing the listener in 1 s") }
    let closed = lines.firstIndex { $0.contains("closing the listener at +") }
    let stopped = lines.firstIndex { $0.contains("stopped at +") }
    #expect(announced != nil && closed != nil && stopped != nil, "\(lines)")
    if let announced, let closed, let stopped { #expect(announced < closed && closed < stopped) }
  }

  @Test(.timeLimit(.minutes(3)))
  func anIdleKeepAliveConnectionDoesNotHoldTheExit() throws {
    // As a container platform stops it: one client keeps an idle connection (a load balancer's
    // pool). Idle timeout and grace are far longer than the wait below: only closing the idle
    // connection lets layoutd exit in time.
    let layoutd = try LayoutdProcess([
      "--port", "0", "--drain-delay", "1", "--connection-timeout", "120", "--shutdown-grace", "120",
      "--log-format", "off",
    ])
    let port = try layoutd.waitForPort()
    let idle = try HTTPTestClient(port: port, timeout: 60)
    #expect(try idle.request(path: "/healthz").status == 200)
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit(seconds: 40) == 0, "\(layoutd.stderr)")
    #expect(idle.isClosedByServer())
  }

  /// `layoutd_http_requests_in_flight` from `/metrics` on a new connection, or -1.
  static func requestsInFlight(port: Int) -> Double {
    guard let text = try? HTTPTestClient(port: port).request(path: "/metrics").bodyString else { return -1 }
    return MetricsTests.samples(text)["layoutd_http_requests_in_flight"] ?? -1
  }

  /// Whether a connect to `port` is refused (the listener has closed).
  static func refusesConnects(port: Int) -> Bool {
    do {
      _ = try HTTPTestClient(port: port)
      return false
    } catch {
      return true
    }
  }

  /// Whether `condition` holds within 20 seconds (checked every 10 ms).
  static func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }
}
