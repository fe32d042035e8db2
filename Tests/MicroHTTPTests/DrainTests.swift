import Dispatch
import Foundation
import HTTPTesting
import MicroHTTP
import Testing

/// `drain()`, the connection limit and the answers the server adds headers to.
@Suite("Drain and admission", .tags(.threads))
struct DrainTests {
  @Test func answersDuringTheDrainCloseTheirConnection() throws {
    let server = try HTTPTestServer { $0.drainTimeout = 10 }
    let client = try HTTPTestClient(port: server.port, timeout: 30)
    let before = try client.request(path: "/fixed")
    #expect(before.headers["Connection"] == nil)
    // A request in progress when the drain begins (its body half sent) is answered, and its
    // connection closed after the answer.
    try client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 4\r\n\r\nab")
    #expect(waitUntil { server.gauges.liveRequestCount == 1 })
    let drained = server.drainInBackground()
    #expect(waitUntil { server.isDraining })
    try client.send("cd")
    let during = try client.readResponse()
    #expect(during.status == 200)
    #expect(during.bodyString == "abcd")
    #expect(during.headers["Connection"]?.lowercased() == "close")
    #expect(client.isClosedByServer())
    #expect(drained.wait(timeout: .now() + 8) == .success)
    #expect(server.gauges.liveRequestCount == 0)
  }

  @Test(.timeLimit(.minutes(3)))
  func aDrainWaitsWithoutHoldingTheServerLock() throws {
    let server = try HTTPTestServer { $0.drainTimeout = 30 }
    // A request in progress (half its body sent) holds the drain until it is answered.
    let client = try HTTPTestClient(port: server.port, timeout: 30)
    try client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n01234")
    #expect(waitUntil { server.gauges.liveRequestCount == 1 })
    let drained = server.drainInBackground()
    #expect(waitUntil { server.isDraining })
    // Takes the server's lock: returns while the drain still waits, as the drain sleeps on a
    // condition rather than under the lock.
    server.quiesce()
    #expect(drained.wait(timeout: .now()) == .timedOut)
    try client.send("56789")
    let answer = try client.readResponse()
    #expect(answer.bodyString == "0123456789")
    #expect(answer.headers["Connection"]?.lowercased() == "close")
    #expect(drained.wait(timeout: .now() + 20) == .success)
  }

