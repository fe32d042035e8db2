import Foundation
import LayoutJSON
import LayoutTesting
import Testing

/// Numbers as the parser's objects read them, against Foundation's `JSONDecoder`: the same
/// correctly rounded `Double` (bit for bit) for every number a `Double` holds, and infinity — which
/// the service answers as `not-finite` — for the numbers Foundation rejects.
@Suite struct NumberTests {
  struct Box: Codable {
    var v: Double
  }

  /// `number` as `JSONObject.number` reads it, or nil when the text is not JSON.
  func fast(_ number: String) -> Double? {
    try? Array("{\"v\":\(number)}".utf8).withUnsafeBytes { bytes in
      try JSONDocument.withParsed(bytes) { try $0.number("v") }
    }
  }

  /// `number` as Foundation's `JSONDecoder` reads it, or nil when it rejects it.
  func foundation(_ number: String) -> Double? {
    try? JSONDecoder().decode(Box.self, from: Data("{\"v\":\(number)}".utf8)).v
  }

  /// Whether both read `number` alike: the same bits, or infinity where Foundation refuses.
  func agree(_ number: String) -> Bool {
    guard let actual = fast(number) else { return false }
    guard let expected = foundation(number) else { return actual == .infinity }
    return actual.bitPattern == expected.bitPattern
  }

  func text(_ value: Double, _ rng: inout SplitMix64) -> String {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return value.description
    case 1: return String(format: "%.17g", value)
    case 2: return String(format: "%.20e", value)
    default: return String(format: "%.\(Int.random(in: 1...25, using: &rng))g", value)
    }
  }

  @Test func doublesAreCorrectlyRoundedLikeStrtod() throws {
    var rng = SplitMix64(seed: 42)
    for _ in 0..<20_000 {
      var value = Double(bitPattern: rng.next())
      if !value.isFinite { continue }
      if rng.chance(0.3) { value = Double(Int64.random(in: -(1 << 54)...(1 << 54), using: &rng)) / 1024 }
      let number = text(value, &rng)
      guard let expected = Double(number) else { continue }
      let decoded = try #require(fast(number))
      #expect(decoded.bitPattern == expected.bitPattern, "\(number)")
    }
  }

  @Test(arguments: [
    "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.2", "0.30000000000000004", "1e22", "1e23",
    "9007199254740993",
    "9007199254740992", "4.9406564584124654e-324", "2.4703282292062328e-324", "2.4703282292062327e-324",
    "2.2250738585072011e-308", "2.2250738585072012e-308", "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623159e308", "1e308", "1e309", "1e400", "-1e400", "1e-400", "0e400", "0e-400", "-0e400",
    "123456789012345678901234567890", "0.000000000000000000000000000001", "1e-7", "1e21", "3.4028235e38",
    "3.4028236e38", "1e39", "1e-45", "1e-46", "1e-50", "16777217", "7.5", "7.0", "1e2", "1e20",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "300",
    "255", "256", "-1", "2.55e2", "1.0000000000000001", "9007199254740993.0", "18446744073709551615",
    "18446744073709551616", "1e18", "1e19", "1.5e1", "100e-2", "123e-1",
  ])
  func sameAcceptanceAndValuesAsFoundation(_ number: String) {
    let fastText = fast(number).map { String($0) } ?? "not JSON"
    let foundationText = foundation(number).map { String($0) } ?? "rejected"
    #expect(agree(number), "\(number): fast \(fastText), Foundation \(foundationText)")
  }

  @Test func randomIntegersInEveryForm() {
    var rng = SplitMix64(seed: 5)
    for _ in 0..<3_000 {
      let value = Int64.random(in: Int64.min...Int64.max, using: &rng) >> Int.random(in: 0...63, using: &rng)
      let number: String
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: number = String(value)
      case 1: number = "\(value).0"
      default: number = "\(value)e0"
      }
      #expect(agree(number), "\(number)")
    }
  }
}
