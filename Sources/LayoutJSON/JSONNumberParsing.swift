#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The "C" locale, so that number conversion never depends on the process's LC_NUMERIC.
/// `nonisolated(unsafe)`: written once at initialization, then only read.
nonisolated(unsafe) private let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)

/// Conversion of validated JSON number bytes to Swift numbers, with Foundation's
/// `JSONDecoder` acceptance rules.
enum JSONNumberParsing {
  /// Exact powers of ten as Doubles (10^0 ... 10^22).
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// The parts of a decimal number: value = ±significand × 10^exponent (for up to 19
  /// significant digits; `truncated` says more digits were dropped).
  struct Decimal {
    var negative = false
    var significand: UInt64 = 0
    var exponent = 0
    var truncated = false
    var hasNonZeroDigit = false
  }

  static func decimal(_ bytes: UnsafeRawBufferPointer) -> Decimal {
    var result = Decimal()
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
  static func roundedDouble(_ bytes: UnsafeRawBufferPointer) -> (Double, Decimal) {
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

  /// The correctly rounded Float, with the same rejections as `double`.
  static func float(_ bytes: UnsafeRawBufferPointer) -> Float? {
    let parts = decimal(bytes)
    let value = withNulTerminated(bytes) { strtof($0, nil) }
    guard value.isFinite, value != 0 || !parts.hasNonZeroDigit else { return nil }
    return value
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

  /// The integer value as `JSONDecoder` reads it: digits only parse exactly; other forms
  /// (`7.0`, `1e2`) go through Double and must convert exactly; beyond 2^53 the decimal
  /// digits decide (a fraction is truncated, as Foundation does). Nil when not representable.
  static func integer<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, integral: Bool, as: T.Type) -> T?
  {
    if integral, let value = exactInteger(bytes, as: T.self) {
      return value
    }
    let (double, _) = roundedDouble(bytes)
    guard let value = T(exactly: double) else { return nil }
    if double.magnitude < 0x1p53 { return value }
    return fromDecimalDigits(bytes, as: T.self)
  }

  private static func exactInteger<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, as: T.Type) -> T? {
    var index = 0
    let negative = bytes[0] == UInt8(ascii: "-")
    if negative {
      index = 1
    }
    var value: T = 0
    while index < bytes.count {
      let digit = T(bytes[index] &- UInt8(ascii: "0"))
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      index += 1
    }
    return value
  }

  private static func fromDecimalDigits<T: FixedWidthInteger>(
    _ bytes: UnsafeRawBufferPointer, as: T.Type
  ) -> T? {
    let parts = decimal(bytes)
    guard !parts.truncated else { return nil }
    var magnitude = parts.significand
    if parts.exponent < 0 {
      for _ in 0..<min(-parts.exponent, 20) { magnitude /= 10 }
    } else {
      for _ in 0..<parts.exponent {
        let (next, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        if overflow { return nil }
        magnitude = next
      }
    }
    if parts.negative {
      guard T.isSigned, let positive = T(exactly: magnitude) else {
        if T.isSigned, magnitude == UInt64(T.max) + 1 { return T.min }
        return nil
      }
      return 0 - positive
    }
    return T(exactly: magnitude)
  }
}
