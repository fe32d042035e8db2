import LayoutTesting
import Testing

@testable import LayoutJSON

/// `JSONDocument.forEachElement(ofArray:…)`, the batch reader: elements one at a time, each a
/// document of its own; the same verdict on what is JSON as the whole-document parser, wherever
/// the input breaks; memory bounded by the largest element kept, not by the input.
@Suite struct ArrayElementTests {
  /// What the reader saw of one element.
  enum Seen: Equatable {
    case object(members: Int)
    case duplicate(String)
    case notAnObject
    case tooLarge
  }

  /// Reads `text`, recording each element and its bytes.
  static func read(
    _ text: String, maxElementBytes: Int = 1 << 16, maxElements: Int = .max
  ) throws -> (count: Int?, seen: [Seen], bytes: [String]) {
    var seen: [Seen] = []
    var bytes: [String] = []
    let count = try Array(text.utf8).withUnsafeBytes { body in
      try JSONDocument.forEachElement(
        ofArray: body, maxElementBytes: maxElementBytes, maxElements: maxElements
      ) {
        offset, element in
        #expect(offset == seen.count)
        bytes.append(String(decoding: element.bytes, as: UTF8.self))
        switch element.value {
        case .object(let object):
          seen.append(.object(members: object.contains("a") ? 1 : 0))
        case .duplicateMember(let error):
          seen.append(.duplicate(error.codingPath.map(\.stringValue).joined(separator: "/")))
        case .notAnObject: seen.append(.notAnObject)
        case .tooLarge: seen.append(.tooLarge)
        }
      }
    }
    return (count, seen, bytes)
  }

  @Test func elementsComeInOrderEachWithItsBytesAndKind() throws {
    let read = try Self.read(#" [ {"a":1} , 2,null ,{"b":{"c":1,"c":2}},{} ,[{}]] "#)
    #expect(read.count == 6)
    #expect(
      read.seen == [
        .object(members: 1), .notAnObject, .notAnObject, .duplicate("b/c"), .object(members: 0), .notAnObject,
      ])
    #expect(read.bytes == [#"{"a":1}"#, "2", "null", #"{"b":{"c":1,"c":2}}"#, "{}", "[{}]"])
  }

  @Test func anEmptyArrayHasNoElementsAndAnythingElseIsNoArray() throws {
    #expect(try Self.read(" [ ] ").count == 0)
    #expect(try Self.read(#"{"a":[1,2,3]}"#).count == nil)
    // A repeated name does not matter in what is no array: it is refused as no array.
    #expect(try Self.read(#"{"a":1,"a":2}"#).count == nil)
    #expect(try Self.read("7").count == nil)
  }

  @Test func anElementOverTheLimitIsTooLargeAndTheOthersAreStillRead() throws {
    let big = "[" + Array(repeating: "1", count: 600).joined(separator: ",") + "]"
    let long = #"{"a":""# + String(repeating: "x", count: 2000) + #""}"#
    let read = try Self.read(
      #"[{"a":1},\#(big),{"a":2},\#(long),{"x":{"y":\#(big)}},{}]"#, maxElementBytes: 1000)
    #expect(
      read.seen == [
        .object(members: 1), .tooLarge, .object(members: 1), .tooLarge, .tooLarge, .object(members: 0),
      ])
    #expect(read.bytes[1] == big)
  }

  @Test func onlyTheFirstElementsAreHandedOverAndAllAreCounted() throws {
    let read = try Self.read("[{},{},{},{},{}]", maxElements: 2)
    #expect(read.count == 5)
    #expect(read.seen.count == 2)
  }

  @Test func theNodeArrayStaysWithinTheElementLimitWhateverTheInput() throws {
    // 200,000 numbers in one element, then a small one read while the tape still exists.
    let text = "[[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + #"],{"a":1}]"#
    var capacities: [Int] = []
    _ = try Array(text.utf8).withUnsafeBytes { body in
      try JSONDocument.forEachElement(ofArray: body, maxElementBytes: 1000, maxElements: .max) { _, _ in
        capacities.append(JSONTape.perThread.current.nodeCapacity)
      }
    }
    #expect(capacities.count == 2)
    // What the thread kept from plain documents before (at most `retainedNodeLimit`), or the
    // element limit: never what 200,000 numbers would take.
    let bound = max(JSONTape.retainedNodeLimit, 1001 + JSONDocument.defaultMaxDepth + 1)
    #expect(capacities.allSatisfy { $0 <= bound }, "\(capacities)")
    // And the thread does not keep what the element took.
    #expect(JSONTape.perThread.current.nodeCapacity <= JSONTape.retainedNodeLimit)
  }

  /// Inputs that are not JSON, broken before, inside and after elements of every kind,
  /// skimmed or not.
  static let broken: [String] = {
    let big = "[" + Array(repeating: "1", count: 600).joined(separator: ",")
    return [
      "", " ", "\u{FEFF}[]", "[", "[1", "[1,", "[1,]", "[,1]", "[1 2]", "[{}", "[{]", "[{\"a\"}]",
      "[{\"a\":}]", "[{\"a\":1,}]", "[01]", "[1.]", "[\"\\x\"]", "[tru]", "[] x", "[]]", "[{}]}",
      "{\"a\":[1,2,}", "{\"a\":" + big + ",]}", "[" + big + ",x]]", "[" + big + "]", "[" + big + "],",
      "[{\"a\":1}," + big + "], 3", "[" + big + "]] ]", String(repeating: "[", count: 40) + "]",
      "[" + String(repeating: "[", count: 40) + "]", "[\"\u{7}\"]", "[1e]", "[-]", "[{\"a\":1} {}]",
    ]
  }()

  @Test(arguments: broken)
  func notJSONBreaksWhereTheWholeDocumentParserBreaks(_ text: String) throws {
    let bytes = Array(text.utf8)
    let expected = #expect(throws: JSONSyntaxError.self) {
      try bytes.withUnsafeBytes { try JSONDocument.validate($0) }
    }
    let got = #expect(throws: JSONSyntaxError.self) {
      try bytes.withUnsafeBytes { body in
        try JSONDocument.forEachElement(ofArray: body, maxElementBytes: 1000, maxElements: .max) { _, _ in }
      }
    }
    #expect(got == expected)
  }
}
