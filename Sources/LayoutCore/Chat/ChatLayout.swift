// contract §12: the formulas of a chat screen.
//
// The keyboard enters only through its overlap: the composer rides on the keyboard's top, the list
// gets an inset for what the composer (and the keyboard below it) covers of it, and its offset
// moves by the change of that inset as `lift` says, clamped into the range the new inset allows.

extension ChatRequest {
  /// `s`: the list's safe-area inset on its keyboard side, `safeArea.bottom` (`top` when inverted).
  var keyboardSideSafeArea: Double { inverted ? safeArea.top : safeArea.bottom }

  /// The `keyboardInset` the list has now: the one sent, else the inset at rest — what this
  /// request answers with the keyboard hidden (0 for a list that ends above the composer, the part
  /// behind the composer for one that runs under it).
  var currentKeyboardInset: Double {
    keyboardInset ?? inset(keyboardTop: container.height).newInset
  }

  /// The whole §12 layout with the keyboard covering `overlap` points of the container: the
  /// composer's rise, the new `keyboardInset`, the list's offset and inset, and `atEnd`.
  func layout(
    overlap: Double
  ) -> (rise: Double, keyboardInset: Double, contentOffset: Point, contentInset: Insets, atEnd: Bool) {
    let inset = inset(keyboardTop: container.height - overlap)
    let scroll = scroll(newInset: inset.newInset)
    return (inset.rise, inset.newInset, scroll.contentOffset, scroll.contentInset, scroll.atEnd)
  }

  /// contract §12: how far the composer rises to sit on the keyboard's top (`rise`), and the
  /// list's inset for the points the composer and the keyboard below it cover of its bottom,
  /// beyond its safe-area inset on that side (`newInset`).
  ///
  /// Only `y` and `height` of `list` and `composer` matter; both are normalized.
  func inset(keyboardTop: Double) -> (rise: Double, newInset: Double) {
    let rise = max(0, composer.maxY - keyboardTop)
    let covered = max(0, list.maxY - (composer.minY - rise))
    return (rise.normalized, max(0, covered - keyboardSideSafeArea).normalized)
  }

  /// contract §12: the list's content offset and inset once the part of its inset this service
  /// adds changes from `currentKeyboardInset` to `newInset`, and whether it was at its newest end
  /// before.
  ///
  /// The newest end is the content's bottom, or its top when `inverted`; the offset moves by the
  /// change `d = newInset - keyboardInset` (against it when inverted) as `lift` says, then is
  /// clamped into the range the new inset allows. `atEnd` compares as every `fits` does (contract
  /// §10): an offset a previous answer left at the end counts as there, whatever the rounding of
  /// the sums on either side.
  func scroll(newInset: Double) -> (contentOffset: Point, contentInset: Insets, atEnd: Bool) {
    let keyboardInset = currentKeyboardInset
    let listHeight = list.height
    let y = contentOffset.y
    let d = newInset - keyboardInset
    var insets = contentInset
    // The offset `always` moves to, the one that shows the newest end, the range, and `atEnd`.
    let moved: Double
    let end: Double
    let range: (min: Double, max: Double)
    let atEnd: Bool
    if inverted {
      let end0 = -(contentInset.top + keyboardInset + safeArea.top)
      end = -(contentInset.top + newInset + safeArea.top)
      let bottom = contentInset.bottom + safeArea.bottom
      range = (end, max(end, contentSize.height + bottom - listHeight))
      atEnd = y.isAtMost(end0 + endThreshold, scale: max(abs(end0), endThreshold))
      moved = y - d
      insets.top += newInset
    } else {
      let minY = -(contentInset.top + safeArea.top)
      let bottom0 = contentInset.bottom + keyboardInset + safeArea.bottom
      let bottom = contentInset.bottom + newInset + safeArea.bottom
      let end0 = max(minY, contentSize.height + bottom0 - listHeight)
      end = max(minY, contentSize.height + bottom - listHeight)
      range = (minY, end)
      atEnd = (end0 - endThreshold).isAtMost(y, scale: max(abs(end0), endThreshold))
      moved = y + d
      insets.bottom += newInset
    }
    let lifted =
      switch lift {
      case .always: moved
      case .whenAtEnd: atEnd ? end : y
      case .persistent: d > 0 ? moved : y
      case .never: y
      }
    let clamped = min(max(lifted, range.min), range.max)
    return (Point(x: contentOffset.x, y: clamped).normalized, insets.normalized, atEnd)
  }
}
