import MicroHTTP
import Posix
import Synchronization

/// The counters `GET /metrics` exposes, fed once per request when it ends (an `HTTPObserver`)
/// with relaxed atomic additions only: no lock, no allocation. Every counter is sharded by thread
/// (`ThreadIndex`) and summed when `/metrics` is scraped, so worker threads do not bounce cache
/// lines between cores. The server's gauges (requests in flight, connections, the body budget)
/// are read from what the server hands its observers when it starts (`serverStarted(_:)`), the
/// dropped log lines from `log`.
package final class ServiceMetrics: HTTPObserver {
  /// The path of the metrics route.
  package static let path = "/metrics"
  /// Upper bounds of the latency histogram's buckets, in nanoseconds (+Inf is implied).
  static let latencyBounds: [UInt64] = [
    50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000,
    50_000_000, 100_000_000, 250_000_000, 1_000_000_000,
  ]
  /// Statuses 100...599 each have a counter per route.
  static let statuses = 100...599

  /// The `route` label of each route, by `RouteID`, then `other` for a path that has none, so
  /// that the label set stays bounded whatever paths clients send.
  let labels: [String]
  /// Answered requests by route and status: index `route * 500 + status - 100`.
  let requests: AtomicCounterArray
  /// Requests that ended before their answer was sent in full, by route.
  let incomplete: AtomicCounterArray
  /// Per route: one counter per latency bucket (not cumulative) and +Inf, then the sum of
  /// durations in nanoseconds.
  let latency: AtomicCounterArray
  /// Items answered by requests that note a count of them (batches, `LayoutAPI.batchItemsNote`), by
  /// route.
  let items: AtomicCounterArray
  /// Request body bytes received (0) and response body bytes sent (1).
  let bytes = AtomicCounterArray(count: 2)
  /// Seconds since the Unix epoch when the process started.
  let startTime: Double
  /// The server's gauges, read at scrape time; nil until a server serves the service.
  private let gauges = Locked<ServerGauges?>(nil)
  /// The log whose dropped lines are counted, if any.
  private let log: LogWriter?
  /// Requests the access keys refused (`AccessKeyGate`), when there are keys.
  private let refusals: AtomicCounterArray?

  /// Zeroed counters for `routes` (their paths, by `RouteID`) and for `other`; the dropped
  /// lines of `log`, and the access keys' `refusals`, when given.
  init(routes: [String], log: LogWriter? = nil, refusals: AtomicCounterArray? = nil) {
    self.log = log
    self.refusals = refusals
    labels = routes + ["other"]
    requests = AtomicCounterArray(count: labels.count * Self.statuses.count)
    incomplete = AtomicCounterArray(count: labels.count)
    latency = AtomicCounterArray(count: labels.count * (Self.latencyBounds.count + 2))
    items = AtomicCounterArray(count: labels.count)
    startTime = CurrentProcess.startTime
  }

  /// Counts one finished request.
  package func requestEnded(_ request: borrowing CompletedRequest) {
    let shard = ThreadIndex.shard
    let route = request.route?.rawValue ?? labels.count - 1
    if request.completed, Self.statuses.contains(request.status) {
      requests.add(
        1, at: route * Self.statuses.count + request.status - Self.statuses.lowerBound, shard: shard)
    } else {
      incomplete.add(1, at: route, shard: shard)
    }
    let slots = Self.latencyBounds.count + 2
    var bucket = 0
    while bucket < Self.latencyBounds.count, request.durationNanoseconds > Self.latencyBounds[bucket] {
      bucket += 1
    }
    latency.add(1, at: route * slots + bucket, shard: shard)
    latency.add(request.durationNanoseconds, at: route * slots + slots - 1, shard: shard)
    if !request.notes.isEmpty, let count = request.notes.count(LayoutAPI.batchItemsNote) {
      items.add(UInt64(max(0, count)), at: route, shard: shard)
    }
    bytes.add(UInt64(max(0, request.bytesIn)), at: 0, shard: shard)
    bytes.add(UInt64(max(0, request.bytesOut)), at: 1, shard: shard)
  }

  /// Reads in-flight requests, open connections and the body budget from `gauges` when
  /// `/metrics` is scraped.
  package func serverStarted(_ gauges: ServerGauges) {
    self.gauges.withLock { $0 = gauges }
  }
}

extension ServiceMetrics {
  /// `GET /metrics`: the Prometheus text exposition format 0.0.4, never stored by a cache.
  func answer(_ response: inout HTTPResponse, ready: Bool) {
    response.contentType = Self.contentType
    response.forbidStoring()
    response.write(exposition(ready: ready))
  }
}

/// A fixed number of 64-bit counters, each kept in `ThreadIndex.shardCount` shards of
/// `Atomic`s in one heap block, and read as the sum of its shards.
///
/// `Atomic` cannot live in an `Array` (it is not copyable), so the counters are allocated
/// once and never move. Each shard starts on its own 128-byte boundary, so threads adding to
/// different shards never write the same cache line.
final class AtomicCounterArray: @unchecked Sendable {
  // @unchecked: `counters` is written only through atomic operations after `init`, and freed in
  // `deinit` when no other reference exists.
  private let counters: UnsafeMutablePointer<Atomic<UInt64>>
  /// The number of counters.
  let count: Int
  /// Counters from one shard's start to the next's.
  private let stride: Int

