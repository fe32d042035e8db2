import Foundation
import HTTPTesting
import Testing

@testable import LayoutService
@testable import MicroHTTP

/// `GET /metrics`: the Prometheus text format, and counts that match the traffic.
@Suite("Metrics", .tags(.threads))
struct MetricsTests {
  /// The samples of an exposition: `name{labels}` → value.
  static func samples(_ text: String) -> [String: Double] {
    var samples: [String: Double] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      guard let space = line.lastIndex(of: " ") else { continue }
      samples[String(line[..<space])] = Double(line[line.index(after: space)...])
    }
    return samples
  }

  @Test func expositionIsWellFormedPrometheusText() throws {
    let fixture = try HTTPTestServer.layoutd()
    _ = try fixture.client().post("/avoid", ErrorTests.valid)
    let response = try fixture.client().request(path: "/metrics")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
    let text = response.bodyString
    #expect(text.hasSuffix("\n"))
    let name = #"[a-zA-Z_:][a-zA-Z0-9_:]*"#
    let label = #"[a-zA-Z_][a-zA-Z0-9_]*="[^"\\\n]*""#
    let sample = try Regex("^(\(name))(\\{\(label)(,\(label))*\\})? (-?[0-9.e+-]+|\\+Inf)$")
    let typeLine = try Regex("^# TYPE (\(name)) (counter|gauge|histogram)$")
    var declared: [String: String] = [:]
    for line in text.split(separator: "\n") {
      if line.hasPrefix("# HELP ") { continue }
      if let match = try typeLine.wholeMatch(in: line) {
        let family = String(match.output[1].substring ?? "")
        #expect(declared[family] == nil, "TYPE twice: \(family)")
        declared[family] = String(match.output[2].substring ?? "")
        continue
      }
      let match = try #require(try sample.wholeMatch(in: line), "not a sample: \(line)")
      let metric = String(match.output[1].substring ?? "")
      let family = ["_bucket", "_sum", "_count"].reduce(metric) { name, suffix in
        name.hasSuffix(suffix) && declared[name] == nil ? String(name.dropLast(suffix.count)) : name
      }
      #expect(declared[family] != nil, "sample before its TYPE: \(line)")
    }
    for family in [
      "layoutd_http_requests_total", "layoutd_http_request_duration_seconds",
      "layoutd_http_requests_in_flight",
      "layoutd_http_request_body_bytes_total", "layoutd_http_response_body_bytes_total",
      "process_start_time_seconds", "process_resident_memory_bytes",
    ] {
      #expect(declared[family] != nil, "\(family) missing")
    }
  }

  @Test func countsFollowTheTraffic() throws {
    let fixture = try HTTPTestServer.layoutd()
    var bytesIn = 0
    var bytesOut = 0
    for _ in 0..<3 {
      let response = try fixture.client().post("/avoid", ErrorTests.valid)
      #expect(response.status == 200)
      bytesIn += ErrorTests.valid.utf8.count
      bytesOut += response.body.count
    }
    let invalid = try fixture.client().post("/avoid", "{}")
    #expect(invalid.status == 422)
    bytesIn += 2
    bytesOut += invalid.body.count
    for path in ["/nowhere", "/avoid/x"] {
      let missing = try fixture.client().request(path: path)
      #expect(missing.status == 404)
      bytesOut += missing.body.count
    }
    // A request is counted once its answer is sent, which may be after the client has it, and
    // a scrape reads one counter after another while requests end: wait until one scrape holds
    // every count below.
    var samples: [String: Double] = [:]
    let counted = try waitUntil {
      samples = Self.samples(try fixture.metricsText())
      return samples[#"layoutd_http_requests_total{route="other",status="404"}"#] == 2
        && samples[#"layoutd_http_request_duration_seconds_count{route="/avoid"}"#] == 4
        && samples[#"layoutd_http_requests_total{route="/avoid",status="200"}"#] == 3
        && samples[#"layoutd_http_requests_total{route="/avoid",status="422"}"#] == 1
        && samples["layoutd_http_request_body_bytes_total"] == Double(bytesIn)
    }
    #expect(counted, "\(samples.filter { $0.key.contains("/avoid") || $0.key.contains("other") })")
    // Earlier scrapes of /metrics count too: at least the answers above.
    #expect((samples["layoutd_http_response_body_bytes_total"] ?? 0) >= Double(bytesOut))
    #expect((samples["layoutd_http_requests_in_flight"] ?? 0) >= 1)
    #expect((samples["layoutd_http_connections_open"] ?? 0) >= 1)
    #expect((samples["process_resident_memory_bytes"] ?? 0) > 1_000_000)
    let start = samples["process_start_time_seconds"] ?? 0
    #expect(start <= Date().timeIntervalSince1970 && start > Date().timeIntervalSince1970 - 86_400)
    #expect(samples["layoutd_ready"] == 1)

    var previous = 0.0
    for bound in ["5e-05", "0.0001", "0.001", "0.01", "0.1", "1.0", "+Inf"] {
      let value = try #require(
        samples[#"layoutd_http_request_duration_seconds_bucket{route="/avoid",le="\#(bound)"}"#], "\(bound)")
      #expect(value >= previous)
      previous = value
    }
    #expect(previous == 4)
    #expect((samples[#"layoutd_http_request_duration_seconds_sum{route="/avoid"}"#] ?? 0) > 0)
  }

  @Test func unknownPathsShareOneRouteLabel() throws {
    let fixture = try HTTPTestServer.layoutd()
    let client = try fixture.client()
    for index in 0..<40 {
      #expect(try client.request(path: "/probe/\(index)/\(UInt64.random(in: 0...UInt64.max))").status == 404)
    }
    var text = ""
    #expect(
      try waitUntil {
        text = try fixture.metricsText()
        return Self.samples(text)[#"layoutd_http_requests_total{route="other",status="404"}"#] == 40
      })
    let routes = Set(
      text.split(separator: "\n").filter { $0.hasPrefix("layoutd_http_requests_total{") }
        .compactMap { line in
          line.firstRange(of: "route=\"").map { line[$0.upperBound...].prefix { $0 != "\"" } }
        })
    #expect(routes.isSubset(of: Set((LayoutAPI.service().routes.paths + ["other"]).map { Substring($0) })))
    #expect(!text.contains("/probe/"))
  }

  @Test func everyServedPathHasARouteLabelOfItsOwn() throws {
    let service = LayoutAPI.service()
    let metrics = try #require(service.observer(ServiceMetrics.self))
    let paths = service.routes.paths
    #expect(paths.count >= 10)
    #expect(paths.contains("/metrics"))
    #expect(metrics.labels == paths + ["other"])
    #expect(Set(metrics.labels).count == metrics.labels.count)
  }

  @Test func theClientModuleIsCountedUnderItsPath() throws {
    let fixture = try HTTPTestServer.layoutd()
    #expect(try fixture.client().request(path: "/layoutd.js").status == 200)
    var samples: [String: Double] = [:]
    #expect(
      try waitUntil {
        samples = Self.samples(try fixture.metricsText())
        return samples[#"layoutd_http_requests_total{route="/layoutd.js",status="200"}"#] == 1
      })
    #expect(samples.keys.allSatisfy { !$0.contains(#"route="other""#) || samples[$0] == 0 })
  }

  @Test func everyStatusIsCountedUnderItsRoute() throws {
    let service = LayoutAPI.service()
    let metrics = try #require(service.observer(ServiceMetrics.self))
    let avoid = service.routes.route(for: "/avoid")?.id
    for status in [200, 204, 400, 404, 405, 413, 415, 422, 431, 500, 503] {
      metrics.requestEnded(
        CompletedRequest(
          method: .post, path: "/avoid", route: avoid, status: status, durationNanoseconds: 1_500_000,
          bytesIn: 10, bytesOut: 20, requestID: nil, completed: true))
    }
    metrics.requestEnded(
      CompletedRequest(
        method: .post, path: "/avoid", route: avoid, status: 0, durationNanoseconds: 10, bytesIn: 3,
        bytesOut: 0, requestID: nil, completed: false))
    let samples = Self.samples(metrics.exposition(ready: false))
    for status in [200, 204, 400, 404, 405, 413, 415, 422, 431, 500, 503] {
      #expect(samples[#"layoutd_http_requests_total{route="/avoid",status="\#(status)"}"#] == 1, "\(status)")
    }
    #expect(samples[#"layoutd_http_requests_incomplete_total{route="/avoid"}"#] == 1)
    #expect(samples[#"layoutd_http_request_duration_seconds_bucket{route="/avoid",le="0.001"}"#] == 1)
    #expect(samples[#"layoutd_http_request_duration_seconds_bucket{route="/avoid",le="0.0025"}"#] == 12)
    #expect(samples["layoutd_http_request_body_bytes_total"] == 113)
    #expect(samples["layoutd_ready"] == 0)
  }

  @Test func metricsOffLeavesTheRouteOut() throws {
    let fixture = try HTTPTestServer.layoutd(metrics: false)
    #expect(try fixture.client().request(path: "/metrics").status == 404)
  }
}
