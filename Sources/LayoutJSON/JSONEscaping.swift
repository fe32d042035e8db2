extension JSONWriter {
  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Appends `text` as a JSON string literal (RFC 8259) to `bytes`, quotes included: the one
  /// JSON string escaper of the package (answers, problems, log lines).
  ///
  /// Escapes `"`, `\\` and every control character below U+0020 (`\\n`, `\\t`… or `\\u00XX`);
  /// every other byte is copied as it is (a String's UTF-8 is valid).
  package static func appendString(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      let source = UnsafeRawBufferPointer(utf8)
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: source.count * 6 + 2) { buffer in
        let written = writeQuoted(source, into: buffer.baseAddress!)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<written]))
      }
    }
  }

  /// Writes `text` quoted and escaped at `destination` (room for `text.count * 6 + 2` bytes) and
  /// returns how many bytes it wrote.
  ///
  /// Inlinable for its short path: a text of two to seven bytes with nothing to escape (a method,
  /// a short path, a name) is tested as one word and stored whole, where it is called.
  @inlinable
  package static func writeQuoted(
    _ text: UnsafeRawBufferPointer, into destination: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let count = text.count
    if count >= 2, count < 8, let source = text.baseAddress {
      // Its first and last halves, which overlap: the bytes they share are the same bytes.
      let half = count >= 4 ? 4 : 2
      let end = source + (count &- half)
      let first =
        half == 4
        ? UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
        : UInt64(UInt16(littleEndian: source.loadUnaligned(as: UInt16.self)))
      let last =
        half == 4
        ? UInt64(UInt32(littleEndian: end.loadUnaligned(as: UInt32.self)))
        : UInt64(UInt16(littleEndian: end.loadUnaligned(as: UInt16.self)))
      let word = first | last &<< UInt64((count &- half) &<< 3)
      if JSONParser.specialBytes(word) & (UInt64.max &>> UInt64((8 &- count) &<< 3)) == 0 {
        // The room, at least 14 bytes, holds the word after the quote.
        destination[0] = UInt8(ascii: "\"")
        UnsafeMutableRawPointer(destination + 1).storeBytes(of: word.littleEndian, as: UInt64.self)
        destination[count &+ 1] = UInt8(ascii: "\"")
        return count &+ 2
      }
    }
    return writeQuotedByWords(text, into: destination)
  }

  /// `writeQuoted(_:into:)` for any text: eight bytes at a time while they need no escape, then
  /// byte by byte up to the next word.
  @usableFromInline
  static func writeQuotedByWords(
    _ text: UnsafeRawBufferPointer, into destination: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var written = 0
    destination[written] = UInt8(ascii: "\"")
    written &+= 1
    let count = text.count
    guard count > 0, let source = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      destination[written] = UInt8(ascii: "\"")
      return written &+ 1
    }
    var index = 0
    while index < count {
      // Eight bytes at a time while eight are left: each word is stored whole (there is room: an
      // escape takes six), and only its bytes before the first special one count as written.
      if index &+ 8 <= count {
        let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(destination + written).storeBytes(of: word, as: UInt64.self)
        let special = JSONParser.specialBytes(UInt64(littleEndian: word))
        let plain = special == 0 ? 8 : special.trailingZeroBitCount &>> 3
        index &+= plain
        written &+= plain
        if plain == 8 { continue }
      }
      let byte = source[index]
      index &+= 1
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        destination[written] = byte
        written &+= 1
        continue
      }
      destination[written] = UInt8(ascii: "\\")
      written &+= 1
      let escaped: UInt8
      switch byte {
      case UInt8(ascii: "\""): escaped = UInt8(ascii: "\"")
      case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
      case 0x08: escaped = UInt8(ascii: "b")
      case 0x0C: escaped = UInt8(ascii: "f")
      case 0x0A: escaped = UInt8(ascii: "n")
      case 0x0D: escaped = UInt8(ascii: "r")
      case 0x09: escaped = UInt8(ascii: "t")
      default:
        let hex = hexDigits.utf8Start
        destination[written] = UInt8(ascii: "u")
        destination[written &+ 1] = UInt8(ascii: "0")
        destination[written &+ 2] = UInt8(ascii: "0")
        destination[written &+ 3] = hex[Int(byte >> 4)]
        destination[written &+ 4] = hex[Int(byte & 0xF)]
        written &+= 5
        continue
      }
      destination[written] = escaped
      written &+= 1
    }
    destination[written] = UInt8(ascii: "\"")
    return written &+ 1
  }
}

extension Array where Element == UInt8 {
  /// Appends the UTF-8 bytes of a literal: the one way this package's writers copy fixed text
  /// (`"…".utf8` would take the generic, slower `append(contentsOf:)`).
  @inlinable
  package mutating func append(literal: StaticString) {
    literal.withUTF8Buffer { append(contentsOf: $0) }
  }
}
