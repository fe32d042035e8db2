#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
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
