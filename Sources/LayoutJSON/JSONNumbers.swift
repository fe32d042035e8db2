#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The "C" locale, so that number conversion never depends on the process's LC_NUMERIC.
/// `nonisolated(unsafe)`: written once at initialization, then only read.
nonisolated(unsafe) private let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)

/// Conversion of validated JSON number bytes to a correctly rounded `Double`, with Foundation's
/// `JSONDecoder` acceptance rules.
enum JSONNumberParsing {
  /// Exact powers of ten as Doubles (10^0 ... 10^22).
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The parts of a decimal number: value = ±significand × 10^exponent (for up to 19
  /// significant digits; `truncated` says more digits were dropped).
  struct DecimalParts {
    var negative = false
    var significand: UInt64 = 0
    var exponent = 0
    var truncated = false
    var hasNonZeroDigit = false
  }

  static func decimal(_ bytes: UnsafeRawBufferPointer) -> DecimalParts {
    var result = DecimalParts()
    var index = 0
    let count = bytes.count
    if bytes[0] == UInt8(ascii: "-") {
      result.negative = true
      index = 1
    }
    var digits = 0
    var afterPoint = false
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        afterPoint = true
      } else if byte | 0x20 == UInt8(ascii: "e") {
        break
      } else {
        let digit = UInt64(byte &- UInt8(ascii: "0"))
        if digit != 0 { result.hasNonZeroDigit = true }
        if digits < 19 {
          if digits > 0 || digit != 0 {
            result.significand = result.significand &* 10 &+ digit
            digits += 1
          }
          if afterPoint { result.exponent -= 1 }
        } else {
          if digit != 0 { result.truncated = true }
          if !afterPoint { result.exponent += 1 }
        }
      }
      index += 1
    }
    if index < count {
      index += 1
      var negativeExponent = false
      if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        negativeExponent = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var exponent = 0
      while index < count {
        if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
        index += 1
      }
      result.exponent += negativeExponent ? -exponent : exponent
    }
    return result
  }

  /// 10^`exponent` for `exponent` in 0…22, exactly.
  @inline(__always)
  static func powerOfTen(_ exponent: Int) -> Double {
    powersOfTen[exponent]
  }

  /// The exact Double of an integer written with at most 15 characters.
  @inline(__always)
  static func shortInteger(_ bytes: UnsafeRawBufferPointer) -> Double {
    var index = 0
    let negative = bytes[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    var value: Int64 = 0
    while index < bytes.count {
      value = value &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
      index += 1
    }
    let magnitude = Double(value)
    return negative ? -magnitude : magnitude
  }

  /// The correctly rounded Double, or nil when the number overflows to infinity or rounds
  /// to zero although it has a non-zero digit (what Foundation rejects).
  static func double(_ bytes: UnsafeRawBufferPointer) -> Double? {
    let (value, parts) = roundedDouble(bytes)
    guard value.isFinite, value != 0 || !parts.hasNonZeroDigit else { return nil }
    return value
  }

  /// The correctly rounded Double (possibly infinite or zero) and the number's parts.
  static func roundedDouble(_ bytes: UnsafeRawBufferPointer) -> (Double, DecimalParts) {
    let parts = decimal(bytes)
    var value: Double
    if !parts.truncated, parts.significand <= 1 << 53, parts.exponent >= -22, parts.exponent <= 22 {
      // Clinger's fast path: both operands are exact, so one IEEE operation rounds correctly.
      value = Double(parts.significand)
      if parts.exponent < 0 {
        value /= powersOfTen[-parts.exponent]
      } else {
        value *= powersOfTen[parts.exponent]
      }
      if parts.negative { value = -value }
    } else {
      value = withNulTerminated(bytes) { strtod($0, nil) }
    }
    return (value, parts)
  }

  private static func withNulTerminated<R>(
    _ bytes: UnsafeRawBufferPointer, _ body: (UnsafePointer<CChar>) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
      let base = buffer.baseAddress!
      UnsafeMutableRawPointer(base).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
      base[bytes.count] = 0
      // strtod reads the decimal point of the thread's locale: use "C" for the call.
      let previous = uselocale(cLocale)
      defer { uselocale(previous) }
      return body(base)
    }
  }
}

extension JSONParser {
  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read to its value as it is scanned.
  ///
  /// Short decimals (at most 15 digits, no exponent: what requests carry) take the fast path: the
  /// digits are an exact integer below 2^53 and one exact division by a power of ten rounds
  /// correctly (Clinger), the very operation `JSONNumberParsing.double` makes for them; every
  /// other number goes through it. A number too large for a `Double` reads as infinite.
  @inline(__always)
  mutating func parseNumber(parent: Int32) throws {
    let start = position
    var index = position
    var flags = JSONNode.integral
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative {
      index += 1
    }
    guard index < count, Self.isDigit(bytes[index]) else {
      throw error("expected a digit after '-'", at: index)
    }
    var significand: Int64 = 0
    var digits = 0
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      digits = 1
      if index < count, Self.isDigit(bytes[index]) {
        throw error("leading zeros are not allowed in numbers", at: start)
      }
    } else {
      while index < count, Self.isDigit(bytes[index]) {
        significand = significand &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
        digits += 1
        index += 1
      }
    }
    var fractionDigits = 0
    if index < count, bytes[index] == UInt8(ascii: ".") {
      flags = 0
      index += 1
      guard index < count, Self.isDigit(bytes[index]) else {
        throw error("expected a digit after the decimal point", at: index)
      }
      while index < count, Self.isDigit(bytes[index]) {
        significand = significand &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
        fractionDigits += 1
        index += 1
      }
    }
    var exponent = false
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      flags = 0
      exponent = true
      index += 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < count, Self.isDigit(bytes[index]) else {
        throw error("expected a digit in the exponent", at: index)
      }
      while index < count, Self.isDigit(bytes[index]) { index += 1 }
    }
    let value: Double
    if !exponent, digits + fractionDigits <= 15 {
      let magnitude = Double(significand)
      let scaled = fractionDigits == 0 ? magnitude : magnitude / JSONNumberParsing.powerOfTen(fractionDigits)
      value = negative ? -scaled : scaled
    } else {
      value =
        JSONNumberParsing.double(UnsafeRawBufferPointer(start: bytes + start, count: index - start))
        ?? .infinity
    }
    _ = append(
      JSONNode(
        kind: .number, flags: flags, parent: parent, start: UInt32(truncatingIfNeeded: start),
        end: UInt32(truncatingIfNeeded: index), packed: JSONNameKey(number: value)))
    position = index
  }
}