  @Test(.timeLimit(.minutes(3)))
  func aDrainClosesIdleKeepAliveConnectionsAfterItsGrace() throws {
    // Idle connections would otherwise be held for the idle timeout, far past a container's stop.
    let server = try HTTPTestServer {
      $0.drainTimeout = 60
      $0.connectionTimeout = 60
    }
    let idle = try (0..<3).map { _ in try HTTPTestClient(port: server.port, timeout: 30) }
    for client in idle { #expect(try client.request(path: "/fixed").status == 200) }
    let silent = try HTTPTestClient(port: server.port, timeout: 30)
    #expect(waitUntil { server.gauges.openConnectionCount == 4 })
    let drained = server.drainInBackground()
    // 30 s only bounds a failure; the idle timeout is 60.
    #expect(drained.wait(timeout: .now() + 30) == .success)
    for client in idle + [silent] { #expect(client.isClosedByServer()) }
    #expect(server.gauges.openConnectionCount == 0)
    // The watcher's own shutdowns are not taken for clients' closes.
    #expect(server.closeWatcher.shutSockets == 0)
  }

  @Test(.timeLimit(.minutes(3)))
  func aRequestWaitingUnreadIsNotCutAndALateConnectionIsClosedWhenIdle() throws {
    let held = HeldHandler()
    let server = try HTTPTestServer(router: held.adding(reply: "slow reply")) {
      $0.threads = 1
      $0.drainTimeout = 60
      $0.connectionTimeout = 60
      $0.drainIdleGrace = 0.05
    }
    defer { server.stop() }
    // A keep-alive connection, idle, then the only worker held in a handler.
    let waiting = try HTTPTestClient(port: server.port, timeout: 30)
    #expect(try waiting.request(path: "/fixed").status == 200)
    let busy = try HTTPTestClient(port: server.port, timeout: 30)
    try busy.send(HTTPTestClient.encode(method: "GET", path: "/slow", host: "test"))
    #expect(held.waitUntilEntered())
    // Accepted while the worker is held: it starts only once the drain has begun.
    let late = try HTTPTestClient(port: server.port, timeout: 30)
    #expect(waitUntil { server.gauges.pendingConnectionCount == 1 })
    let drained = server.drainInBackground()
    #expect(waitUntil { server.isDraining })
    // Half a request sent now waits unread while the worker is held: the drain's looks find
    // bytes to read on its connection and leave it (shut, the rest of the body could not come).
    try waiting.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\n01234")
    let looks = server.closeWatcher.idleLooks
    #expect(waitUntil { server.closeWatcher.idleLooks >= looks + 3 })
    held.release.signal()
    #expect(try busy.readResponse().bodyString == "slow reply")
    #expect(waitUntil { server.gauges.liveRequestCount == 1 })
    try waiting.send("56789")
    let answer = try waiting.readResponse()
    #expect(answer.bodyString == "0123456789")
    #expect(answer.headers["Connection"]?.lowercased() == "close")
    // The late one, silent, is closed after the grace, not at the 60 s timeouts.
    #expect(late.isClosedByServer())
    #expect(drained.wait(timeout: .now() + 30) == .success)
  }

  @Test func aDrainServesAConnectionAcceptedWhileItsWorkerWasBusy() throws {
    let held = HeldHandler()
    let (server, busy) = try held.startHoldingTheOnlyWorker { $0.drainTimeout = 30 }
    defer { server.stop() }
    // The only worker is held in a handler: a connection accepted now waits in its queue,
    // handed over but not started, when the drain begins.
    let late = try HTTPTestClient(port: server.port, timeout: 30)
    #expect(waitUntil { server.gauges.pendingConnectionCount == 1 })
    try late.send(HTTPTestClient.encode(method: "GET", path: "/fixed", host: "test"))
    let drained = server.drainInBackground()
    #expect(waitUntil { server.isDraining })
    held.release.signal()
    #expect(try busy.readResponse().bodyString == "slow reply")
    let answer = try late.readResponse()
    #expect(answer.status == 200)
    #expect(answer.headers["Connection"]?.lowercased() == "close")
    #expect(drained.wait(timeout: .now() + 30) == .success)
    #expect(server.gauges.pendingConnectionCount == 0)
  }

  @Test func connectionsAreCountedFromStartToClose() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    // Connected, no request sent: counted once libmicrohttpd has started them.
    let clients = try (0..<3).map { _ in try HTTPTestClient(port: server.port) }
    #expect(
      waitUntil {
        server.gauges.openConnectionCount == 3 && server.gauges.pendingConnectionCount == 0
      })
    clients[0].close()
    #expect(waitUntil { server.gauges.openConnectionCount == 2 })
    #expect(try clients[1].request(path: "/fixed").status == 200)
    #expect(server.gauges.openConnectionCount == 2)
  }

  @Test func theConnectionLimitClosesExtraConnectsAndFreesSlotsOnClose() throws {
    let server = try HTTPTestServer { $0.maxConnections = 2 }
    let first = try HTTPTestClient(port: server.port)
    let second = try HTTPTestClient(port: server.port)
    #expect(try first.request(path: "/fixed").status == 200)
    #expect(try second.request(path: "/fixed").status == 200)
    #expect(server.gauges.openConnectionCount == 2)
    let third = try HTTPTestClient(port: server.port, timeout: 3)
    #expect(third.isClosedByServer())
    #expect(server.gauges.refusedConnectionCount == 1)
    first.close()
    #expect(waitUntil { server.gauges.openConnectionCount == 1 })
    #expect(try HTTPTestClient(port: server.port).request(path: "/fixed").status == 200)
  }

