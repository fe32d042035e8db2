import Foundation
import Testing

/// SIGTERM under load, against the real `layoutd` process.
@Suite("Drain under load", .serialized)
struct DrainProcessTests {
  @Test(.timeLimit(.minutes(3)))
  func sigtermWhileEightClientsSendLosesNoAnswerAndExits0() throws {
    // A grace long enough that a starved machine still serves every connection accepted before
    // the listener closed; the drain ends as soon as they are served.
    let layoutd = try LayoutdProcess(["--port", "0", "--shutdown-grace", "15", "--log-format", "off"])
    let port = try layoutd.waitForPort()
    let load = AvoidLoad(port: port, seconds: 60)
    let deadline = Date().addingTimeInterval(20)
    while !load.warmedUp, Date() < deadline { usleep(5000) }
    layoutd.signal(SIGTERM)
    let exitCode = layoutd.waitForExit(seconds: 40)
    let all = try #require(load.waitForTallies(seconds: 90))

    #expect(exitCode == 0)
    #expect(all.count == 8)
    #expect(all.allSatisfy { $0.answered >= 20 })
    #expect(all.allSatisfy { $0.refusedAtConnect == 1 }, "every client ends refused at connect")
    let failures = all.flatMap(\.failures)
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    #expect(layoutd.stderr.contains("layoutd: stopped"))
  }
}
