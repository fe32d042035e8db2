import Foundation
import HTTPTesting
import Posix
import Synchronization
import Testing

@testable import LayoutService

/// SIGTERM under load, against the real `layoutd` process.
@Suite("Drain under load", .serialized)
struct DrainProcessTests {
  /// What one client saw.
  struct Tally {
    var answered = 0
    var refusedAtConnect = 0
    var failures: [String] = []
  }

  @Test(.timeLimit(.minutes(3)))
  func sigtermWhileEightClientsSendLosesNoAnswerAndExits0() throws {
    let layoutd = try LayoutdProcess(["--port", "0", "--shutdown-grace", "5", "--log-format", "off"])
    let port = try layoutd.waitForPort()
    let body = Array(ErrorTests.valid.utf8)
    let tallies = Locked<[Tally]>([])
    let started = Atomic<Int>(0)
    var threads: [Thread] = []
    for index in 0..<8 {
      // Half reuse their connection (keep-alive), half connect for every request.
      let keepAlive = index % 2 == 0
      let thread = Thread {
        var tally = Tally()
        var client: HTTPTestClient?
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
          var fresh = false
          if client == nil {
            do {
              client = try HTTPTestClient(port: port, timeout: 5)
              fresh = true
            } catch {
              tally.refusedAtConnect += 1
              break
            }
          }
          do {
            let response = try client!.request(
              method: "POST", path: "/avoid", headers: [("Content-Type", "application/json")], body: body)
            let offset = try? (response.jsonObject()["offset"] as? [String: Any])?["y"] as? Double
            if response.status == 200, offset == -246 {
              tally.answered += 1
            } else {
              tally.failures.append("status \(response.status): \(response.bodyString)")
            }
            if !keepAlive || response.headers["Connection"]?.lowercased() == "close" { client = nil }
          } catch let error as HTTPTestClientError where fresh && Self.isReset(error) {
            // The kernel completed this connection in the listen backlog just as the listener
            // closed: the server never accepted it, so nothing was read or cut off. Refused.
            tally.refusedAtConnect += 1
            break
          } catch {
            // Which connection it was tells a lost answer from a connection closed while idle.
            tally.failures.append("\(error) on a \(fresh ? "fresh" : "reused") connection, client \(index)")
            client = nil
          }
          if tally.answered == 20 { started.add(1, ordering: .relaxed) }
        }
        let final = tally
        tallies.withLock { $0.append(final) }
      }
      thread.start()
      threads.append(thread)
    }
    let deadline = Date().addingTimeInterval(20)
    while started.load(ordering: .relaxed) < 8, Date() < deadline { usleep(5000) }
    layoutd.signal(SIGTERM)
    let exitCode = layoutd.waitForExit(seconds: 15)
    while threads.contains(where: { !$0.isFinished }) { usleep(10_000) }

    #expect(exitCode == 0)
    let all = tallies.withLock { $0 }
    #expect(all.count == 8)
    #expect(all.allSatisfy { $0.answered >= 20 })
    #expect(all.allSatisfy { $0.refusedAtConnect == 1 }, "every client ends refused at connect")
    let failures = all.flatMap(\.failures)
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    #expect(layoutd.stderr.contains("layoutd: stopped"))
  }

  /// Whether a request failed because its connection was reset before any answer.
  static func isReset(_ error: HTTPTestClientError) -> Bool {
    switch error {
    case .sendFailed(let code), .receiveFailed(let code): code == ECONNRESET || code == EPIPE
    default: false
    }
  }
}
