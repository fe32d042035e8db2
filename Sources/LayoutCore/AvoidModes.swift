extension KeyboardLayout {
  /// contract §4.1: the offset that shifts the container so the field and its margin clear the
  /// keyboard, never past the field's top meeting `safeArea.top`.
  ///
  /// `keyboardTop` is `container.height - overlap`; nothing moves when `overlap` is 0 or the
  /// field is not covered. `fits` is false when the field is taller than the space left.
  static func translate(
    field: Rect, overlap: Double, keyboardTop: Double, margin: Double, safeArea: Insets
  ) -> (offset: Point, fits: Bool) {
    translate(
      field: field, covered: overlap != 0, keyboardTop: keyboardTop, margin: margin, safeArea: safeArea)
  }

  /// contract §4.1 with `covered` telling whether the keyboard covers any of the container.
  @inline(__always)
  static func translate(
    field: Rect, covered: Bool, keyboardTop: Double, margin: Double, safeArea: Insets
  ) -> (offset: Point, fits: Bool) {
    if !covered { return (.zero, true) }
    let need = field.maxY + margin - keyboardTop
    let room = max(0, field.minY - safeArea.top)
    let shift = need <= 0 ? 0 : min(need, room)
    let fits = isAtMost(need, room, scale: max(abs(field.maxY), abs(keyboardTop)))
    return (Point(x: 0, y: (-shift).normalized), fits)
  }

  /// Whether `value ≤ limit` holds but for the rounding of the doubles both were computed with:
  /// how every `fits` (§4.1–§4.3, so §4.5's companions and §5's `caretVisible` too) compares.
  ///
  /// The formulas reach the two sides by different sums, so a side that is equal in exact
  /// arithmetic can come out a few units in the last place above the other: a target §5.1 has just
  /// aligned with the viewport's bottom edge would not "lie inside" it, and a companion that fits
  /// would be dropped. The slack is 2⁻³⁶ of the largest magnitude involved (`scale`, `value`,
  /// `limit`, at least 1): a 70-billionth, 1.5e-5 points at a million points, far below what
  /// a screen shows and far above the rounding of a few sums.
  @inline(__always)
  static func isAtMost(_ value: Double, _ limit: Double, scale: Double = 0) -> Bool {
    value <= limit || value - limit <= 0x1p-36 * max(1, scale, abs(value), abs(limit))
  }

  /// contract §11: the overlaps at which §4.1 for `field` bends or its `fits` flips: where `need`
  /// turns positive (the field starts to be covered) and where it reaches `room`.
  static func translateThresholds(
    field: Rect, containerHeight: Double, margin: Double, safeArea: Insets,
    to thresholds: inout TrackThresholds
  ) {
    // need = field.maxY + margin - (containerHeight - overlap)
    let covers = containerHeight - (field.maxY + margin)
    thresholds.offer(covers)
    thresholds.offer(covers + max(0, field.minY - safeArea.top))
  }
}

extension KeyboardLayout {
  /// contract §4.2: the content offset and insets that make a scroll view show `target`
  /// (content coordinates) above the keyboard.
  ///
  /// `containerHeight` is the scroll view's height and `safeArea` its safe-area insets. The
  /// content inset grows by `max(0, overlap - safeArea.bottom)`; the offset is `reveal`ed
  /// (§5.1) only when `overlap > 0` or `revealsWithoutOverlap` (caret-follow, §5), then clamped
  /// into the range the adjusted insets allow. `fits` tells whether `target` lies inside the
  /// viewport after the clamp.
  static func scroll(
    target: (min: Double, max: Double), containerHeight: Double, overlap: Double, safeArea: Insets,
    contentOffset: Point, contentSize: Size, contentInset: Insets, revealsWithoutOverlap: Bool = false
  ) -> (contentOffset: Point, contentInset: Insets, scrollIndicatorInsets: Insets, fits: Bool) {
    var insets = contentInset
    insets.bottom += max(0, overlap - safeArea.bottom)
    insets = insets.normalized
    let top = contentInset.top + safeArea.top
    let bottom = contentInset.bottom + max(overlap, safeArea.bottom)
    let height = containerHeight
    let bottomEdge = height - bottom
    let y =
      overlap > 0 || revealsWithoutOverlap
      ? reveal(target, y: contentOffset.y, top: top, bottomEdge: bottomEdge)
      : contentOffset.y
    let minY = -top
    let maxY = max(minY, contentSize.height + bottom - height)
    let clamped = min(max(y, minY), maxY)
    // Compared in §5.1's own terms, `target.min - top` and `target.max - bottomEdge`: a target
    // it has just aligned with an edge lies at the offset exactly. The slack scales with where
    // the target is, not only with the offset: unscrolled, a target a million points down is
    // compared with an edge as far down.
    let scale = max(abs(target.min), abs(target.max))
    let fits =
      isAtMost(clamped, target.min - top, scale: scale)
      && isAtMost(target.max - bottomEdge, clamped, scale: scale)
    return (Point(x: contentOffset.x, y: clamped).normalized, insets, insets, fits)
  }

