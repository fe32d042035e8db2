import Foundation
import LayoutJSON
import LayoutTesting
import Testing

/// Generated bodies judged by the strict parser and by Foundation's `JSONDecoder` (the
/// reference), decoding the `Sample` models: the parser rejects exactly the bodies Foundation
/// finds not to be JSON.
///
/// Intended differences, checked here rather than skipped: a number a `Double` or an integer
/// type cannot hold (`1e400`, `300` as `UInt8`) is valid JSON to the parser and "not valid JSON"
/// to Foundation; wrong types, nulls and missing members are valid JSON that only a model
/// rejects. (Duplicate names have their own tests.)
@Suite struct ParserDifferentialTests {
  /// What the parser makes of a body.
  enum Verdict: Equatable, CustomStringConvertible {
    case json
    case notJSON(String)
    case other(String)

    init(_ body: [UInt8]) {
      do {
        try parse(body)
        self = .json
      } catch let error as JSONSyntaxError {
        self = .notJSON(error.description)
      } catch {
        self = .other("\(error)")
      }
    }

    var isJSON: Bool { self == .json }

    var description: String {
      switch self {
      case .json: "JSON"
      case .notJSON(let message): "not JSON (\(message))"
      case .other(let message): "other error \(message)"
      }
    }
  }

  /// Whether Foundation's `JSONDecoder` finds `body` to be JSON (its value may still not be a
  /// `Sample`).
  static func foundationReadsJSON(_ body: [UInt8]) -> Bool {
    do {
      _ = try JSONDecoder().decode(Sample.self, from: Data(body))
      return true
    } catch DecodingError.dataCorrupted(let context) {
      return context.debugDescription != "The given data was not valid JSON."
    } catch {
      return true
    }
  }

  /// Both verdicts on one generated body; nil when they agree.
  static func check(seed: UInt64, mutation: SampleBodyGenerator.Mutation) -> (Verdict, String?) {
    let (body, path) = SampleBodyGenerator.body(seed: seed, mutation: mutation)
    let verdict = Verdict(body)
    let foundation = foundationReadsJSON(body)
    let text = String(decoding: body, as: UTF8.self)
    if verdict.isJSON == foundation { return (verdict, nil) }
    if mutation == .outOfRange, path != nil, verdict.isJSON, !foundation {
      // A number out of the asked type's range: valid JSON, which Foundation calls not JSON.
      return (verdict, nil)
    }
    return (
      verdict, "seed \(seed) \(mutation): parser \(verdict), Foundation reads JSON: \(foundation)\n\(text)"
    )
  }

  @Test(arguments: SampleBodyGenerator.Mutation.allCases)
  func sameJudgementAsFoundation(mutation: SampleBodyGenerator.Mutation) {
    let salt = UInt64(SampleBodyGenerator.Mutation.allCases.firstIndex(of: mutation)!) << 32
    var failures: [String] = []
    var accepted = 0
    let count = 600
    for seed in 1...UInt64(count) {
      let (verdict, failure) = Self.check(seed: salt | seed, mutation: mutation)
      if let failure { failures.append(failure) }
      if verdict.isJSON { accepted += 1 }
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) differences, first: \(failures.prefix(3).joined(separator: "\n\n"))")
    switch mutation {
    case .lazySyntax, .eagerSyntax: #expect(accepted == 0, "every \(mutation) mutation is not JSON")
    default: #expect(accepted == count, "\(mutation) keeps the body JSON")
    }
  }

  @Test func truncationsAtEveryByteAreRejectedByBoth() {
    var failures: [String] = []
    for seed in UInt64(1)...12 {
      let (body, _) = SampleBodyGenerator.body(seed: seed, mutation: .none)
      for length in 0..<body.count {
        let prefix = Array(body[..<length])
        let verdict = Verdict(prefix)
        if verdict.isJSON || Self.foundationReadsJSON(prefix) {
          failures.append("seed \(seed) length \(length): parser \(verdict)")
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
      let verdict = Verdict(body)
      if verdict.isJSON || Self.foundationReadsJSON(body) {
        failures.append(
          "seed \(seed): parser \(verdict), Foundation reads JSON: \(Self.foundationReadsJSON(body))")
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(3))")
  }
}
