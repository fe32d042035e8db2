extension KeyboardLayout {
  /// SPEC §4.2: the content offset and insets that make a scroll view show `target`
  /// (content coordinates) above the keyboard.
  ///
  /// `containerHeight` is the scroll view's height and `safeArea` its safe-area insets. The
  /// content inset grows by `max(0, overlap - safeArea.bottom)`; the offset is `reveal`ed
  /// (§5.1) only when `overlap > 0` or `revealsWithoutOverlap` (caret-follow, §5), then clamped
  /// into the range the adjusted insets allow. `fits` tells whether `target` lies inside the
  /// viewport after the clamp.
  public static func scroll(
    target: (min: Double, max: Double), containerHeight: Double, overlap: Double, safeArea: Insets,
    contentOffset: Point, contentSize: Size, contentInset: Insets, revealsWithoutOverlap: Bool = false
  ) -> (contentOffset: Point, contentInset: Insets, scrollIndicatorInsets: Insets, fits: Bool) {
    var insets = contentInset
    insets.bottom += max(0, overlap - safeArea.bottom)
    insets = insets.normalized
    let top = contentInset.top + safeArea.top
    let bottom = contentInset.bottom + max(overlap, safeArea.bottom)
    let height = containerHeight
    let y =
      overlap > 0 || revealsWithoutOverlap
      ? reveal(target, y: contentOffset.y, top: top, bottomEdge: height - bottom)
      : contentOffset.y
    let minY = -top
    let maxY = max(minY, contentSize.height + bottom - height)
    let clamped = min(max(y, minY), maxY)
    let fits = target.min >= clamped + top && target.max <= clamped + height - bottom
    return (Point(x: contentOffset.x, y: clamped).normalized, insets, insets, fits)
  }
}
