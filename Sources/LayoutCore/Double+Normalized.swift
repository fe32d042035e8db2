extension Double {
  /// The value as an answer may hold it: `-0` becomes `0`, and a non-finite value (possible only
  /// from input that skipped validation) becomes `0`.
  @inline(__always)
  var normalized: Double { isFinite ? self + 0 : 0 }
}
