import Foundation
import LayoutJSON
import LayoutTesting
import Testing

/// Generated bodies decoded by Foundation's `JSONDecoder` and by `FastJSONDecoder` must give
/// the same value (bit-equal Doubles) or the same error (case, type or key, coding path).
///
/// Intended differences, checked here rather than skipped: a number the asked type cannot
/// hold is "not valid JSON" at the root for Foundation, `dataCorrupted` at the member for
/// this decoder. (Duplicate names, trailing commas and strings or numbers that Foundation
/// only validates when read are covered in their own tests.)
@Suite struct DecoderDifferentialTests {
  /// Compares both decoders on one generated body; nil when they agree.
  static func check(seed: UInt64, mutation: SampleBodyGenerator.Mutation) -> (DecodeOutcome, String?) {
    let (body, path) = SampleBodyGenerator.body(seed: seed, mutation: mutation)
    let expected = DecodeOutcome.foundation(Sample.self, body)
    let actual = DecodeOutcome.fast(Sample.self, body)
    let text = String(decoding: body, as: UTF8.self)
    if mutation == .outOfRange, path != nil {
      // Foundation: "not valid JSON" at the root; here: dataCorrupted at the member.
      if expected == .notJSON, actual == .numberOutOfRange(path: path!) { return (actual, nil) }
      return (
        actual,
        "seed \(seed): out-of-range number at \(path!): Foundation \(expected), fast \(actual)\n\(text)"
      )
    }
    if expected == actual { return (actual, nil) }
    return (actual, "seed \(seed) \(mutation): Foundation \(expected), fast \(actual)\n\(text)")
  }

  @Test(arguments: SampleBodyGenerator.Mutation.allCases)
  func sameOutcomeAsFoundation(mutation: SampleBodyGenerator.Mutation) {
    let salt = UInt64(SampleBodyGenerator.Mutation.allCases.firstIndex(of: mutation)!) << 32
    var failures: [String] = []
    var values = 0
    let count = 600
    for seed in 1...UInt64(count) {
      let (outcome, failure) = Self.check(seed: salt | seed, mutation: mutation)
      if let failure { failures.append(failure) }
      if case .value = outcome { values += 1 }
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) differences, first: \(failures.prefix(3).joined(separator: "\n\n"))")
    switch mutation {
    case .none: #expect(values == count, "every unmutated body decodes")
    case .remove, .null: #expect(values < count, "removing or nulling required members fails")
    default: #expect(values == 0, "every \(mutation) mutation is an error")
    }
  }

  @Test func truncationsAtEveryByteAreRejectedByBoth() {
    var failures: [String] = []
    for seed in UInt64(1)...12 {
      let (body, _) = SampleBodyGenerator.body(seed: seed, mutation: .none)
      for length in 0..<body.count {
        let prefix = Array(body[..<length])
        let expected = DecodeOutcome.foundation(Sample.self, prefix)
        let actual = DecodeOutcome.fast(Sample.self, prefix)
        if expected != actual || actual != .notJSON {
          failures.append("seed \(seed) length \(length): Foundation \(expected), fast \(actual)")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(3))")
  }

  @Test func structuralDamageIsRejectedByBoth() {
    var failures: [String] = []
    var rng = SplitMix64(seed: 99)
    for seed in UInt64(1)...300 {
      var (body, _) = SampleBodyGenerator.body(seed: seed, mutation: .none)
      switch seed % 5 {
      case 0:
        let colons = body.indices.filter { body[$0] == UInt8(ascii: ":") }
        body[rng.pick(colons)] = UInt8(ascii: "=")
      case 1:
        let braces = body.indices.filter { body[$0] == UInt8(ascii: "{") }
        body.insert(UInt8(ascii: ","), at: rng.pick(braces) + 1)
      case 2: body += Array(" x".utf8)
      case 3: body += Array("}".utf8)
      default: body.insert(contentsOf: Array("[".utf8), at: 0)
      }
      let expected = DecodeOutcome.foundation(Sample.self, body)
      let actual = DecodeOutcome.fast(Sample.self, body)
      if expected != actual {
        failures.append("seed \(seed): Foundation \(expected), fast \(actual)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(3))")
  }
}