  /// Creates `count` counters at 0.
  init(count: Int) {
    self.count = count
    stride = (count + 15) / 16 * 16
    let total = stride * ThreadIndex.shardCount
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: total * MemoryLayout<Atomic<UInt64>>.stride, alignment: 128)
    counters = raw.bindMemory(to: Atomic<UInt64>.self, capacity: total)
    for index in 0..<total {
      (counters + index).initialize(to: Atomic(0))
    }
  }

  deinit {
    counters.deinitialize(count: stride * ThreadIndex.shardCount)
    UnsafeMutableRawPointer(counters).deallocate()
  }

  /// Adds `amount` to counter `index` in `shard` (`ThreadIndex.shard`).
  @inline(__always)
  func add(_ amount: UInt64, at index: Int, shard: Int) {
    counters[shard * stride + index].wrappingAdd(amount, ordering: .relaxed)
  }

  /// The value of counter `index`: the sum of its shards.
  func load(_ index: Int) -> UInt64 {
    var sum: UInt64 = 0
    for shard in 0..<ThreadIndex.shardCount {
      sum &+= counters[shard * stride + index].load(ordering: .relaxed)
    }
    return sum
  }
}

extension ServiceMetrics {
  /// The content type of the Prometheus text exposition format.
  package static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  /// The metrics in the Prometheus text exposition format 0.0.4.
  ///
  /// `ready` is the `layoutd_ready` gauge. Label sets are bounded: `route` is one of the
  /// service's routes or `other`, `status` a status code that occurred.
  package func exposition(ready: Bool) -> String {
    var text = ""
    text.reserveCapacity(4096)
    writeRequests(into: &text)
    writeLatency(into: &text)
    let server = gauges.withLock { $0 }
    family(
      &text, "layoutd_batch_items_total", "counter",
      "Requests answered inside batches (answers and problems), by route.",
      labels.indices.filter { labels[$0].hasSuffix("/batch") }.map {
        ("{route=\"\(labels[$0])\"}", String(items.load($0)))
      })
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
      &text, "layoutd_http_connections_refused_per_client_total", "counter",
      "Connections closed on accept because their client address had --max-connections-per-client open.",
      [("", String(server?.refusedPerClientConnectionCount ?? 0))])
    family(
      &text, "layoutd_http_body_memory_bytes", "gauge",
      "Request-body and answer bytes held now, against --max-body-memory.",
      [("", String(server?.heldBodyBytes ?? 0))])
    family(
      &text, "layoutd_http_body_memory_limit_bytes", "gauge", "The body budget, --max-body-memory.",
      [("", String(server?.bodyMemoryLimit ?? 0))])
    family(
      &text, "layoutd_http_body_memory_refusals_total", "counter",
      "Requests and answers refused with 503 because the body budget was spent.",
      [("", String(server?.bodyMemoryRefusalCount ?? 0))])
    family(
      &text, "layoutd_http_request_body_bytes_total", "counter", "Request body bytes received.",
      [("", String(bytes.load(0)))])
    family(
      &text, "layoutd_http_response_body_bytes_total", "counter", "Response body bytes sent.",
      [("", String(bytes.load(1)))])
    if let refusals {
      family(
        &text, "layoutd_unauthorized_requests_total", "counter",
        "Requests refused with 401 for want of an access key in force (--api-keys).",
        [("", String(refusals.load(0)))])
    }
    family(
      &text, "layoutd_log_lines_dropped_total", "counter",
      "Log lines (access log and lifecycle messages) dropped because standard error could not keep up.",
      [("", String(log?.droppedLineCount ?? 0))])
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
      [("", String(CurrentProcess.residentBytes))])
    family(
      &text, "process_cpu_seconds_total", "counter", "User and system CPU time spent in seconds.",
      [("", String(CurrentProcess.cpuSeconds))])
    return text
  }

  private func writeRequests(into text: inout String) {
    var samples: [(String, String)] = []
    var incompleteSamples: [(String, String)] = []
    for (route, label) in labels.enumerated() {
      for status in Self.statuses {
        let value = requests.load(route * Self.statuses.count + status - Self.statuses.lowerBound)
        guard value > 0 else { continue }
        samples.append(("{route=\"\(label)\",status=\"\(status)\"}", String(value)))
      }
      let cut = incomplete.load(route)
      if cut > 0 { incompleteSamples.append(("{route=\"\(label)\"}", String(cut))) }
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
    for (route, label) in labels.enumerated() {
      let base = route * slots
      var cumulative: UInt64 = 0
      for bucket in 0...Self.latencyBounds.count {
        cumulative += latency.load(base + bucket)
      }
      guard cumulative > 0 else { continue }
      let count = cumulative
      cumulative = 0
      for (bucket, bound) in Self.latencyBounds.enumerated() {
        cumulative += latency.load(base + bucket)
        text += "\(name)_bucket{route=\"\(label)\",le=\"\(Double(bound) / 1e9)\"} \(cumulative)\n"
      }
      text += "\(name)_bucket{route=\"\(label)\",le=\"+Inf\"} \(count)\n"
      text += "\(name)_sum{route=\"\(label)\"} \(Double(latency.load(base + slots - 1)) / 1e9)\n"
      text += "\(name)_count{route=\"\(label)\"} \(count)\n"
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
