import Foundation
import HTTPTesting
import Posix
import Synchronization
import Testing

@testable import LayoutService

/// Idle and trickling connections do not starve anyone else.
///
/// No timed assertion: the slow clients stay mid-headers for the whole test, so a server they
/// starved would not answer at all.
@Suite("Slow clients", .serialized)
struct SlowClientTests {
  @Test(.timeLimit(.minutes(3)))
  func aFreshClientIsServedBeside1000IdleConnectionsAndTricklingHeaders() throws {
    // Two descriptors per connection in this process (client and server end).
    let openFiles = CurrentProcess.raiseOpenFileLimit(toAtLeast: 2400)
    try #require(openFiles >= 2400, "the test needs 2,400 open files (ulimit -Hn)")
    // An idle timeout far beyond the test, so that the idle clients stay open however long the
    // test takes.
    let fixture = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running([
        "--max-connections", "1100", "--max-connections-per-client", "0", "--connection-timeout", "3600",
      ]))
    var idle: [HTTPTestClient] = []
    for _ in 0..<1000 {
      idle.append(try fixture.client())
    }
    // Sixteen clients send their headers one byte per second, never finishing.
    let trickle =
      Array("GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: ".utf8)
      + Array(repeating: UInt8(ascii: "a"), count: 64)
    let slow = try (0..<16).map { _ in try fixture.client(timeout: 10) }
    let stop = Atomic<Bool>(false)
    let sent = Atomic<Int>(0)
    let descriptors = slow.compactMap(\.descriptor)
    #expect(descriptors.count == 16)
    let trickler = Thread {
      var offset = 0
      while !stop.load(ordering: .relaxed), offset < trickle.count {
        for descriptor in descriptors {
          _ = try? trickle[offset..<offset + 1].withUnsafeBytes { (byte) throws(Errno) in
            try descriptor.send(byte)
          }
        }
        offset += 1
        sent.store(offset, ordering: .relaxed)
        for _ in 0..<10 where !stop.load(ordering: .relaxed) { usleep(100_000) }
      }
    }
    trickler.start()
    defer {
      stop.store(true, ordering: .relaxed)
      while !trickler.isFinished { usleep(10_000) }
      // The slow clients' sockets stay open until the thread that writes to them has ended.
      withExtendedLifetime(slow) {}
    }
    #expect(waitUntil { fixture.gauges.openConnectionCount >= 1016 })

    for round in 0..<3 {
      // Each round while the slow clients are mid-headers: a starved server would never answer
      // (they take over a minute to finish); 20 s only bounds a failure.
      let fresh = try HTTPTestClient(port: fixture.port, timeout: 20)
      let response = try fresh.request(
        method: "POST", path: "/avoid", headers: [("Content-Type", "application/json")],
        body: ErrorTests.valid)
      #expect(response.status == 200, "round \(round)")
      #expect(try response.jsonObject()["fits"] as? Bool == true)
      // The next round only after the slow clients have sent another byte.
      let before = sent.load(ordering: .relaxed)
      #expect(waitUntil(seconds: 20) { sent.load(ordering: .relaxed) > before })
    }
    #expect(sent.load(ordering: .relaxed) < trickle.count, "the slow clients are still mid-headers")
    // The idle connections are still open and still served: nothing closed them while the
    // others were served.
    #expect(fixture.gauges.openConnectionCount >= 1000)
    #expect(try idle[0].request(path: "/healthz").status == 200)
    #expect(try idle[999].request(path: "/healthz").status == 200)
  }
}
