import Foundation
import LayoutJSON
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
}
