import Foundation
import LayoutJSON
import Testing

/// `JSONObject.boolIfPresent` beside Foundation's `decodeIfPresent(Bool.self, forKey:)`: the
/// same value, or the same `DecodingError` case, coding path and description, for every kind of
/// member (what `track` is read through, contract §11).
@Suite("JSONObject booleans read as JSONDecoder reads them")
struct JSONObjectBoolTests {
  struct Key: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  /// Foundation's reading of member `flag` of `{"inner": <object>}`.
  struct Model: Decodable {
    let flag: Bool?

    init(from decoder: any Decoder) throws {
      let inner = try decoder.container(keyedBy: Key.self)
        .nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "inner"))
      flag = try inner.decodeIfPresent(Bool.self, forKey: Key(stringValue: "flag"))
    }
  }

  /// The value read, or the error's case, path and description.
  static func outcome(_ read: () throws -> Bool?) -> String {
    do {
      return "value \(String(describing: try read()))"
    } catch let error as DecodingError {
      switch error {
      case .typeMismatch(let type, let context):
        return "typeMismatch \(type) \(context.codingPath.map(\.stringValue)) \(context.debugDescription)"
      case .valueNotFound(let type, let context):
        return "valueNotFound \(type) \(context.codingPath.map(\.stringValue))"
      case .keyNotFound(let key, _): return "keyNotFound \(key.stringValue)"
      case .dataCorrupted(let context): return "dataCorrupted \(context.codingPath.map(\.stringValue))"
      @unknown default: return "unknown"
      }
    } catch {
      return "other \(error)"
    }
  }

  @Test(arguments: [
    #"{"flag": true}"#, #"{"flag": false}"#, #"{"flag": null}"#, "{}", #"{"flag": 1}"#, #"{"flag": 0}"#,
    #"{"flag": 1.5}"#, #"{"flag": "true"}"#, #"{"flag": []}"#, #"{"flag": {}}"#, #"{"other": true}"#,
  ])
  func sameAsFoundation(inner: String) throws {
    let json = #"{"inner": "# + inner + "}"
    let expected = Self.outcome { try JSONDecoder().decode(Model.self, from: Data(json.utf8)).flag }
    let actual = Self.outcome {
      try Array(json.utf8).withUnsafeBytes { bytes in
        try JSONDocument.withParsed(bytes) { try $0.object("inner").boolIfPresent("flag") }
      }
    }
    #expect(actual == expected)
  }
}
