extension JSONParser {
  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  mutating func parseNumber(parent: Int32) throws {
    let start = position
    var index = position
    var flags = JSONNode.integral
    if bytes[index] == UInt8(ascii: "-") {
      index += 1
    }
    guard index < count, Self.isDigit(bytes[index]) else {
      throw error("expected a digit after '-'", at: index)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < count, Self.isDigit(bytes[index]) {
        throw error("leading zeros are not allowed in numbers", at: start)
      }
    } else {
      while index < count, Self.isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      flags = 0
      index += 1
      guard index < count, Self.isDigit(bytes[index]) else {
        throw error("expected a digit after the decimal point", at: index)
      }
      while index < count, Self.isDigit(bytes[index]) { index += 1 }
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      flags = 0
      index += 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < count, Self.isDigit(bytes[index]) else {
        throw error("expected a digit in the exponent", at: index)
      }
      while index < count, Self.isDigit(bytes[index]) { index += 1 }
    }
    _ = append(
      JSONNode(
        kind: .number, flags: flags, parent: parent, start: UInt32(truncatingIfNeeded: start),
        end: UInt32(truncatingIfNeeded: index)))
    position = index
  }

  /// A string starting at the opening quote; escapes and UTF-8 are validated here.
  mutating func parseString(parent: Int32) throws {
    let start = position + 1
    var index = start
    var flags: UInt8 = 0
    while true {
      guard index < count else {
        throw error("unexpected end of input inside a string", at: index)
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        flags = JSONNode.escaped
        index = try escapeEnd(at: index)
      } else if byte < 0x20 {
        throw error("control character U+\(Self.hex4(UInt32(byte))) must be escaped in a string", at: index)
      } else if byte >= 0x80 {
        index = try utf8SequenceEnd(at: index)
      } else {
        index += 1
      }
    }
    _ = append(
      JSONNode(
        kind: .string, flags: flags, parent: parent, start: UInt32(truncatingIfNeeded: start),
        end: UInt32(truncatingIfNeeded: index)))
    position = index + 1
  }

  static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The index after the escape sequence starting with the backslash at `index`.
  private func escapeEnd(at index: Int) throws -> Int {
    guard index + 1 < count else {
      throw error("unexpected end of input inside a string", at: count)
    }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case UInt8(ascii: "u"):
      let unit = try hexEscape(at: index + 2)
      if unit & 0xFC00 == 0xD800 {
        guard index + 7 < count, bytes[index + 6] == UInt8(ascii: "\\"),
          bytes[index + 7] == UInt8(ascii: "u"),
          try hexEscape(at: index + 8) & 0xFC00 == 0xDC00
        else {
          throw error(
            "unpaired surrogate \\u\(Self.hex4(unit)): a high surrogate must be followed by a low one",
            at: index)
        }
        return index + 12
      }
      if unit & 0xFC00 == 0xDC00 {
        throw error(
          "unpaired surrogate \\u\(Self.hex4(unit)): a low surrogate must follow a high one", at: index)
      }
      return index + 6
    default:
      throw error("invalid escape sequence in a string", at: index)
    }
  }

  private func hexEscape(at index: Int) throws -> UInt32 {
    guard index + 4 <= count else {
      throw error("expected four hexadecimal digits after \\u", at: index)
    }
    var value: UInt32 = 0
    for offset in 0..<4 {
      guard let digit = JSONStringDecoding.hexValue(bytes[index + offset]) else {
        throw error("expected four hexadecimal digits after \\u", at: index)
      }
      value = value << 4 | digit
    }
    return value
  }

  /// The index after the UTF-8 sequence whose lead byte (≥ 0x80) is at `index`.
  private func utf8SequenceEnd(at index: Int) throws -> Int {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))", at: index)
    }
    guard index + length <= count else {
      throw error("truncated UTF-8 sequence", at: index)
    }
    let second = bytes[index + 1]
    guard second >= low, second <= high else {
      throw error("invalid UTF-8 sequence", at: index)
    }
    var offset = 2
    while offset < length {
      guard bytes[index + offset] & 0xC0 == 0x80 else {
        throw error("invalid UTF-8 sequence", at: index)
      }
      offset += 1
    }
    return index + length
  }
}
