import Foundation
import HTTPTesting
import LayoutService
import LayoutTesting
import Testing

/// `--decoder fast` and `--decoder foundation` give the same status, the same answer and the same
/// problem (`type`, `pointer`, even `detail`) for every body: the worked examples, and each of
/// them with every member removed, doubled, or given a value of the wrong kind or out of range,
/// and cut short; and batches of all of those, where the answers must be the same bytes, every
/// element's problem included.
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
    // Zero with a one-digit exponent: Foundation reads it only once written `0e+4`.
    "0e4", "0E9",
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

  /// The first element two batch answers differ in, for a readable failure.
  static func firstDifferentElement(_ fast: String, _ foundation: String) -> String {
    func elements(_ text: String) -> [Any]? {
      (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? [Any]
    }
    guard let fastElements = elements(fast), let foundationElements = elements(foundation) else { return "" }
    guard fastElements.count == foundationElements.count else {
      return "\n  \(fastElements.count) elements, and \(foundationElements.count)"
    }
    for (index, (one, other)) in zip(fastElements, foundationElements).enumerated() {
      let differences = JSONComparison.differences(other, one, unpinned: [])
      if !differences.isEmpty { return "\n  element \(index): \(one)\n  and: \(other)" }
    }
    return ""
  }

  /// Posts every body to both servers and returns the first disagreements.
  static func disagreements(
    _ bodies: [(path: String, body: String)], fast: HTTPTestService, foundation: HTTPTestService
  ) throws -> (count: Int, first: [String]) {
    var count = 0
    var first: [String] = []
    for (path, body) in bodies {
      let expected = try Outcome(try fast.post(path, body))
      let actual = try Outcome(try foundation.post(path, body))
      if expected != actual {
        count += 1
        if first.count < 3 {
          let element =
            expected.status == 200 && actual.status == 200
            ? firstDifferentElement(expected.essence, actual.essence) : ""
          first.append("\(path) \(body.prefix(300))\n  fast: \(expected)\n  foundation: \(actual)\(element)")
        }
      }
    }
    return (count, first)
  }

  @Test func changedExamplesGetTheSameAnswers() throws {
    let fast = HTTPTestService.layoutd(decoder: .fast)
    let foundation = HTTPTestService.layoutd(decoder: .foundation)
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
    let fast = HTTPTestService.layoutd(decoder: .fast)
    let foundation = HTTPTestService.layoutd(decoder: .foundation)
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

  /// The changed examples again, as batches of their endpoint: each batch mixes valid and invalid
  /// requests with items that are not objects, repeat a name or hide brackets in strings.
  @Test func batchesGetTheSameAnswers() throws {
    let fast = HTTPTestService.layoutd(decoder: .fast)
    let foundation = HTTPTestService.layoutd(decoder: .foundation)
    var items: [String: [String]] = [:]
    for example in try GoldenExamples.loadSingle() {
      let original = String(decoding: example.request, as: UTF8.self)
      items[example.endpoint, default: []].append(original)
      for variant in Self.variants(of: example.requestObject) {
        items[example.endpoint, default: []].append(try Self.text(variant))
      }
    }
    let oddItems = [
      "null", "[]", "3", #""{\"a\":[""#, #"[{"keyboardHeight":1}]"#, #"{"margin":1,"margin":2}"#,
      #"{"field":{"x":1,"x":2}}"#, #"{"note":"],{\"","container":{}}"#, "{}", "true",
    ]
    var bodies: [(path: String, body: String)] = []
    for (endpoint, texts) in items.sorted(by: { $0.key < $1.key }) {
      var mixed: [String] = []
      for (offset, text) in texts.enumerated() {
        mixed.append(text)
        if offset % 7 == 3 { mixed.append(oddItems[(offset / 7) % oddItems.count]) }
      }
      for start in stride(from: 0, to: mixed.count, by: 50) {
        let chunk = mixed[start..<min(start + 50, mixed.count)]
        bodies.append((endpoint + "/batch", "[" + chunk.joined(separator: ", ") + "]"))
      }
      let whole = "[" + texts.prefix(5).joined(separator: ",") + "]"
      for length in stride(from: 0, to: whole.utf8.count, by: 11) {
        bodies.append((endpoint + "/batch", String(decoding: Array(whole.utf8)[..<length], as: UTF8.self)))
      }
      bodies.append((endpoint + "/batch", texts[0]))
      bodies.append(
        (endpoint + "/batch", "[" + Array(repeating: "{}", count: 10_001).joined(separator: ",") + "]"))
    }
    #expect(bodies.count > 100)
    let (count, first) = try Self.disagreements(bodies, fast: fast, foundation: foundation)
    #expect(count == 0, "\(count) of \(bodies.count) bodies differ:\n\(first.joined(separator: "\n"))")
  }
}
