extension KeyboardLayout {
  /// SPEC §5.1: the smallest scroll from `y` that shows `target` in the viewport
  /// `[y + top, y + bottomEdge]`.
  ///
  /// A target taller than the viewport (every target of positive height when the viewport is
  /// empty) gets its top aligned.
  public static func reveal(
    _ target: (min: Double, max: Double), y: Double, top: Double, bottomEdge: Double
  ) -> Double {
    if target.max - target.min > bottomEdge - top { return target.min - top }
    if target.max > y + bottomEdge { return target.max - bottomEdge }
    if target.min < y + top { return target.min - top }
    return y
  }
}
