import Foundation
import LayoutCore
import LayoutJSON
import LayoutTesting
import Testing

@Suite struct DuplicateMemberTests {
  struct Point: Codable, Equatable {
    var x: Double
    var y: Double
  }

  struct Body: Codable, Equatable {
    var keyboard: Point?
    var field: Point
  }

  func duplicate(_ text: String) -> JSONDuplicateMemberError? {
    duplicate(Array(text.utf8))
  }

  /// The JSON Pointer of the repeated member in `text`, if any.
  func pointer(_ text: String) -> String? {
    duplicate(text).map { JSONPointer.pointer(for: $0.codingPath) }
  }

  func duplicate(_ bytes: [UInt8]) -> JSONDuplicateMemberError? {
    do {
      try parse(bytes)
      return nil
    } catch {
      return error as? JSONDuplicateMemberError
    }
  }

  @Test func pointsAtTheSecondOccurrence() throws {
    let text = #"{"keyboard": {"x": 1, "y": 2, "x": 3}, "field": {"x": 0, "y": 0}}"#
    let error = try #require(duplicate(text))
    #expect(JSONPointer.pointer(for: error.codingPath) == "/keyboard/x")
    #expect(error.codingPath.map(\.stringValue) == ["keyboard", "x"])
    #expect(error.offset == 30)
    #expect(Array(text.utf8)[error.offset...].starts(with: Array(#""x": 3"#.utf8)))
  }

  @Test func foundationKeepsTheFirstButThisCodecRejects() throws {
    let body = Data(#"{"field": {"x": 1, "y": 2}, "field": {"x": 5, "y": 6}}"#.utf8)
    let foundation = try JSONDecoder().decode(Body.self, from: body)
    #expect(foundation.field == Point(x: 1, y: 2))
    #expect(throws: JSONDuplicateMemberError.self) { try parse([UInt8](body)) }
  }

  @Test func namesAreComparedAfterUnescaping() throws {
    #expect(pointer(#"{"a": 1, "\u0061": 2}"#) == "/a")
    #expect(duplicate(#"{"\u00e9": 1, "é": 2}"#)?.name == "é")
    #expect(duplicate(#"{"\ud83d\ude00": 1, "😀": 2}"#)?.name == "😀")
    #expect(pointer(#"{"a/b": 1, "a\/b": 2}"#) == "/a~1b")
    #expect(duplicate(#"{"a": 1, "A": 2, "a ": 3, "\u0041\u0020": 4}"#) == nil)
  }

  @Test func pathsThroughArraysUseIndices() throws {
    let error = try #require(duplicate(#"{"items": [{"a": 1}, {"b": 1, "b": 2}]}"#))
    #expect(JSONPointer.pointer(for: error.codingPath) == "/items/1/b")
    #expect(error.codingPath.map(\.intValue) == [nil, 1, nil])
  }

  @Test func theFirstDuplicateInDocumentOrderIsReported() throws {
    #expect(pointer(#"{"a": 1, "a": {"b": 1, "b": 2}}"#) == "/a")
    #expect(pointer(#"{"a": {"b": 1, "b": 2}, "a": 1}"#) == "/a/b")
  }

  @Test func syntaxErrorsComeFirst() {
    #expect(throws: JSONSyntaxError.self) {
      try parse(Array(#"{"a": 1, "a": 2"#.utf8))
    }
  }

  @Test func largeObjectsFindDuplicatesByHashing() throws {
    var members = (0..<500).map { "\"k\($0)\": \($0)" }
    #expect(duplicate("{" + members.joined(separator: ",") + "}") == nil)
    members.insert(#""k3\u0031\u0030": 0"#, at: 400)
    members.insert(#""k499": 0"#, at: 450)
    let error = try #require(duplicate("{" + members.joined(separator: ",") + "}"))
    #expect(error.name == "k310")
  }

  @Test func randomBodiesWithOneRepeatedMember() throws {
    var rng = SplitMix64(seed: 7)
    for seed in UInt64(1)...200 {
      let (body, _) = SampleBodyGenerator.body(seed: seed, mutation: .none)
      try parse(body)
      let sample = try JSONDecoder().decode(Sample.self, from: Data(body))
      // Repeat "name" (escaped or not) right before the closing brace.
      let repeated = StringEncoding.encode("name", escapeRate: 0.5, &rng)
      let withDuplicate = Array(body.dropLast()) + Array(",".utf8) + repeated + Array(#": "other"}"#.utf8)
      let error = try #require(duplicate(withDuplicate))
      #expect(JSONPointer.pointer(for: error.codingPath) == "/name")
      #expect(error.offset == body.count)
      let foundation = try JSONDecoder().decode(Sample.self, from: Data(withDuplicate))
      #expect(foundation.name == sample.name, "Foundation keeps the first")
    }
  }
}
