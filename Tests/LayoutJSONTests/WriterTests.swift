import Foundation
import LayoutJSON
import LayoutTesting
import Testing

@Suite struct WriterTests {
  func parsed(_ bytes: [UInt8]) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  }

  @Test func writesTheAnswerShape() throws {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("mode")
    writer.string("translate")
    writer.key("keyboard")
    writer.beginObject()
    writer.key("state")
    writer.string("docked" as StaticString)
    writer.key("overlap")
    writer.number(336)
    writer.endObject()
    writer.key("offset")
    writer.beginObject()
    writer.key("x")
    writer.number(-0.0)
    writer.key("y")
    writer.number(-246)
    writer.endObject()
    writer.key("fits")
    writer.bool(true)
    writer.key("list")
    writer.beginArray()
    writer.number(0.25)
    writer.null()
    writer.bool(false)
    writer.beginArray()
    writer.endArray()
    writer.number(7 as Int)
    writer.endArray()
    writer.endObject()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == #"{"mode":"translate","keyboard":{"state":"docked","overlap":336},"offset":{"x":0,"y":-246},"fits":true,"list":[0.25,null,false,[],7]}"#
    )
  }

  static func randomDouble(_ rng: inout SplitMix64) -> Double {
    switch Int.random(in: 0..<8, using: &rng) {
    case 0:
      // A subnormal.
      return Double(bitPattern: rng.next() & 0x000F_FFFF_FFFF_FFFF) * (rng.chance(0.5) ? 1 : -1)
    case 1: return Double(Int64.random(in: -(1 << 53) - 8...(1 << 53) + 8, using: &rng))
    case 2: return Double(Int.random(in: -1000...1000, using: &rng)) / 100
    case 3:
      return rng.pick([
        1e-7, 1e21, -0.0, 0, 1e22, 9007199254740992, 9007199254740991, -9007199254740994, 0.1,
        .leastNonzeroMagnitude,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 1e15,
        1.2345678901234568e20,
      ])
    case 4: return Double(Int64.random(in: -(1 << 62)...(1 << 62), using: &rng))
    default:
      var value = Double(bitPattern: rng.next())
      while !value.isFinite { value = Double(bitPattern: rng.next()) }
      return value
    }
  }

  @Test func numbersRoundTripBitEqual() throws {
    var rng = SplitMix64(seed: 11)
    var writer = JSONWriter()
    for _ in 0..<200 {
      writer.reset()
      let values = (0..<50).map { _ in Self.randomDouble(&rng) }
      writer.beginArray()
      for value in values { writer.number(value) }
      writer.endArray()
      // JSONSerialization on Linux is not correctly rounded (it reads 1.2345678901234568e+20
      // one ulp off, large exponents up to ~1e-14 off), so it only checks that the text is
      // JSON with these numbers; JSONDecoder (strtod) and the parser must be bit-exact.
      let serialization = try #require(try parsed(writer.bytes) as? [NSNumber])
      let foundation = try JSONDecoder().decode([Double].self, from: Data(writer.bytes))
      for (index, value) in values.enumerated() {
        let expected = value == 0 ? 0.0 : value
        #expect(foundation[index].bitPattern == expected.bitPattern, "\(value)")
        var member = JSONWriter()
        member.beginObject()
        member.key("v")
        member.number(value)
        member.endObject()
        let fast = try member.bytes.withUnsafeBytes { bytes in
          try JSONDocument.withParsed(bytes) { try $0.number("v") }
        }
        #expect(fast.bitPattern == expected.bitPattern, "\(value)")
        let read = serialization[index].doubleValue
        #expect(read == expected || abs(read - expected) <= 1e-13 * abs(expected), "\(value) read as \(read)")
      }
    }
  }

  @Test func integralValuesBelow2To53AreIntegers() {
    for value in [246.0, -35, 0, -0.0, 9007199254740991, -9007199254740991, 1e15, 3] {
      var writer = JSONWriter()
      writer.number(value)
      let text = String(decoding: writer.bytes, as: UTF8.self)
      #expect(!text.contains(".") && !text.contains("e") && !text.contains("-0"), "\(text)")
      #expect(Double(text) == value)
    }
    var writer = JSONWriter()
    writer.number(1e21)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "1e+21")
  }

  @Test func stringsWithEveryEscapeClassRoundTrip() throws {
    var rng = SplitMix64(seed: 3)
    var all = ""
    for value in 0..<0x20 { all.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
    all += "\"\\/ abc é € 😀 \u{7F} \u{2028} \u{FFFF} \u{10FFFF}"
    var cases = [all, "", "plain", "\"", "\\", "\u{0}"]
    for _ in 0..<500 { cases.append(StringEncoding.randomText(&rng, maxLength: 30)) }
    for text in cases {
      var arrayWriter = JSONWriter()
      arrayWriter.beginArray()
      arrayWriter.string(text)
      arrayWriter.endArray()
      var objectWriter = JSONWriter()
      objectWriter.beginObject()
      objectWriter.key(text)
      objectWriter.null()
      objectWriter.endObject()
      let array = arrayWriter.bytes
      let object = objectWriter.bytes
      #expect(try parsed(array) as? [String] == [text])
      var member = JSONWriter()
      member.beginObject()
      member.key("v")
      member.string(text)
      member.endObject()
      let read = try member.bytes.withUnsafeBytes { bytes in
        try JSONDocument.withParsed(bytes) { try $0.stringIfPresent("v") }
      }
      #expect(read == text, "the parser reads back the string")
      // The same text twice as a member name: the parser unescapes both and finds them equal.
      var twice = Array(object.dropLast())
      twice.append(UInt8(ascii: ","))
      twice += object.dropFirst().dropLast()
      twice.append(UInt8(ascii: "}"))
      let repeated = twice.withUnsafeBytes { bytes in
        do {
          try JSONDocument.validate(bytes)
          return nil as String?
        } catch {
          return (error as? JSONDuplicateMemberError)?.name
        }
      }
      #expect(repeated == text, "the parser reads back the member name")
      #expect(!array.contains { $0 < 0x20 }, "control characters are escaped")
    }
  }

  /// The escaper takes a text of two to seven bytes as one word, and a longer one eight bytes at a
  /// time: every length up to 20, plain, with each kind of byte to escape at every place, and with
  /// a two-byte character at every place, is written as a byte-by-byte escaper writes it.
  @Test func everyShortLengthWithAnEscapeAtEveryPlaceIsWrittenByteForByte() {
    func expected(_ bytes: [UInt8]) -> [UInt8] {
      var text = Array("\"".utf8)
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "\""): text += Array("\\\"".utf8)
        case UInt8(ascii: "\\"): text += Array("\\\\".utf8)
        case 0x08: text += Array("\\b".utf8)
        case 0x09: text += Array("\\t".utf8)
        case 0x0A: text += Array("\\n".utf8)
        case 0x0C: text += Array("\\f".utf8)
        case 0x0D: text += Array("\\r".utf8)
        case 0x00..<0x20:
          text += Array(("\\u00" + String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)).utf8)
        default: text.append(byte)
        }
      }
      return text + Array("\"".utf8)
    }
    for length in 0...20 {
      let plain = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
      var cases = [plain]
      for place in 0..<length {
        for special: UInt8 in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x01, 0x1F] {
          var bytes = plain
          bytes[place] = special
          cases.append(bytes)
        }
        if place + 1 < length {
          var bytes = plain
          bytes[place] = 0xC3  // é
          bytes[place + 1] = 0xA9
          cases.append(bytes)
        }
      }
      for bytes in cases {
        var writer = JSONWriter()
        writer.string(String(decoding: bytes, as: UTF8.self))
        #expect(writer.bytes == expected(bytes), "\(bytes)")
      }
    }
  }

  @Test func readsBackTheEscapesItWrites() {
    var writer = JSONWriter()
    writer.string("a\"b\\c\u{8}\u{C}\n\r\t\u{1}/")
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\"b\\c\b\f\n\r\t\u0001/""#)
  }

  @Test func resetKeepsCapacityAndGrowingKeepsTheText() {
    var writer = JSONWriter(capacity: 64)
    #expect(writer.bytes.isEmpty)
    writer.beginArray()
    for index in 0..<100 { writer.number(index) }
    writer.endArray()
    #expect(writer.capacity > 64)
    #expect(
      String(decoding: writer.bytes, as: UTF8.self) == "[" + (0..<100).map(String.init).joined(separator: ",")
        + "]")
    let grown = writer.capacity
    writer.reset()
    writer.number(2)
    #expect(writer.bytes == [UInt8(ascii: "2")])
    #expect(writer.capacity == grown)
  }

  /// Literal names of every length from 0 to 20: the name is copied by a different path below 4
  /// bytes, from 4 to 7, from 8 to 16 and above.
  static let names: [StaticString] = [
    "", "x", "ab", "top", "left", "right", "offset", "visible", "fixedTop", "animation", "breakpoint",
    "fixedBottom", "sheetHeight1", "restingHeight", "keyboardHeight", "keyboardOverlap", "keyboardOverlaps",
    "interactiveWidget", "scrollIndicatorIns", "scrollIndicatorInse", "scrollIndicatorInset",
  ]

  @Test func aMemberNameOfEveryLengthIsCopiedWhole() throws {
    // From the smallest writer, so that the names also cross the points where it grows.
    var writer = JSONWriter(capacity: 0)
    var expected = "{"
    writer.beginObject()
    for (index, name) in Self.names.enumerated() {
      let text = name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
      #expect(text.utf8.count == index)
      writer.key(name)
      writer.number(index)
      writer.member(name, number: -Double(index) - 0.5)
      expected += (index == 0 ? "" : ",") + "\"\(text)\":\(index),\"\(text)\":-\(index).5"
    }
    writer.endObject()
    expected += "}"
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
  }

  @Test func aNumberMemberIsTheKeyAndTheNumber() throws {
    var rng = SplitMix64(seed: 0x5EED)
    for _ in 0..<2000 {
      let value = Self.randomDouble(&rng)
      var apart = JSONWriter(capacity: 0)
      var fused = JSONWriter(capacity: 0)
      apart.beginObject()
      fused.beginObject()
      for name in Self.names.prefix(4) {
        apart.key(name)
        apart.number(value)
        fused.member(name, number: value)
      }
      apart.endObject()
      fused.endObject()
      #expect(fused.bytes == apart.bytes)
    }
  }

  @Test func anObjectOfNumbersIsItsMembersWrittenOneByOne() throws {
    var rng = SplitMix64(seed: 0x0B1E)
    for round in 0..<3000 {
      let count = 2 + round % 3
      // Names of every length (so every way a name is copied), values of every kind.
      let pick = { (rng: inout SplitMix64) in Self.names[Int(rng.next() % UInt64(Self.names.count))] }
      let name = pick(&rng)
      let names = (pick(&rng), pick(&rng), count > 2 ? pick(&rng) : "", count > 3 ? pick(&rng) : "")
      let values = SIMD4(
        Self.randomDouble(&rng), Self.randomDouble(&rng), count > 2 ? Self.randomDouble(&rng) : 0,
        count > 3 ? Self.randomDouble(&rng) : 0)
      // From the smallest writer, after a member or not: the object crosses where it grows, with
      // and without the comma before it.
      var apart = JSONWriter(capacity: 0)
      var fused = JSONWriter(capacity: 0)
      apart.beginObject()
      fused.beginObject()
      if round % 2 == 0 {
        apart.member("before", number: 1)
        fused.member("before", number: 1)
      }
      apart.beginObject(named: name)
      for (index, member) in [names.0, names.1, names.2, names.3].prefix(count).enumerated() {
        apart.member(member, number: values[index])
      }
      apart.endObject()
      fused.member(name, numbersNamed: names, values, count: count)
      apart.member("after", number: 2)
      fused.member("after", number: 2)
      apart.endObject()
      fused.endObject()
      #expect(
        fused.bytes == apart.bytes,
        "\(String(decoding: fused.bytes, as: UTF8.self)) != \(String(decoding: apart.bytes, as: UTF8.self))")
    }
  }

  @Test func aThreadWriterNestedInAnotherIsAWriterOfItsOwn() {
    let text = JSONWriter.withThreadWriter { outer in
      outer.beginArray()
      let inner = JSONWriter.withThreadWriter { inner in
        inner.string("inner")
        return inner.bytes
      }
      outer.number(1)
      outer.endArray()
      return (outer.bytes, inner)
    }
    #expect(String(decoding: text.0, as: UTF8.self) == "[1]")
    #expect(String(decoding: text.1, as: UTF8.self) == #""inner""#)
  }
}