  @Test func aBurstOfConnectsIsAdmittedUpToTheLimitExactly() throws {
    let held = HeldHandler()
    let (server, busy) = try held.startHoldingTheOnlyWorker { $0.maxConnections = 3 }
    defer { server.stop() }
    // The only worker is held: none of these connections is started while they are admitted,
    // so the two that fit under the limit are counted while they wait in its queue.
    let clients = try (0..<8).map { _ in try HTTPTestClient(port: server.port, timeout: 30) }
    // The accept thread counts a connection before libmicrohttpd refuses it and uncounts it
    // after: the last refusal is seen a moment before the count settles.
    #expect(
      waitUntil {
        server.gauges.refusedConnectionCount == 6 && server.gauges.pendingConnectionCount == 2
      })
    held.release.signal()
    #expect(try busy.readResponse().bodyString == "slow reply")
    var answered = 0
    for client in clients {
      if let response = try? client.request(path: "/fixed"), response.status == 200 { answered += 1 }
    }
    #expect(answered == 2)
    #expect(server.gauges.refusedConnectionCount == 6)
  }

  @Test func anHTTP11RequestWithoutHostIs400() throws {
    let server = try HTTPTestServer()
    let client = try HTTPTestClient(port: server.port)
    try client.send("GET /fixed HTTP/1.1\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 400)
    #expect(response.headers["Content-Type"] == HTTPError.problemContentType)
    let old = try HTTPTestClient(port: server.port)
    try old.send("GET /fixed HTTP/1.0\r\n\r\n")
    #expect(try old.readResponse().status == 200)
  }

  @Test func middlewarePreparesHandlerAnswersAndTheServersOwn() throws {
    let server = try HTTPTestServer(
      middleware: [
        TestMiddleware(after: { request, response in
          response.addHeader("X-Seen", "\(request.method) \(response.status)")
        })
      ]
    ) { $0.maxBodyBytes = 8 }
    let client = try HTTPTestClient(port: server.port)
    #expect(try client.request(path: "/fixed").headers["X-Seen"] == "GET 200")
    #expect(try client.request(path: "/missing").headers["X-Seen"] == "GET 404")
    #expect(try client.request(method: "PUT", path: "/fixed").headers["X-Seen"] == "PUT 405")
    #expect(try client.request(method: "POST", path: "/problem").headers["X-Seen"] == "POST 422")
    let large = try HTTPTestClient(port: server.port).request(
      method: "POST", path: "/echo", body: "123456789")
    #expect(large.headers["X-Seen"] == "POST 413")
  }

  @Test func requestIDsAreAssignedOnlyWhenAsked() throws {
    let plain = try HTTPTestServer()
    let quiet = try HTTPTestClient(port: plain.port).request(path: "/fixed", headers: [("X-Request-ID", "a")])
    #expect(quiet.headers["X-Request-ID"] == nil)
    let assigning = try HTTPTestServer(requestIDs: RequestIDPolicy())
    let client = try HTTPTestClient(port: assigning.port)
    #expect(
      try client.request(path: "/fixed", headers: [("X-Request-ID", "given-1")]).headers["X-Request-ID"]
        == "given-1")
    let generated = try client.request(path: "/missing").headers["X-Request-ID"] ?? ""
    #expect(generated.count == 32)
    #expect(generated.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    let next = try client.request(path: "/missing").headers["X-Request-ID"] ?? ""
    #expect(next != generated)
    #expect(next.prefix(16) == generated.prefix(16), "one server, one prefix")
  }

  @Test func hexDigitsAreEachValuesSixteenLowercaseDigits() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var values: [UInt64] = [0, 1, 9, 10, 15, 16, 0xFF, 0xABCD_EF01, .max, 1 << 63, 0x0123_4567_89AB_CDEF]
    for _ in 0..<200 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(state)
    }
    for value in values {
      let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
        HexDigits.write(value, into: buffer.baseAddress!)
        return String(decoding: buffer, as: UTF8.self)
      }
      let expected = String(value, radix: 16)
      #expect(written == String(repeating: "0", count: 16 - expected.count) + expected, "\(value)")
    }
  }
}
