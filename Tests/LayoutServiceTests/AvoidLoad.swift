import Foundation
import HTTPTesting
import Posix
import Synchronization

/// Clients posting `/avoid` in a loop to a layoutd until it refuses them at connect: the load
/// a drain is tested under. Half reuse their connection (keep-alive), half connect for every
/// request; every answer is checked.
final class AvoidLoad: Sendable {
  /// What one client saw.
  struct Tally {
    var answered = 0
    var refusedAtConnect = 0
    var failures: [String] = []
  }

  /// How many answers make a client count as warmed up (`warmedUp`).
  let answersToWarm: Int
  private let tallies = Locked<[Tally]>([])
  private let warmed = Atomic<Int>(0)
  private let finished = Atomic<Int>(0)
  private let clients: Int

  /// Starts `clients` clients against `port`; each stops at its first refusal, or after
  /// `seconds` (which only bounds a failure).
  init(port: Int, clients: Int = 8, answersToWarm: Int = 20, seconds: Double = 90) {
    self.clients = clients
    self.answersToWarm = answersToWarm
    for index in 0..<clients {
      Thread { [self] in
        let final = run(client: index, port: port, seconds: seconds)
        tallies.withLock { $0.append(final) }
        finished.add(1, ordering: .sequentiallyConsistent)
      }.start()
    }
  }

  /// Whether every client has had `answersToWarm` answers.
  var warmedUp: Bool { warmed.load(ordering: .relaxed) == clients }

  /// Waits (up to `seconds`) until every client has stopped; what each saw, or nil.
  func waitForTallies(seconds: Double) -> [Tally]? {
    let deadline = Date().addingTimeInterval(seconds)
    while finished.load(ordering: .sequentiallyConsistent) < clients, Date() < deadline { usleep(10_000) }
    guard finished.load(ordering: .sequentiallyConsistent) == clients else { return nil }
    return tallies.withLock { $0 }
  }

  /// One client's loop.
  private func run(client index: Int, port: Int, seconds: Double) -> Tally {
    let body = Array(ErrorTests.valid.utf8)
    let keepAlive = index % 2 == 0
    var tally = Tally()
    var client: HTTPTestClient?
    var warm = false
    let deadline = Date().addingTimeInterval(seconds)
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
      } catch let error where fresh && (Self.isReset(error) || client!.sendMetClosedConnection) {
        // The kernel completed this connection in the listen backlog just as the listener
        // closed: the server never accepted it, so nothing was read or cut off. Refused. The
        // reset fails the read, or, when the send met it first, the send takes the error and
        // the read then finds end-of-stream (`connectionClosed`): a request the connection
        // never carried whole cannot have lost its answer.
        tally.refusedAtConnect += 1
        break
      } catch {
        // Which connection it was tells a lost answer from a connection closed while idle.
        tally.failures.append("\(error) on a \(fresh ? "fresh" : "reused") connection, client \(index)")
        client = nil
      }
      if !warm, tally.answered >= answersToWarm {
        warm = true
        warmed.add(1, ordering: .relaxed)
      }
    }
    return tally
  }

  /// Whether a request failed because its connection was reset before any answer.
  static func isReset(_ error: HTTPTestClientError) -> Bool {
    switch error {
    case .sendFailed(let code), .receiveFailed(let code): code == ECONNRESET || code == EPIPE
    default: false
    }
  }
}
