/// Writes JSON text into a byte buffer it owns, without allocating once the buffer has
/// capacity.
///
/// Calls must form one valid JSON value: `beginObject`, then `key` and a value per member,
/// then `endObject` (arrays likewise); commas are inserted automatically. Keep a writer (or
/// its buffer, via `init(reusing:)`) per thread to reuse the capacity across answers.
public struct JSONWriter {
  /// The JSON text written so far.
  public internal(set) var bytes: [UInt8]
  /// Whether the next value or member needs a comma before it.
  var needsComma = false

  /// Creates a writer with an empty buffer of the given capacity.
  public init(capacity: Int = 512) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Creates a writer that writes into `buffer`, emptied with its capacity kept.
  public init(reusing buffer: [UInt8]) {
    bytes = buffer
    bytes.removeAll(keepingCapacity: true)
  }

  /// Empties the buffer, keeping its capacity, to write another document.
  public mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  @inline(__always)
  mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  public mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  public mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes a member name and the colon; the member's value must follow.
  public mutating func key(_ name: StaticString) {
    separate()
    name.withUTF8Buffer { appendQuoted(UnsafeRawBufferPointer($0)) }
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a member name given as a String; the member's value must follow.
  public mutating func key(_ name: String) {
    separate()
    var name = name
    name.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  public mutating func bool(_ value: Bool) {
    separate()
    if value {
      bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
    } else {
      bytes.append(contentsOf: [
        UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"),
      ])
    }
    needsComma = true
  }

  public mutating func null() {
    separate()
    bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
    needsComma = true
  }

  /// Writes a string with JSON escaping.
  public mutating func string(_ value: String) {
    separate()
    var value = value
    value.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0)) }
    needsComma = true
  }

  /// Writes a string literal with JSON escaping.
  public mutating func string(_ value: StaticString) {
    separate()
    value.withUTF8Buffer { appendQuoted(UnsafeRawBufferPointer($0)) }
    needsComma = true
  }
}
