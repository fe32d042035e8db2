// contract §4.1–§4.3: the three ways an app avoids the keyboard, for the field the request reveals
// (grown through `alsoReveal`, §4.5), with the keyboard covering `overlap` points of the container.
//
// Each mode also lists the overlaps at which its formulas bend or its `fits` flips (contract §11):
// the track's sweep (`TrackSweep.swift`) asks for them.

extension AvoidRequest {
  /// The mode's formulas (§4.1–§4.3) with `field` as the field and the keyboard covering `overlap`
  /// points: the layout and its `fits`.
  ///
  /// `covered` is `overlap > 0`, except along a track (§11), which also needs the layout just as
  /// the keyboard starts to cover the container: `covered` with `overlap` 0.
  @inline(__always)
  func layout(for field: Rect, overlap: Double, covered: Bool) -> (layout: AvoidAnswer.Layout, fits: Bool) {
    switch mode {
    case .translate:
      let result = translate(field, overlap: overlap, covered: covered)
      return (.translate(offset: result.offset), result.fits)
    case .scroll:
      let result = scrollView.reveal(
        ScrollTarget(min: field.minY, max: field.maxY + margin), overlap: overlap,
        revealsWithoutOverlap: covered)
      return (
        .scroll(
          contentOffset: result.contentOffset, contentInset: result.contentInset,
          scrollIndicatorInsets: result.contentInset),
        result.fits
      )
    case .resize:
      let result = resize(for: field, overlap: overlap)
      return (
        .resize(
          bottomInset: result.bottomInset, additionalSafeAreaInsets: result.additionalSafeAreaInsets,
          visible: result.visible),
        result.fits
      )
    }
  }

  /// contract §11: offers the overlaps at which the mode's formulas for `field` can bend or its
  /// `fits` can flip, while the keyboard covers more and more of the container.
  func offerThresholds(for field: Rect, to thresholds: inout TrackThresholds) {
    switch mode {
    case .translate:
      // need = field.maxY + margin - (container.height - overlap): where it turns positive (the
      // field starts to be covered) and where it reaches `room`.
      let covers = container.height - (field.maxY + margin)
      thresholds.offer(covers)
      thresholds.offer(covers + max(0, field.minY - safeArea.top))
    case .scroll:
      scrollView.offerThresholds(
        revealing: ScrollTarget(min: field.minY, max: field.maxY + margin), to: &thresholds)
    case .resize:
      // `additionalSafeAreaInsets` starts at `safeArea.bottom`; `fits` flips where the keyboard's top
      // passes the field's bottom and margin.
      thresholds.offer(safeArea.bottom)
      thresholds.offer(container.height - (field.maxY + margin))
    }
  }

  /// The scroll view of `scroll` mode (§4.2): the container, with the request's safe area, offset,
  /// size and inset (offset and size zero when absent: decoding requires them in `scroll`).
  var scrollView: ScrollView {
    ScrollView(
      height: container.height, safeArea: safeArea, contentOffset: contentOffset ?? .zero,
      contentSize: contentSize ?? .zero, contentInset: contentInset)
  }

  /// contract §4.1: the offset that shifts the container so `field` and the margin clear the
  /// keyboard's top (`container.height - overlap`), never past the field's top meeting
  /// `safeArea.top`.
  ///
  /// Nothing moves when the keyboard covers nothing (`covered` false) or the field is not covered.
  /// `fits` is false when the field is taller than the space left.
  @inline(__always)
  func translate(_ field: Rect, overlap: Double, covered: Bool) -> (offset: Point, fits: Bool) {
    if !covered { return (.zero, true) }
    let keyboardTop = container.height - overlap
    let need = field.maxY + margin - keyboardTop
    let room = max(0, field.minY - safeArea.top)
    let shift = need <= 0 ? 0 : min(need, room)
    let fits = need.isAtMost(room, scale: max(abs(field.maxY), abs(keyboardTop)))
    return (Point(x: 0, y: (-shift).normalized), fits)
  }

  /// contract §4.3: the container gives up its bottom `overlap` points.
  ///
  /// `additionalSafeAreaInsets` is what UIKit needs on top of the existing `safeArea.bottom`;
  /// `visible` is what is left, in container coordinates.
  func resize(
    for field: Rect, overlap: Double
  ) -> (bottomInset: Double, additionalSafeAreaInsets: Insets, visible: Rect, fits: Bool) {
    let keyboardTop = container.height - overlap
    let additional = Insets(bottom: max(0, overlap - safeArea.bottom)).normalized
    let visible = Rect(x: 0, y: 0, width: container.width, height: keyboardTop).normalized
    let fits = (field.maxY + margin).isAtMost(keyboardTop) && safeArea.top.isAtMost(field.minY)
    return (overlap.normalized, additional, visible, fits)
  }
}
