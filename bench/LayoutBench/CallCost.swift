import CMallocCounter
import Glibc

/// The median time and the allocations per call of one benchmarked operation.
struct CallCost {
  var nanosecondsPerCall: Double
  var allocationsPerCall: Double
  var bytesPerCall: Double

  /// Runs `body` in `rounds` rounds of `calls` calls after a warm-up, and keeps the median
  /// round's time per call; allocations are counted over every measured round.
  static func of(rounds: Int, calls: Int, _ body: () -> Void) -> CallCost {
    for _ in 0..<max(calls / 10, 10) { body() }
    var times: [Double] = []
    times.reserveCapacity(rounds)
    var allocations: UInt64 = 0
    var bytes: UInt64 = 0
    for _ in 0..<rounds {
      let allocationsBefore = malloc_counter_allocations()
      let bytesBefore = malloc_counter_bytes()
      let start = now()
      for _ in 0..<calls { body() }
      let elapsed = now() - start
      allocations += malloc_counter_allocations() - allocationsBefore
      bytes += malloc_counter_bytes() - bytesBefore
      times.append(Double(elapsed) / Double(calls))
    }
    times.sort()
    let total = Double(rounds * calls)
    return CallCost(
      nanosecondsPerCall: times[times.count / 2], allocationsPerCall: Double(allocations) / total,
      bytesPerCall: Double(bytes) / total)
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}

/// The rows of the benchmark report, printed as a Markdown table.
struct BenchTable {
  private var rows: [[String]] = []

  mutating func add(_ endpoint: String, _ path: String, _ measurement: CallCost, baseline: CallCost) {
    let counted = malloc_counter_enabled() != 0
    rows.append([
      endpoint, path, Self.format(measurement.nanosecondsPerCall, digits: 0),
      counted ? Self.format(measurement.allocationsPerCall, digits: 1) : "n/a",
      counted ? Self.format(measurement.bytesPerCall, digits: 0) : "n/a",
      Self.format(baseline.nanosecondsPerCall / measurement.nanosecondsPerCall, digits: 1) + "×",
    ])
  }

  func print(calls: Int, rounds: Int) {
    Swift.print("median of \(rounds) rounds of \(calls) calls (JSONDecoder rows: a tenth as many)\n")
    let header = ["endpoint", "path", "ns/op", "allocs/op", "bytes/op", "vs Foundation"]
    Swift.print("| " + header.joined(separator: " | ") + " |")
    Swift.print("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
    for row in rows { Swift.print("| " + row.joined(separator: " | ") + " |") }
  }

  private static func format(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if digits == 0 { return String(Int(rounded)) }
    return String(rounded)
  }
}