  /// contract §11: the overlaps at which §4.2 for `target` (revealed) bends or its `fits` flips.
  ///
  /// Every comparison §4.2 and §5.1 make is between `bottom = contentInset.bottom +
  /// max(overlap, safeArea.bottom)` and a constant, or between constants: where `bottom` starts
  /// to grow (`overlap = safeArea.bottom`, also where the keyboard inset starts) and where it meets
  /// each of those constants.
  static func scrollThresholds(
    target: (min: Double, max: Double), containerHeight height: Double, safeArea: Insets,
    contentOffset: Point, contentSize: Size, contentInset: Insets, to thresholds: inout TrackThresholds
  ) {
    thresholds.offer(safeArea.bottom)
    func offer(bottom: Double) {
      let overlap = bottom - contentInset.bottom
      if overlap > safeArea.bottom { thresholds.offer(overlap) }
    }
    let top = contentInset.top + safeArea.top
    // The target becomes taller than the viewport (reveal case 1; fits of a revealed target).
    offer(bottom: height - top - (target.max - target.min))
    // It sticks out below the unmoved viewport (case 2; fits of an unmoved target).
    offer(bottom: height + contentOffset.y - target.max)
    // The largest offset leaves the smallest one.
    offer(bottom: height - top - contentSize.height)
    // The revealed offset (case 2) reaches the smallest offset.
    offer(bottom: height - top - target.max)
    // The largest offset reaches the offset that aligns the target's top, and the unmoved one.
    offer(bottom: height - top + target.min - contentSize.height)
    offer(bottom: height + contentOffset.y - contentSize.height)
  }
}

extension KeyboardLayout {
  /// contract §4.3: the container gives up its bottom `overlap` points.
  ///
  /// `additionalSafeAreaInsets` is what UIKit needs on top of the existing `safeArea.bottom`;
  /// `visible` is what is left, in container coordinates.
  static func resize(
    field: Rect, container: Rect, overlap: Double, margin: Double, safeArea: Insets
  ) -> (bottomInset: Double, additionalSafeAreaInsets: Insets, visible: Rect, fits: Bool) {
    let keyboardTop = container.height - overlap
    let additional = Insets(bottom: max(0, overlap - safeArea.bottom)).normalized
    let visible = Rect(x: 0, y: 0, width: container.width, height: keyboardTop).normalized
    let fits = isAtMost(field.maxY + margin, keyboardTop) && isAtMost(safeArea.top, field.minY)
    return (overlap.normalized, additional, visible, fits)
  }

  /// contract §11: the overlaps at which §4.3 bends (`additionalSafeAreaInsets` starts at
  /// `safeArea.bottom`) or its `fits` for `field` flips.
  static func resizeThresholds(
    field: Rect, containerHeight: Double, margin: Double, safeArea: Insets,
    to thresholds: inout TrackThresholds
  ) {
    thresholds.offer(safeArea.bottom)
    thresholds.offer(containerHeight - (field.maxY + margin))
  }
}
