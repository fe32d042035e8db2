// contract §11 applied to §12: the chat answer along the keyboard's way in.
//
// Every member is a function of the overlap alone, continuous and piecewise linear with slopes in
// {-1, 0, 1}: the composer's rise grows point for point once the keyboard's top passes the
// composer's bottom, `newInset` once the composer's top passes the list's bottom (and its safe
// area), and the offset and the inset follow `newInset`. So the sweep of `TrackSweep.swift` runs with
// no target to change, and the overlaps at which a member may bend are where `newInset` reaches
// each value at which one of §12's comparisons turns. The track jumps only where the overlap does.

extension ChatRequest: TrackedLayout {
  /// Nothing changes target along the way: every member follows the overlap.
  typealias Target = Void

  /// contract §11: the track of `answer`, this request's answer; the answer at each height keeps the
  /// request's `keyboardInset` (or its inset at rest) and `contentOffset`.
  package func track(of answer: ChatAnswer) -> KeyboardTrack {
    track(
      ending: (
        answer.keyboard.overlap,
        Self.trackMembers(
          inverted: inverted, composerOffsetY: answer.composerOffset.y, keyboardInset: answer.keyboardInset,
          contentOffset: answer.contentOffset, contentInset: answer.contentInset)
      ))
  }

  /// The members a chat's track carries besides `keyboardHeight` and `overlap` (contract §12):
  /// `composerOffsetY`, `keyboardInset`, `contentOffsetY`, and `contentInsetBottom`
  /// (`contentInsetTop` when inverted, the edge the inset is added to).
  static func trackMembers(
    inverted: Bool, composerOffsetY: Double, keyboardInset: Double, contentOffset: Point, contentInset: Insets
  ) -> NumberMembers {
    inverted
      ? NumberMembers(
        "composerOffsetY", composerOffsetY, "keyboardInset", keyboardInset, "contentOffsetY", contentOffset.y,
        "contentInsetTop", contentInset.top)
      : NumberMembers(
        "composerOffsetY", composerOffsetY, "keyboardInset", keyboardInset, "contentOffsetY", contentOffset.y,
        "contentInsetBottom", contentInset.bottom)
  }

  func trackTarget(overlap: Double, covered: Bool, thresholds: inout TrackThresholds) {
    offerThresholds(to: &thresholds)
  }

  func trackMembers(revealing _: Void, overlap: Double, covered: Bool) -> NumberMembers {
    let layout = layout(overlap: overlap)
    return Self.trackMembers(
      inverted: inverted, composerOffsetY: (-layout.rise).normalized, keyboardInset: layout.keyboardInset,
      contentOffset: layout.contentOffset, contentInset: layout.contentInset)
  }

  /// contract §11: offers the overlaps at which a member of §12 may bend while the keyboard covers
  /// more and more of the container.
  ///
  /// `rise` starts where the keyboard's top reaches the composer's bottom, and from there
  /// `newInset = max(0, base + rise)` (`covered` and the safe area, ≥ 0, in one `max`); every other
  /// comparison §12 makes is between `newInset` and a constant: where the new end leaves the
  /// smallest offset (the largest, inverted), where it passes the offset sent, where `d` turns
  /// positive, and where the moved offset reaches the end of the range it is clamped into.
  func offerThresholds(to thresholds: inout TrackThresholds) {
    let rises = container.height - composer.maxY
    thresholds.offer(rises)
    let base = list.maxY - composer.minY - keyboardSideSafeArea
    func offer(inset: Double) {
      let rise = inset - base
      if rise > 0 { thresholds.offer(rises + rise) }
    }
    offer(inset: 0)
    let k = currentKeyboardInset
    let y = contentOffset.y
    let height = list.height
    let content = contentSize.height
    offer(inset: k)
    if inverted {
      let top = contentInset.top + safeArea.top
      let farEnd = content + contentInset.bottom + safeArea.bottom - height
      // end = -(top + newInset) meets the content's far end, passes y, and y - d reaches the far end.
      offer(inset: -farEnd - top)
      offer(inset: -y - top)
      offer(inset: y + k - farEnd)
    } else {
      let minY = -(contentInset.top + safeArea.top)
      let bottom = contentInset.bottom + safeArea.bottom
      // end = content + bottom + newInset - height leaves minY and passes y; y + d reaches minY.
      offer(inset: minY + height - content - bottom)
      offer(inset: y + height - content - bottom)
      offer(inset: k + minY - y)
    }
  }
}

extension ChatAnswer {
  /// A track carries a chat's members, inverted or not (contract §12).
  public func checkRead() throws {
    try track?.check(
      carries: [false, true].map {
        ChatRequest.trackMembers(
          inverted: $0, composerOffsetY: 0, keyboardInset: 0, contentOffset: .zero, contentInset: .zero
        ).nameList
      })
  }
}
