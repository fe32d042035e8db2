import HTTPServer
import Synchronization

/// The counters `GET /metrics` exposes, fed once per request by `record(_:)` with relaxed
/// atomic additions only: no lock, no allocation.
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
  let bytesIn = Atomic<UInt64>(0)
  let bytesOut = Atomic<UInt64>(0)
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
    let route = MetricRoute(request.route).rawValue
    if request.completed, Self.statuses.contains(request.status) {
      requests.add(1, at: route * Self.statuses.count + request.status - Self.statuses.lowerBound)
    } else {
      incomplete.add(1, at: route)
    }
    let slots = Self.latencyBounds.count + 2
    var bucket = 0
    while bucket < Self.latencyBounds.count, request.durationNanoseconds > Self.latencyBounds[bucket] {
      bucket += 1
    }
    latency.add(1, at: route * slots + bucket)
    latency.add(request.durationNanoseconds, at: route * slots + slots - 1)
    bytesIn.wrappingAdd(UInt64(request.bytesIn), ordering: .relaxed)
    bytesOut.wrappingAdd(UInt64(request.bytesOut), ordering: .relaxed)
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
