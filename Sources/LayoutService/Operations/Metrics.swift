import Glibc
import MicroHTTP
import Synchronization

/// The counters `GET /metrics` exposes, fed once per request by `record(_:)` with relaxed
/// atomic additions only: no lock, no allocation. Every counter is sharded by thread
/// (`ThreadIndex`) and summed when `/metrics` is scraped, so worker threads do not bounce cache
/// lines between cores.
public final class ServiceMetrics: Sendable {
  /// Upper bounds of the latency histogram's buckets, in nanoseconds (+Inf is implied).
  static let latencyBounds: [UInt64] = [
    50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000,
    50_000_000, 100_000_000, 250_000_000, 1_000_000_000,
  ]
  /// Statuses 100...599 each have a counter per route.
  static let statuses = 100...599

  /// Answered requests by route and status: index `route * 500 + status - 100`.
  let requests = AtomicCounterArray(count: MetricRoute.allCases.count * statuses.count)
  /// Requests that ended before their answer was sent in full, by route.
  let incomplete = AtomicCounterArray(count: MetricRoute.allCases.count)
  /// Per route: one counter per latency bucket (not cumulative) and +Inf, then the sum of
  /// durations in nanoseconds.
  let latency = AtomicCounterArray(count: MetricRoute.allCases.count * (latencyBounds.count + 2))
  /// Requests answered inside batches, by route.
  let batchItems = AtomicCounterArray(count: MetricRoute.allCases.count)
  /// Request body bytes received (0) and response body bytes sent (1).
  let bytes = AtomicCounterArray(count: 2)
  /// Seconds since the Unix epoch when the process started.
  let startTime: Double
  /// Where the gauges are read at scrape time; set once the server runs.
  let sources = PosixLocked(GaugeSources())

  /// Creates zeroed counters.
  public init() {
    startTime = ProcessStats.startTime()
  }

  /// Counts one finished request.
  public func record(_ request: CompletedRequest) {
    let shard = ThreadIndex.current % ThreadIndex.shardCount
    let route = MetricRoute(request.route).rawValue
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
    if let items = request.items { batchItems.add(UInt64(max(0, items)), at: route, shard: shard) }
    bytes.add(UInt64(max(0, request.bytesIn)), at: 0, shard: shard)
    bytes.add(UInt64(max(0, request.bytesOut)), at: 1, shard: shard)
  }

  /// Reads in-flight requests and open connections from `server`, and dropped lines from
  /// `accessLog`, when `/metrics` is scraped. Held weakly.
  public func attach(server: HTTPServer, accessLog: AccessLog?) {
    sources.withLock {
      $0.server = server
      $0.accessLog = accessLog
    }
  }
}

/// What the gauges are read from, held weakly so the metrics do not keep them alive.
struct GaugeSources {
  weak var server: HTTPServer?
  weak var accessLog: AccessLog?
}

/// The `route` label of a metric: one of the service's routes, or `other` for a path that has
/// none, so the label set stays bounded whatever paths clients send.
enum MetricRoute: Int, CaseIterable, Sendable {
  case avoid, caretFollow, avoidBatch, caretFollowBatch, healthz, readyz, metrics, openAPI, playground,
    clientModule, clientModuleTypes, other

  /// The route of a request, from the path of the route that answered it (`nil`: none).
  init(_ route: String?) {
    switch route {
    case "/avoid": self = .avoid
    case "/caret-follow": self = .caretFollow
    case "/avoid/batch": self = .avoidBatch
    case "/caret-follow/batch": self = .caretFollowBatch
    case "/healthz": self = .healthz
    case "/readyz": self = .readyz
    case "/metrics": self = .metrics
    case "/openapi.yaml": self = .openAPI
    case "/": self = .playground
    case "/layoutd.js": self = .clientModule
    case "/layoutd.d.ts": self = .clientModuleTypes
    default: self = .other
    }
  }

  /// The label value.
  var label: String {
    switch self {
    case .avoid: "/avoid"
    case .caretFollow: "/caret-follow"
    case .avoidBatch: "/avoid/batch"
    case .caretFollowBatch: "/caret-follow/batch"
    case .healthz: "/healthz"
    case .readyz: "/readyz"
    case .metrics: "/metrics"
    case .openAPI: "/openapi.yaml"
    case .playground: "/"
    case .clientModule: "/layoutd.js"
    case .clientModuleTypes: "/layoutd.d.ts"
    case .other: "other"
    }
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

  /// Adds `amount` to counter `index` in `shard` (`ThreadIndex.current % shardCount`).
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
      &text, "layoutd_batch_items_total", "counter",
      "Requests answered inside batches (answers and problems), by route.",
      [MetricRoute.avoidBatch, .caretFollowBatch].map {
        ("{route=\"\($0.label)\"}", String(batchItems.load($0.rawValue)))
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
      &text, "layoutd_http_request_body_bytes_total", "counter", "Request body bytes received.",
      [("", String(bytes.load(0)))])
    family(
      &text, "layoutd_http_response_body_bytes_total", "counter", "Response body bytes sent.",
      [("", String(bytes.load(1)))])
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

/// Facts about this process, read from the kernel for `/metrics`.
enum ProcessStats {
  /// Resident memory in bytes (`/proc/self/statm`), or 0 when unreadable.
  static func residentBytes() -> UInt64 {
    let text = readFile("/proc/self/statm")
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = UInt64(fields[1]) else { return 0 }
    return pages * UInt64(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// User plus system CPU time used so far, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// When the process started, in seconds since the Unix epoch: now minus the time since the
  /// process's start in `/proc/self/stat` (field 22, in clock ticks since boot).
  static func startTime() -> Double {
    let stat = readFile("/proc/self/stat")
    var uptime = timespec()
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &uptime)
    clock_gettime(CLOCK_REALTIME, &now)
    let wall = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    // The command name (field 2) may hold spaces; fields are counted after its closing `)`.
    guard let close = stat.lastIndex(of: ")") else { return wall }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return wall }
    let sinceBoot = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    let sinceStart = Double(uptime.tv_sec) + Double(uptime.tv_nsec) / 1e9 - sinceBoot
    return (wall - max(0, sinceStart)).rounded(.down)
  }

  /// The text of a small file (up to 4 KB), or "" when unreadable.
  private static func readFile(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return "" }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }
}
