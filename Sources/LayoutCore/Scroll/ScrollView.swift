/// What a scroll view shows (contract §4.2, §5.1): a span of its content, from `min` to `max`,
/// in content coordinates.
package struct ScrollTarget {
  /// The span's top.
  package var min: Double
  /// The span's bottom.
  package var max: Double

  /// The span from `min` to `max`.
  package init(min: Double, max: Double) {
    self.min = min
    self.max = max
  }

  /// contract §5.1: the smallest scroll from `y` that shows the span in the viewport
  /// `[y + top, y + bottomEdge]`.
  ///
  /// A span taller than the viewport (every span of positive height when the viewport is empty)
  /// gets its top aligned.
  package func reveal(from y: Double, top: Double, bottomEdge: Double) -> Double {
    if max - min > bottomEdge - top { return min - top }
    if max > y + bottomEdge { return max - bottomEdge }
    if min < y + top { return min - top }
    return y
  }
}

/// A scroll view as contract §4.2 reads it: its height, its safe-area insets (what UIKit adds to
/// its adjusted content inset), its content offset, size and own content inset. The `scroll` mode
/// of `/avoid`, `/caret-follow`'s text view and `/sheet`'s scroll view are each one.
package struct ScrollView {
  package var height: Double
  package var safeArea: Insets
  package var contentOffset: Point
  package var contentSize: Size
  package var contentInset: Insets

  /// contract §4.2: the content offset and inset that show `target` above the keyboard, which
  /// covers `overlap` points of the scroll view's bottom.
  ///
  /// The content inset grows by `max(0, overlap - safeArea.bottom)` (the scroll indicators' insets
  /// equal it); the offset is revealed (§5.1) only when `overlap > 0` or `revealsWithoutOverlap`
  /// (caret-follow, §5), then clamped into the range the adjusted insets allow. `fits` tells
  /// whether `target` lies inside the viewport after the clamp.
  package func reveal(
    _ target: ScrollTarget, overlap: Double, revealsWithoutOverlap: Bool = false
  ) -> (contentOffset: Point, contentInset: Insets, fits: Bool) {
    var insets = contentInset
    insets.bottom += Swift.max(0, overlap - safeArea.bottom)
    insets = insets.normalized
    let top = contentInset.top + safeArea.top
    let bottom = contentInset.bottom + Swift.max(overlap, safeArea.bottom)
    let bottomEdge = height - bottom
    let y =
      overlap > 0 || revealsWithoutOverlap
      ? target.reveal(from: contentOffset.y, top: top, bottomEdge: bottomEdge)
      : contentOffset.y
    let minY = -top
    let maxY = Swift.max(minY, contentSize.height + bottom - height)
    let clamped = Swift.min(Swift.max(y, minY), maxY)
    // Compared in §5.1's own terms, `target.min - top` and `target.max - bottomEdge`: a target
    // it has just aligned with an edge lies at the offset exactly. The slack scales with where
    // the target is, not only with the offset: unscrolled, a target a million points down is
    // compared with an edge as far down.
    let scale = Swift.max(abs(target.min), abs(target.max))
    let fits =
      clamped.isAtMost(target.min - top, scale: scale)
      && (target.max - bottomEdge).isAtMost(clamped, scale: scale)
    return (Point(x: contentOffset.x, y: clamped).normalized, insets, fits)
  }

  /// contract §11: offers the overlaps at which `reveal(_:overlap:)` for `target` (revealed) bends
  /// or its `fits` flips.
  ///
  /// Every comparison §4.2 and §5.1 make is between `bottom = contentInset.bottom +
  /// max(overlap, safeArea.bottom)` and a constant, or between constants: where `bottom` starts
  /// to grow (`overlap = safeArea.bottom`, also where the keyboard inset starts) and where it meets
  /// each of those constants.
  func offerThresholds(revealing target: ScrollTarget, to thresholds: inout TrackThresholds) {
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
