import CMallocCounter

/// The rows of the benchmark report, printed as a Markdown table.
struct BenchTable {
  private var rows: [[String]] = []

  mutating func add(_ endpoint: String, _ path: String, _ measurement: Measurement, baseline: Measurement) {
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
