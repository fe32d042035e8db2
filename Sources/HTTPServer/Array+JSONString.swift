extension [UInt8] {
  /// Appends `text` as a JSON string literal (RFC 8259), quotes included.
  ///
  /// Escapes `"`, `\` and every control character below U+0020; all else is copied as UTF-8.
  mutating func appendJSONString(_ text: String) {
    append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): appendEscape(byte)
      case 0x0A: appendEscape(UInt8(ascii: "n"))
      case 0x0D: appendEscape(UInt8(ascii: "r"))
      case 0x09: appendEscape(UInt8(ascii: "t"))
      case 0x08: appendEscape(UInt8(ascii: "b"))
      case 0x0C: appendEscape(UInt8(ascii: "f"))
      case 0x00..<0x20:
        appendEscape(UInt8(ascii: "u"))
        append(contentsOf: "00".utf8)
        append(Self.hexDigit(byte >> 4))
        append(Self.hexDigit(byte & 0x0F))
      default: append(byte)
      }
    }
    append(UInt8(ascii: "\""))
  }

  private mutating func appendEscape(_ byte: UInt8) {
    append(UInt8(ascii: "\\"))
    append(byte)
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}
