import Dispatch
import Foundation
import HTTPTesting
import Synchronization
import Testing

@testable import LayoutService

/// `/readyz`, `/healthz` and the drain that SIGTERM starts.
@Suite("Readiness and drain", .tags(.threads))
struct ReadinessTests {
  @Test func readyzIs200AndHealthz200BeforeDraining() throws {
    let fixture = try HTTPTestServer.layoutd()
    let ready = try fixture.client().request(path: "/readyz")
    #expect(ready.status == 200)
    #expect(try ready.jsonObject()["status"] as? String == "ready")
    #expect(try fixture.client().request(path: "/healthz").status == 200)
  }

  @Test func healthReadinessAndMetricsAreNeverStoredByACache() throws {
    let fixture = try HTTPTestServer.layoutd()
    for path in ["/healthz", "/readyz", "/metrics"] {
      for method in ["GET", "HEAD"] {
        let answer = try fixture.client().request(method: method, path: path)
        #expect(answer.status == 200, "\(method) \(path)")
        #expect(answer.headers["Cache-Control"] == "no-store", "\(method) \(path)")
      }
    }
    // Nor are the other answers to GET marked: the description and the client module may be kept.
    #expect(try fixture.client().request(path: "/openapi.yaml").headers["Cache-Control"] == nil)
  }

  @Test func drainingTurnsReadyzTo503KeepsHealthzThenClosesIdleConnections() throws {
    let readiness = Readiness()
    let fixture = try HTTPTestServer.layoutd(readiness: readiness) {
      $0.drainTimeout = 30
      $0.connectionTimeout = 60
    }
    let readyzClient = try fixture.client(timeout: 30)
    let healthzClient = try fixture.client(timeout: 30)
    #expect(try readyzClient.request(path: "/readyz").status == 200)
    #expect(try healthzClient.request(path: "/healthz").status == 200)

    // SIGTERM's first step: /readyz answers 503 while everything else serves as before.
    readiness.beginDraining()
    let notReady = try readyzClient.request(path: "/readyz")
    #expect(notReady.status == 503)
    #expect(notReady.headers["Content-Type"] == "application/problem+json")
    #expect(try notReady.jsonObject()["type"] as? String == "about:blank")
    #expect(try notReady.jsonObject()["title"] as? String == "Draining")
    let healthy = try healthzClient.request(path: "/healthz")
    #expect(healthy.status == 200)

    // Then the drain: the listener closes, and the two keep-alive connections, idle, are closed
    // (after the drain's idle grace, not the 60 s idle timeout).
    let drained = DispatchSemaphore(value: 0)
    let server = fixture.server
    DispatchQueue.global().async {
      server.drain()
      drained.signal()
    }
    #expect(waitUntil { server.isDraining })
    #expect(readyzClient.isClosedByServer())
    #expect(healthzClient.isClosedByServer())
    #expect(throws: HTTPTestClientError.cannotConnect(errno: ECONNREFUSED)) {
      try HTTPTestClient(port: server.port)
    }
    // Both connections are gone, so the drain ends without waiting for its timeout.
    #expect(drained.wait(timeout: .now() + 20) == .success)
  }

  @Test func drainLetsARequestInFlightFinish() throws {
    // The drain timeout is far beyond the test: the drain may end only because the request
    // was answered and its client went away.
    let readiness = Readiness()
    let fixture = try HTTPTestServer.layoutd(readiness: readiness) { $0.drainTimeout = 120 }
    let client = try fixture.client(timeout: 30)
    let body = Array(ErrorTests.valid.utf8)
    let request = HTTPTestClient.encode(
      method: "POST", path: "/avoid", host: "test", headers: [("Content-Type", "application/json")],
      body: body)
    let split = request.count - body.count / 2
    try client.send(Array(request[..<split]))
    #expect(waitUntil { fixture.gauges.liveRequestCount == 1 })

    let drained = DispatchSemaphore(value: 0)
    let finished = Atomic<Bool>(false)
    let server = fixture.server
    DispatchQueue.global().async {
      readiness.beginDraining()
      server.drain()
      finished.store(true, ordering: .sequentiallyConsistent)
      drained.signal()
    }
    #expect(waitUntil { server.isDraining })
    // Draining, with the half-sent request still held: the drain has not ended.
    #expect(server.gauges.liveRequestCount == 1)
    let drainReturned = finished.load(ordering: .sequentiallyConsistent)
    #expect(!drainReturned)
    try client.send(Array(request[split...]))
    let response = try client.readResponse()
    #expect(response.status == 200)
    #expect(try response.jsonObject()["fits"] as? Bool == true)
    #expect(response.headers["Connection"]?.lowercased() == "close")
    // 30 s only bounds a failure.
    #expect(drained.wait(timeout: .now() + 30) == .success)
  }

  @Test func drainStopsAtItsTimeoutWhenARequestStaysInProgress() throws {
    let readiness = Readiness()
    let fixture = try HTTPTestServer.layoutd(readiness: readiness) { $0.drainTimeout = 0.5 }
    // Half a body, never finished: the request holds the drain until its timeout.
    let slow = try fixture.client(timeout: 30)
    try slow.send(
      "POST /avoid HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    #expect(waitUntil { fixture.gauges.liveRequestCount == 1 })
    let drained = DispatchSemaphore(value: 0)
    let server = fixture.server
    DispatchQueue.global().async {
      readiness.beginDraining()
      server.drain()
      drained.signal()
    }
    #expect(drained.wait(timeout: .now() + 8) == .success)
    #expect(slow.isClosedByServer())
  }
}
