extension JSONWriter {
  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Appends `"…"` with `"`, `\` and control characters escaped; other bytes (valid UTF-8)
  /// are copied as they are.
  mutating func appendQuoted(_ text: UnsafeRawBufferPointer) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    for index in 0..<text.count {
      let byte = text[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      if runStart < index {
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart..<index]))
      }
      runStart = index + 1
      bytes.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
      case 0x08: bytes.append(UInt8(ascii: "b"))
      case 0x0C: bytes.append(UInt8(ascii: "f"))
      case 0x0A: bytes.append(UInt8(ascii: "n"))
      case 0x0D: bytes.append(UInt8(ascii: "r"))
      case 0x09: bytes.append(UInt8(ascii: "t"))
      default:
        let hex = Self.hexDigits.utf8Start
        bytes.append(contentsOf: [
          UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
        ])
      }
    }
    if runStart < text.count {
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
