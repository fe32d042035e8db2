extension ServiceMetrics {
  /// The content type of the Prometheus text exposition format.
  public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  /// The metrics in the Prometheus text exposition format 0.0.4.
  ///
  /// `ready` is the `layoutd_ready` gauge. Label sets are bounded: `route` is one of the
  /// service's routes or `other`, `status` a status code that occurred.
  public func exposition(ready: Bool) -> String {
    var text = ""
    text.reserveCapacity(4096)
    writeRequests(into: &text)
    writeLatency(into: &text)
    let (server, accessLog) = sources.withLock { ($0.server, $0.accessLog) }
    family(
      &text, "layoutd_http_requests_in_flight", "gauge", "Requests begun and not yet ended.",
      [("", String(server?.liveRequestCount ?? 0))])
    family(
      &text, "layoutd_http_connections_open", "gauge", "Client connections open.",
      [("", String(server?.openConnectionCount ?? 0))])
    family(
      &text, "layoutd_http_connections_refused_total", "counter",
      "Connections closed on accept because --max-connections were open.",
      [("", String(server?.refusedConnectionCount ?? 0))])
    family(
      &text, "layoutd_http_request_body_bytes_total", "counter", "Request body bytes received.",
      [("", String(bytesIn.load(ordering: .relaxed)))])
    family(
      &text, "layoutd_http_response_body_bytes_total", "counter", "Response body bytes sent.",
      [("", String(bytesOut.load(ordering: .relaxed)))])
    family(
      &text, "layoutd_access_log_dropped_lines_total", "counter",
      "Access log lines dropped because standard error could not keep up.",
      [("", String(accessLog?.droppedLineCount ?? 0))])
    family(
      &text, "layoutd_ready", "gauge", "1 while the instance takes traffic, 0 once it drains.",
      [("", ready ? "1" : "0")])
    family(
      &text, "layoutd_build_info", "gauge", "The running version.",
      [("{version=\"\(LayoutdVersion.current)\"}", "1")])
    family(
      &text, "process_start_time_seconds", "gauge", "Start time of the process since the Unix epoch.",
      [("", String(Int(startTime)))])
    family(
      &text, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
      [("", String(ProcessStats.residentBytes()))])
    family(
      &text, "process_cpu_seconds_total", "counter", "User and system CPU time spent in seconds.",
      [("", String(ProcessStats.cpuSeconds()))])
    return text
  }

  private func writeRequests(into text: inout String) {
    var samples: [(String, String)] = []
    var incompleteSamples: [(String, String)] = []
    for route in MetricRoute.allCases {
      for status in Self.statuses {
        let value = requests.load(route.rawValue * Self.statuses.count + status - Self.statuses.lowerBound)
        guard value > 0 else { continue }
        samples.append(("{route=\"\(route.label)\",status=\"\(status)\"}", String(value)))
      }
      let cut = incomplete.load(route.rawValue)
      if cut > 0 { incompleteSamples.append(("{route=\"\(route.label)\"}", String(cut))) }
    }
    family(
      &text, "layoutd_http_requests_total", "counter", "Requests answered, by route and status.", samples)
    family(
      &text, "layoutd_http_requests_incomplete_total", "counter",
      "Requests that ended before their answer was sent in full (client gone, timeout), by route.",
      incompleteSamples)
  }

  private func writeLatency(into text: inout String) {
    let name = "layoutd_http_request_duration_seconds"
    text += "# HELP \(name) Time from a request's headers to its answer being sent, by route.\n"
    text += "# TYPE \(name) histogram\n"
    let slots = Self.latencyBounds.count + 2
    for route in MetricRoute.allCases {
      let base = route.rawValue * slots
      var cumulative: UInt64 = 0
      for bucket in 0...Self.latencyBounds.count {
        cumulative += latency.load(base + bucket)
      }
      guard cumulative > 0 else { continue }
      let count = cumulative
      cumulative = 0
      for (bucket, bound) in Self.latencyBounds.enumerated() {
        cumulative += latency.load(base + bucket)
        text += "\(name)_bucket{route=\"\(route.label)\",le=\"\(Double(bound) / 1e9)\"} \(cumulative)\n"
      }
      text += "\(name)_bucket{route=\"\(route.label)\",le=\"+Inf\"} \(count)\n"
      text += "\(name)_sum{route=\"\(route.label)\"} \(Double(latency.load(base + slots - 1)) / 1e9)\n"
      text += "\(name)_count{route=\"\(route.label)\"} \(count)\n"
    }
  }

  /// Appends one metric family: its `HELP` and `TYPE` lines and `samples` (labels, value).
  private func family(
    _ text: inout String, _ name: String, _ type: String, _ help: String, _ samples: [(String, String)]
  ) {
    text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    for (labels, value) in samples {
      text += "\(name)\(labels) \(value)\n"
    }
  }
}
