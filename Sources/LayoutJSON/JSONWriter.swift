/// Writes JSON text into a byte buffer it owns, without allocating once the buffer has
/// capacity.
///
/// Calls must form one valid JSON value: `beginObject`, then `key` and a value per member,
/// then `endObject` (arrays likewise); commas are inserted automatically. Keep a writer (or
/// its buffer, via `init(reusing:)`) per thread to reuse the capacity across answers.
package struct JSONWriter {
  /// The JSON text written so far.
  package internal(set) var bytes: [UInt8]
  /// Whether the next value or member needs a comma before it.
  var needsComma = false

  /// Creates a writer with an empty buffer of the given capacity.
  package init(capacity: Int = 512) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Creates a writer that writes into `buffer`, emptied with its capacity kept.
  package init(reusing buffer: [UInt8]) {
    bytes = buffer
    bytes.removeAll(keepingCapacity: true)
  }

  /// Empties the buffer, keeping its capacity, to write another document.
  package mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  @inline(__always)
  mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  /// Writes `{`; members follow as `key` and value pairs, then `endObject()`.
  package mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Writes `}`.
  package mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Writes `[`; elements follow, then `endArray()`.
  package mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Writes `]`.
  package mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes a member name and the colon; the member's value must follow.
  package mutating func key(_ name: StaticString) {
    separate()
    // A literal member name is an identifier of this package's own: nothing in it needs
    // escaping, so it is copied as it is (checked in debug builds).
    assert(
      name.withUTF8Buffer {
        !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
      })
    bytes.append(UInt8(ascii: "\""))
    bytes.append(literal: name)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a member name given as a String, with JSON escaping; the member's value must
  /// follow. (Disfavoured, so that a literal name takes the `StaticString` overload.)
  @_disfavoredOverload
  package mutating func key(_ name: String) {
    separate()
    var name = name
    name.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    separate()
    bytes.append(literal: value ? "true" : "false")
    needsComma = true
  }

  /// Writes `null`.
  package mutating func null() {
    separate()
    bytes.append(literal: "null")
    needsComma = true
  }

  /// Writes a string with JSON escaping. (Disfavoured, so that a literal takes the
  /// `StaticString` overload.)
  @_disfavoredOverload
  package mutating func string(_ value: String) {
    separate()
    var value = value
    value.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
    needsComma = true
  }

  /// Writes a string literal with JSON escaping.
  package mutating func string(_ value: StaticString) {
    separate()
    value.withUTF8Buffer { appendQuoted(UnsafeRawBufferPointer($0)) }
    needsComma = true
  }
}

extension JSONWriter {
  /// Writes a finite number in its shortest round-trip form: integral values below 2^53 in
  /// magnitude as integers (`246`, `-35`), others as `Double.description` does (`0.25`,
  /// `1e+21`, `5e-324`); `-0` is written `0`.
  ///
  /// JSON has no NaN or infinity: passing one is a programming error (an assertion in debug
  /// builds); release builds write `0` so the output stays valid JSON.
  package mutating func number(_ value: Double) {
    separate()
    needsComma = true
    guard value.isFinite else {
      assertionFailure("JSON cannot represent \(value)")
      bytes.append(UInt8(ascii: "0"))
      return
    }
    if value.magnitude < 0x1p53, value == value.rounded(.towardZero) {
      appendInteger(Int64(value))
      return
    }
    // Shortest round-trip digits, the same as `description`, without making a String (which
    // allocates past 15 bytes): the standard library hands them to the stream as ASCII.
    var sink = DigitSink()
    swap(&sink.bytes, &bytes)
    value.write(to: &sink)
    swap(&sink.bytes, &bytes)
  }

  /// Writes an integer.
  package mutating func number(_ value: Int) {
    separate()
    needsComma = true
    appendInteger(Int64(value))
  }

  private mutating func appendInteger(_ value: Int64) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      while magnitude > 0 {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }
}

extension JSONWriter {
  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Appends `text` as a JSON string literal (RFC 8259) to `bytes`, quotes included: the one
  /// JSON string escaper of the package (answers, problems, log lines).
  ///
  /// Escapes `"`, `\\` and every control character below U+0020 (`\\n`, `\\t`… or `\\u00XX`);
  /// every other byte is copied as it is (a String's UTF-8 is valid).
  package static func appendString(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0), to: &bytes) }
  }

  @inline(__always)
  mutating func appendQuoted(_ text: UnsafeRawBufferPointer) {
    Self.appendQuoted(text, to: &bytes)
  }

  static func appendQuoted(_ text: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
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
        let hex = hexDigits.utf8Start
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

/// Appends what `Double.write(to:)` formats to a byte buffer, taking the standard library's ASCII
/// fast path so that no `String` is made.
private struct DigitSink: TextOutputStream {
  var bytes: [UInt8] = []

  mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }

  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
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
