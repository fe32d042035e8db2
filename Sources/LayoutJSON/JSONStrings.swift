#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unescaping of string bytes that the parser has already validated.
enum JSONStringDecoding {
  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte &- UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte &- UInt8(ascii: "a") &+ 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte &- UInt8(ascii: "A") &+ 10)
    default: nil
    }
  }

  private static func hex4(_ source: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
    var value: UInt32 = 0
    for offset in 0..<4 {
      value = value << 4 | (hexValue(source[index + offset]) ?? 0)
    }
    return value
  }

  /// Writes the unescaped UTF-8 of validated string bytes to `destination` (which has room
  /// for `source.count` bytes: unescaping never grows) and returns the length written.
  static func unescape(
    _ source: UnsafeRawBufferPointer, into destination: UnsafeMutablePointer<UInt8>
  )
    -> Int
  {
    var read = 0
    var written = 0
    let count = source.count
    while read < count {
      let byte = source[read]
      guard byte == UInt8(ascii: "\\") else {
        destination[written] = byte
        written += 1
        read += 1
        continue
      }
      let escape = source[read + 1]
      read += 2
      switch escape {
      case UInt8(ascii: "b"): destination[written] = 0x08
      case UInt8(ascii: "f"): destination[written] = 0x0C
      case UInt8(ascii: "n"): destination[written] = 0x0A
      case UInt8(ascii: "r"): destination[written] = 0x0D
      case UInt8(ascii: "t"): destination[written] = 0x09
      case UInt8(ascii: "u"):
        var scalar = hex4(source, read)
        read += 4
        if scalar & 0xFC00 == 0xD800 {
          let low = hex4(source, read + 2)
          read += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        written += encode(scalar, into: destination + written)
        continue
      default: destination[written] = escape
      }
      written += 1
    }
    return written
  }

  private static func encode(_ scalar: UInt32, into destination: UnsafeMutablePointer<UInt8>) -> Int {
    switch scalar {
    case 0..<0x80:
      destination[0] = UInt8(scalar)
      return 1
    case 0x80..<0x800:
      destination[0] = UInt8(0xC0 | scalar >> 6)
      destination[1] = UInt8(0x80 | scalar & 0x3F)
      return 2
    case 0x800..<0x10000:
      destination[0] = UInt8(0xE0 | scalar >> 12)
      destination[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
      destination[2] = UInt8(0x80 | scalar & 0x3F)
      return 3
    default:
      destination[0] = UInt8(0xF0 | scalar >> 18)
      destination[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
      destination[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
      destination[3] = UInt8(0x80 | scalar & 0x3F)
      return 4
    }
  }

  /// Calls `body` with the unescaped UTF-8 of a string node's bytes, copying only when the
  /// string has escapes (into temporary, usually stack, memory).
  static func withUnescaped<R>(
    _ source: UnsafeRawBufferPointer, escaped: Bool, _ body: (UnsafeRawBufferPointer) -> R
  ) -> R {
    guard escaped else { return body(source) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(source.count, 1)) { buffer in
      let length = unescape(source, into: buffer.baseAddress!)
      return body(UnsafeRawBufferPointer(start: buffer.baseAddress!, count: length))
    }
  }

  /// A String from a string node's bytes (already validated UTF-8).
  static func makeString(_ source: UnsafeRawBufferPointer, escaped: Bool) -> String {
    guard escaped else { return String(decoding: source, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: source.count) { buffer in
      unescape(source, into: buffer.baseAddress!)
    }
  }

  @inline(__always)
  static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
    let count = left.count
    guard count == right.count else { return false }
    guard count > 0 else { return true }
    if count > 16 { return memcmp(left.baseAddress!, right.baseAddress!, count) == 0 }
    // Member names are short: a plain loop beats a call.
    var index = 0
    while index < count {
      if left[index] != right[index] { return false }
      index += 1
    }
    return true
  }
}

extension JSONParser {
  /// A string starting at the opening quote; escapes and UTF-8 are validated here.
  @inline(__always)
  mutating func parseString(parent: Int32) throws {
    let start = position + 1
    var index = start
    var flags: UInt8 = 0
    while true {
      index = Self.plainRunEnd(bytes, from: index, count: count)
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
    var packed = JSONNameKey()
    if flags == 0, index - start <= 16 {
      flags = JSONNode.short
      packed = JSONNameKey(bytes + start, count: index - start, readable: count - start)
    }
    _ = append(
      JSONNode(
        kind: .string, flags: flags, parent: parent, start: UInt32(truncatingIfNeeded: start),
        end: UInt32(truncatingIfNeeded: index), packed: packed))
    position = index + 1
  }

  /// Where the run of plain bytes from `index` ends: read eight at a time while eight are left, a
  /// word without a quote, a backslash, a control character or a byte of a multi-byte sequence is
  /// skipped whole, and the answer is the first such byte of the word that has one. Within the last
  /// seven bytes it stops at once; the caller reads those one by one.
  @inline(__always)
  static func plainRunEnd(_ bytes: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
    var index = index
    while index &+ 8 <= count {
      let special = specialBytes(
        UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)))
      if special != 0 { return index &+ special.trailingZeroBitCount &>> 3 }
      index &+= 8
    }
    return index
  }

  /// The high bit of each byte of `word` that is a quote, a backslash, below 0x20 or from 0x80
  /// up, exactly for the lowest such byte (higher ones may be flagged by a borrow; only the lowest
  /// is used).
  @inlinable @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let below = (word &- ones &* 0x20) & ~word
    return (below | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | word) & highs
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
