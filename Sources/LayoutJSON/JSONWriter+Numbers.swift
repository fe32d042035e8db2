extension JSONWriter {
  /// Writes a finite number in its shortest round-trip form: integral values below 2^53 in
  /// magnitude as integers (`246`, `-35`), others as `Double.description` does (`0.25`,
  /// `1e+21`, `5e-324`); `-0` is written `0`.
  ///
  /// JSON has no NaN or infinity: passing one is a programming error (an assertion in debug
  /// builds); release builds write `0` so the output stays valid JSON.
  public mutating func number(_ value: Double) {
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
  public mutating func number(_ value: Int) {
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
