import Foundation
import LayoutJSON
import LayoutTesting
import Testing

/// `JSONObject`'s array members: what `alsoReveal` is read through on the service's path.
@Suite("JSONObject arrays of objects")
struct JSONObjectArrayTests {
  /// Runs `body` on the top-level object of `json`.
  func withObject<T>(_ json: String, _ body: (JSONObject) throws -> T) throws -> T {
    try Array(json.utf8).withUnsafeBytes { try JSONDocument.withParsed($0, body) }
  }

  /// The coding path of the `DecodingError` `body` throws, as JSON Pointer tokens.
  func errorPath(_ json: String, _ body: (JSONObject) throws -> Void) -> [String]? {
    do {
      try withObject(json, body)
      return nil
    } catch let error as DecodingError {
      switch error {
      case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
        return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      case .keyNotFound(let key, let context):
        return (context.codingPath + [key]).map { $0.intValue.map(String.init) ?? $0.stringValue }
      @unknown default: return nil
      }
    } catch {
      return nil
    }
  }

  @Test func countsElementsAndReadsEachObject() throws {
    let json = #"{"a": [{"v": 1}, [2, {"v": 9}], {"v": 3}], "b": null, "c": []}"#
    #expect(try withObject(json) { try $0.arrayCountIfPresent("a") } == 3)
    #expect(try withObject(json) { try $0.arrayCountIfPresent("b") } == nil)
    #expect(try withObject(json) { try $0.arrayCountIfPresent("c") } == 0)
    #expect(try withObject(json) { try $0.arrayCountIfPresent("missing") } == nil)
    // The nested array's own elements are skipped over: element 2 is {"v": 3}.
    #expect(try withObject(json) { try $0.object("a", at: 2).number("v") } == 3)
    #expect(try withObject(json) { try $0.object("a", at: 0).number("v") } == 1)
    #expect(try withObject(json) { try $0.object("a", at: 2).codingPath.last?.intValue } == 2)
  }

  @Test func errorsNameTheArrayOrTheElement() {
    let json = #"{"a": [{"v": 1}, null, 7], "s": "x"}"#
    #expect(errorPath(json) { _ = try $0.arrayCountIfPresent("s") } == ["s"])
    #expect(errorPath(json) { _ = try $0.object("a", at: 1) } == ["a", "1"])
    #expect(errorPath(json) { _ = try $0.object("a", at: 2) } == ["a", "2"])
    #expect(errorPath(json) { _ = try $0.object("a", at: 0).number("w") } == ["a", "0", "w"])
    #expect(errorPath(json) { _ = try $0.object("missing", at: 0) } == ["missing"])
  }

  /// Lookups in any order, with nested objects, arrays, a long name, an escaped name and absent
  /// names between them: each finds its own member, in this object and in another one read in
  /// between.
  @Test func lookupsInAnyOrderFindEveryMember() throws {
    let json =
      #"{"a": 1, "b": {"a": 10, "c": 30}, "c": 3, "d": [4, {"a": 40}], "aVeryLongMemberName": 5, "\u0065": 6}"#
    let names: [StaticString] = ["a", "b", "c", "d", "aVeryLongMemberName", "e", "absent", "z"]
    var random = SplitMix64(seed: 7)
    try Array(json.utf8).withUnsafeBytes { bytes in
      try JSONDocument.withParsed(bytes) { object in
        let inner = try object.object("b")
        for _ in 0..<400 {
          let name = names[Int(random.next() % UInt64(names.count))]
          switch name.description {
          case "a": #expect(try object.number(name) == 1)
          case "b": #expect(try object.object(name).number("c") == 30)
          case "c": #expect(try object.number(name) == 3)
          case "d": #expect(try object.arrayCountIfPresent(name) == 2)
          case "aVeryLongMemberName": #expect(try object.number(name) == 5)
          case "e": #expect(try object.number(name) == 6)
          default: #expect(!object.contains(name))
          }
          // Another object's lookup moves the cursor away and back.
          if random.next() % 3 == 0 {
            #expect(try inner.number("a") == 10)
            #expect(!inner.contains("b"))
          }
        }
      }
    }
  }
}
