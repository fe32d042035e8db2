extension JSONWriter {
  /// Writes a finite number in its shortest round-trip form: integral values below 2^53 in
  /// magnitude as integers (`246`, `-35`), others as `Double.description` does (`0.25`,
  /// `1e+21`, `5e-324`); `-0` is written `0`.
  ///
  /// JSON has no NaN or infinity: passing one is a programming error (an assertion in debug
  /// builds); release builds write `0` so the output stays valid JSON.
  package mutating func number(_ value: Double) {
    separate()
    reserve(32)
    putNumber(value)
    needsComma = true
  }

  /// Writes `value` as `number(_:)` does; room for 32 bytes must have been reserved.
  @inlinable @inline(__always)
  mutating func putNumber(_ value: Double) {
    // An answer's most common number (`x` of an offset, most insets), `-0` included.
    if value == 0 {
      put(UInt8(ascii: "0"))
      return
    }
    // Integral below 2^53: an Int64 holds it exactly and converts back to the same value.
    if value.magnitude < 0x1p53, Double(Int64(value)) == value {
      putInteger(Int64(value))
      return
    }
    putFraction(value)
  }

  /// Writes a number that is not an integer below 2^53, or not finite (`number(_:)`'s other
  /// cases).
  @usableFromInline @inline(never)
  mutating func putFraction(_ value: Double) {
    guard value.isFinite else {
      assertionFailure("JSON cannot represent \(value)")
      reserve(1)
      put(UInt8(ascii: "0"))
      return
    }
    // Shortest round-trip digits, the same as `description`, without making a String (which
    // allocates past 15 bytes): the standard library hands them to the stream as ASCII.
    var sink = DigitSink()
    value.write(to: &sink)
    sink.withDigits { put($0) }
  }

  /// Writes an integer.
  package mutating func number(_ value: Int) {
    separate()
    reserve(20)
    putInteger(Int64(value))
    needsComma = true
  }

  /// The two ASCII digits of every number below 100, `00` to `99`.
  @usableFromInline static let digitPairs: StaticString = """
    0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
    5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
    """

  /// Writes `value`'s digits; room for 20 bytes must have been reserved.
  @inlinable @inline(__always)
  mutating func putInteger(_ value: Int64) {
    var magnitude = value.magnitude
    if value < 0 { put(UInt8(ascii: "-")) }
    // Below 10,000, a layout's usual numbers: a digit or a pair from the table, stored whole.
    let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
    if magnitude < 100 {
      if magnitude < 10 {
        put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
      } else {
        let pair = Int(truncatingIfNeeded: magnitude) &* 2
        UnsafeMutableRawPointer(storage + count).storeBytes(
          of: pairs.loadUnaligned(fromByteOffset: pair, as: UInt16.self), as: UInt16.self)
        count &+= 2
      }
      return
    }
    if magnitude < 10_000 {
      let high = Int(truncatingIfNeeded: magnitude / 100)
      let low = pairs.loadUnaligned(
        fromByteOffset: (Int(truncatingIfNeeded: magnitude) &- high &* 100) &* 2, as: UInt16.self)
      let destination = UnsafeMutableRawPointer(storage + count)
      if high < 10 {
        destination.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high), as: UInt8.self)
        destination.storeBytes(of: low, toByteOffset: 1, as: UInt16.self)
        count &+= 3
      } else {
        destination.storeBytes(
          of: pairs.loadUnaligned(fromByteOffset: high &* 2, as: UInt16.self), as: UInt16.self)
        destination.storeBytes(of: low, toByteOffset: 2, as: UInt16.self)
        count &+= 4
      }
      return
    }
    // The digits are counted by multiplying (cheaper than dividing), then written from the last,
    // two at a time from a table.
    var digits = 5
    var bound: UInt64 = 100_000
    while digits < 19, magnitude >= bound {
      digits &+= 1
      bound &*= 10
    }
    if magnitude >= bound { digits &+= 1 }
    count &+= digits
    let destination = storage + count
    let pairBytes = pairs.assumingMemoryBound(to: UInt8.self)
    var index = 0
    while magnitude >= 100 {
      let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
      magnitude /= 100
      index &-= 2
      destination[index] = pairBytes[pair]
      destination[index &+ 1] = pairBytes[pair &+ 1]
    }
    if magnitude >= 10 {
      let pair = Int(truncatingIfNeeded: magnitude) &* 2
      destination[index &- 2] = pairBytes[pair]
      destination[index &- 1] = pairBytes[pair &+ 1]
    } else {
      destination[index &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
    }
  }
}

/// Collects what `Double.write(to:)` formats (at most 32 bytes: a `Double`'s shortest form takes
/// 24 at most), taking the standard library's ASCII fast path so that no `String` is made.
private struct DigitSink: TextOutputStream {
  private var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  private var count = 0

  mutating func write(_ string: String) {
    for byte in string.utf8 { append(byte) }
  }

  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    for byte in buffer { append(byte) }
  }

  private mutating func append(_ byte: UInt8) {
    guard count < 32 else { return }
    withUnsafeMutableBytes(of: &digits) { $0[count] = byte }
    count += 1
  }

  /// Calls `body` with the digits collected.
  func withDigits(_ body: (UnsafeRawBufferPointer) -> Void) {
    withUnsafeBytes(of: digits) { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
  }
}
