import CMallocCounter
import Glibc

/// The median time and the allocations per call of one benchmarked operation.
struct Measurement {
  var nanosecondsPerCall: Double
  var allocationsPerCall: Double
  var bytesPerCall: Double

  /// Runs `body` in `rounds` rounds of `calls` calls after a warm-up, and keeps the median
  /// round's time per call; allocations are counted over every measured round.
  static func of(rounds: Int, calls: Int, _ body: () -> Void) -> Measurement {
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
    return Measurement(
      nanosecondsPerCall: times[times.count / 2], allocationsPerCall: Double(allocations) / total,
      bytesPerCall: Double(bytes) / total)
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
