import Foundation
import HTTPTesting
import Posix
import Synchronization
import Testing

@testable import LayoutService

/// Many clients at once through everything a request passes: request ids, CORS, metrics
/// counters and the access log buffer. Run under ThreadSanitizer by `scripts/checks/60-tsan`.
@Suite("Concurrency", .tags(.threads))
struct ConcurrencyTests {
  @Test(.timeLimit(.minutes(3)))
  func eightClientsAreEachCountedAndLoggedOnce() throws {
    let pipe = AccessLogTests.LogPipe()
    let log = AccessLog(format: .text, descriptor: pipe.writeEnd, capacity: 1 << 20)
    let fixture = try HTTPTestServer.layoutd(accessLog: log)
    let port = fixture.port
    let failures = Atomic<Int>(0)
    let ids = Locked(Set<String>())
    let logged = Locked("")
    let stop = Atomic<Bool>(false)
    let reader = Thread {
      while !stop.load(ordering: .relaxed) {
        let more = pipe.drain()
        logged.withLock { $0 += more }
        usleep(2000)
      }
    }
    reader.start()
    let threads = (0..<8).map { index in
      Thread {
        guard let client = try? HTTPTestClient(port: port, timeout: 10) else {
          failures.add(1, ordering: .relaxed)
          return
        }
        for request in 0..<150 {
          let path = request % 3 == 0 ? "/caret-follow" : "/avoid"
          let body = path == "/avoid" ? ErrorTests.valid : "{}"
          guard
            let response = try? client.request(
              method: "POST", path: path,
              headers: [("Content-Type", "application/json"), ("Origin", "https://x.example")],
              body: body),
            response.status == (path == "/avoid" ? 200 : 422),
            response.headers["Access-Control-Allow-Origin"] == "*",
            let id = response.headers["X-Request-Id"]
          else {
            failures.add(1, ordering: .relaxed)
            continue
          }
          ids.withLock { _ = $0.insert("\(index)-\(request) \(id)") }
        }
      }
    }
    threads.forEach { $0.start() }
    while threads.contains(where: { !$0.isFinished }) { usleep(5000) }
    #expect(failures.load(ordering: .relaxed) == 0)
    #expect(Set(ids.withLock { $0.map { $0.split(separator: " ")[1] } }).count == 1200)

    var samples: [String: Double] = [:]
    #expect(
      try waitUntil {
        samples = MetricsTests.samples(try fixture.metricsText())
        return samples[#"layoutd_http_requests_total{route="/avoid",status="200"}"#] == 800
          && samples[#"layoutd_http_requests_total{route="/caret-follow",status="422"}"#] == 400
      })
    #expect(
      samples["layoutd_http_request_body_bytes_total"] == Double(800 * ErrorTests.valid.utf8.count + 400 * 2))
    fixture.server.stop()
    log.writer.close()
    stop.store(true, ordering: .relaxed)
    while !reader.isFinished { usleep(5000) }
    let lines = (logged.withLock { $0 } + pipe.drain()).split(separator: "\n")
    #expect(lines.filter { $0.contains(" POST /avoid 200 ") }.count == 800)
    #expect(lines.filter { $0.contains(" POST /caret-follow 422 ") }.count == 400)
    #expect(log.writer.droppedLineCount == 0)
  }
}
