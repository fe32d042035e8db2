import Foundation
import HTTPTesting
import LayoutService
import LayoutTesting
import Testing

/// `--decoder fast` and `--decoder foundation` give the same status, the same answer and the same
/// problem (`type`, `pointer`, even `detail`) for every body: the worked examples, and each of
/// them with every member removed, doubled, or given a value of the wrong kind or out of range,
/// and cut short.
@Suite("Both decoders answer alike")
struct DecoderAgreementTests {
  /// What a body gets from one server, reduced to what the decoders must agree on.
  struct Outcome: Equatable, CustomStringConvertible {
    var status: Int
    /// The answer's bytes for a 200; `type`, `pointer` and `detail` for a problem.
    var essence: String

    init(_ response: TestResponse) throws {
      status = response.status
      if status == 200 {
        essence = response.bodyString
      } else {
        let problem = try #require(try response.json() as? [String: Any])
        essence = "\(problem["type"] ?? "-") at \(problem["pointer"] ?? "-"): \(problem["detail"] ?? "-")"
      }
    }

    var description: String { "\(status) \(essence.prefix(160))" }
  }

  /// Values put in place of a member's value.
  static let replacements: [String] = [
    "null", "\"text\"", "true", "[]", "{}", "-1", "1e400", "-1e400", "1e-400", "2e9", "7.5", "-0", "0",
  ]

  /// Bodies made from `request`: each member (at any depth) removed or replaced by each of
  /// `replacements`.
  static func variants(of request: Any) -> [Any] {
    guard let object = request as? [String: Any] else { return [] }
    var result: [Any] = []
    for (name, value) in object.sorted(by: { $0.key < $1.key }) {
      var removed = object
      removed[name] = nil
      result.append(removed)
      for replacement in replacements {
        var replaced = object
        // A marker, swapped for the raw text after serializing (`1e400` has no Foundation value).
        replaced[name] = "<\(replacement)>"
        result.append(replaced)
      }
      for nested in variants(of: value) {
        var changed = object
        changed[name] = nested
        result.append(changed)
      }
    }
    return result
  }

  /// Compact JSON for a body, with the replacement markers swapped for their raw text.
  static func text(_ body: Any) throws -> String {
    var text = String(
      decoding: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
    for replacement in replacements {
      let marker = try JSONSerialization.data(withJSONObject: "<\(replacement)>", options: .fragmentsAllowed)
      text = text.replacingOccurrences(of: String(decoding: marker, as: UTF8.self), with: replacement)
    }
    return text
  }

  /// Posts every body to both servers and returns the first disagreements.
  static func disagreements(
    _ bodies: [(path: String, body: String)], fast: ServiceFixture, foundation: ServiceFixture
  ) throws -> (count: Int, first: [String]) {
    var count = 0
    var first: [String] = []
    for (path, body) in bodies {
      let expected = try Outcome(try fast.post(path, body))
      let actual = try Outcome(try foundation.post(path, body))
      if expected != actual {
        count += 1
        if first.count < 3 { first.append("\(path) \(body)\n  fast: \(expected)\n  foundation: \(actual)") }
      }
    }
    return (count, first)
  }

  @Test func changedExamplesGetTheSameAnswers() throws {
    let fast = try ServiceFixture(decoder: .fast)
    let foundation = try ServiceFixture(decoder: .foundation)
    var bodies: [(path: String, body: String)] = []
    for example in try GoldenExamples.loadSingle() {
      bodies.append((example.endpoint, String(decoding: example.request, as: UTF8.self)))
      for variant in Self.variants(of: example.requestObject) {
        bodies.append((example.endpoint, try Self.text(variant)))
      }
    }
    #expect(bodies.count > 1000)
    let (count, first) = try Self.disagreements(bodies, fast: fast, foundation: foundation)
    #expect(count == 0, "\(count) of \(bodies.count) bodies differ:\n\(first.joined(separator: "\n"))")
  }

  @Test func repeatedMembersAndCutBodiesGetTheSameAnswers() throws {
    let fast = try ServiceFixture(decoder: .fast)
    let foundation = try ServiceFixture(decoder: .foundation)
    var bodies: [(path: String, body: String)] = []
    for example in try GoldenExamples.loadSingle() {
      let body = String(decoding: example.request, as: UTF8.self)
      // Every member name repeated: a second `"name":0` right after the first.
      var searchStart = body.startIndex
      while let quote = body[searchStart...].firstIndex(of: "\""),
        let colon = body[quote...].firstIndex(of: ":")
      {
        let name = body[quote..<colon]
        if name.dropFirst().dropLast().allSatisfy({ $0.isLetter }) {
          bodies.append((example.endpoint, String(body[...colon]) + "0," + name + body[colon...]))
        }
        searchStart = body.index(after: colon)
      }
      for length in stride(from: 0, to: body.utf8.count, by: 7) {
        bodies.append((example.endpoint, String(decoding: Array(body.utf8)[..<length], as: UTF8.self)))
      }
    }
    let (count, first) = try Self.disagreements(bodies, fast: fast, foundation: foundation)
    #expect(count == 0, "\(count) of \(bodies.count) bodies differ:\n\(first.joined(separator: "\n"))")
  }
}
