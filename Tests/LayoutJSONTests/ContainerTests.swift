import Foundation
import LayoutJSON
import Testing

@Suite struct ContainerTests {
  class Base: Decodable {
    let id: Int
  }

  final class Derived: Base, @unchecked Sendable {
    let name: String

    enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      try super.init(from: container.superDecoder())
    }
  }

  struct Manual: Decodable, Equatable {
    var values: [Int?]
    var count: Int?
    var nested: [String: Double]
    var superMissing: Bool
    var keys: [String]

    enum Keys: String, CodingKey { case list, nested, missing, object }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      var list = try container.nestedUnkeyedContainer(forKey: .list)
      count = list.count
      values = []
      while !list.isAtEnd {
        if try list.decodeNil() { values.append(nil) } else { values.append(try list.decode(Int.self)) }
      }
      nested = try container.decode([String: Double].self, forKey: .nested)
      let missing = try container.superDecoder(forKey: .missing)
      superMissing = try missing.singleValueContainer().decodeNil()
      keys = try container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: .object).allKeys.map(
        \.stringValue
      )
      .sorted()
    }
  }

  @Test func superDecoderReadsTheSuperMember() throws {
    let body = #"{"name": "n", "super": {"id": 7}}"#
    let fast = try FastJSONDecoder().decode(Derived.self, from: Array(body.utf8))
    let foundation = try JSONDecoder().decode(Derived.self, from: Data(body.utf8))
    #expect(fast.id == 7 && fast.name == "n")
    #expect(fast.id == foundation.id)
  }

  @Test func superDecoderOfAnAbsentMemberIsNullWithItsPath() throws {
    let body = Array(#"{"name": "n"}"#.utf8)
    let expected = DecodeOutcome.foundation(Derived.self, body)
    let actual = DecodeOutcome.fast(Derived.self, body)
    #expect(actual == expected)
    #expect(actual == .decoding(kind: "valueNotFound", subject: "Dictionary<String, Any>", path: ["super"]))
  }

  @Test func manualContainersMatchFoundation() throws {
    let body =
      #"{"list": [1, null, 3], "nested": {"a": 1.5, "b\u0000": -0}, "object": {"k1": 1, "k\n2": [], "k3": null}}"#
    let fast = try FastJSONDecoder().decode(Manual.self, from: Array(body.utf8))
    let foundation = try JSONDecoder().decode(Manual.self, from: Data(body.utf8))
    #expect(fast == foundation)
    #expect(fast.values == [1, nil, 3])
    #expect(fast.superMissing)
    #expect(fast.keys == ["k\n2", "k1", "k3"])
  }

  @Test func unkeyedContainerAtEndMatchesFoundation() {
    struct Pair: Decodable {
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        _ = try container.decode(Bool.self)
        _ = try container.decode(Bool.self)
      }
    }
    struct Body: Decodable { var pairs: [Pair] }
    let body = Array(#"{"pairs": [[true, false], [true]]}"#.utf8)
    let expected = DecodeOutcome.foundation(Body.self, body)
    #expect(expected == .decoding(kind: "valueNotFound", subject: "Bool", path: ["pairs", "#1", "#1"]))
    #expect(DecodeOutcome.fast(Body.self, body) == expected)
  }

  @Test(arguments: [
    #"{"a": 1}"#, #"{"a": null}"#, #"{}"#, #"{"a": "x"}"#, #"{"a": [1]}"#, #"{"a": {"b": 1}}"#,
    #"{"a": true}"#, #"{"a": 1.5}"#,
  ])
  func optionalsAndNullsMatchFoundation(_ text: String) {
    struct Optionals: Decodable {
      var a: Int?
    }
    struct Required: Decodable {
      var a: Int
    }
    struct Nested: Decodable {
      struct Inner: Decodable { var b: Int }
      var a: Inner?
    }
    struct Strings: Decodable {
      var a: [String]
    }
    struct Flags: Decodable {
      var a: Bool
    }
    let body = Array(text.utf8)
    expectSameOutcome(Optionals.self, body)
    expectSameOutcome(Required.self, body)
    expectSameOutcome(Nested.self, body)
    expectSameOutcome(Strings.self, body)
    expectSameOutcome(Flags.self, body)
  }

  @Test(arguments: ["1", "-0", "\"x\"", "true", "null", "[1,2]", "{}", " 2.5 "])
  func topLevelScalarsMatchFoundation(_ text: String) {
    let body = Array(text.utf8)
    expectSameOutcome(Int.self, body)
    expectSameOutcome(Double.self, body)
    expectSameOutcome(String?.self, body)
    expectSameOutcome([Int].self, body)
    expectSameOutcome(Bool.self, body)
  }

  @Test func escapedMemberNamesAreFound() throws {
    struct Body: Decodable, Equatable {
      var keyboardTop: Double
      var é: String
    }
    let body = #"{"keyboard\u0054op": 5, "\u00e9": "\u0041\n"}"#
    let decoded = try FastJSONDecoder().decode(Body.self, from: Array(body.utf8))
    #expect(decoded == Body(keyboardTop: 5, é: "A\n"))
  }

  @Test func storageIsReusedAcrossDocuments() throws {
    let storage = FastJSONDecoder.Storage(nodeCapacity: 8)
    let decoder = FastJSONDecoder()
    for count in [1, 50, 3, 1000, 0] {
      let body = "[" + (0..<count).map { "{\"v\": \($0)}" }.joined(separator: ",") + "]"
      struct V: Decodable { var v: Int }
      let values = try Array(body.utf8).withUnsafeBytes {
        try decoder.decode([V].self, from: $0, storage: storage)
      }
      #expect(values.map(\.v) == Array(0..<count))
    }
  }

  @Test func decodingInsideDecodingUsesItsOwnStorage() throws {
    struct Outer: Decodable {
      var inner: Int
      var name: String
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONCodingKey.self)
        let text = try container.decode(String.self, forKey: JSONCodingKey(stringValue: "json"))
        struct First: Decodable {
          var value: Int
          init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            value = try container.decode(Int.self)
          }
        }
        inner = try FastJSONDecoder().decode(First.self, from: Array(text.utf8)).value
        name = try container.decode(String.self, forKey: JSONCodingKey(stringValue: "name"))
      }
    }
    let outer = try FastJSONDecoder().decode(
      Outer.self, from: Array(#"{"json": "[42, 43, {\"a\": [1]}]", "name": "n"}"#.utf8))
    #expect(outer.inner == 42)
    #expect(outer.name == "n", "the outer document is intact after the inner decode")
  }
}
