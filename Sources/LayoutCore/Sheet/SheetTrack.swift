// contract §11 applied to §14: the sheet along the keyboard's way in.
//
// Every member is a function of the overlap alone: the floor falls point for point once the
// keyboard passes the home indicator's inset, the height follows the floor once the ceiling cuts
// the sheet (slopes in {-1, 0}), and with a field the scroll view's viewport is the height less the
// header, so its offset bends where §4.2's comparisons, made against that viewport, turn. What the
// sheet wants changes only where the keyboard starts to cover the container (`extend`,
// `fillParent`), and the field is revealed from there on: the track's jumps.

extension SheetRequest: TrackedLayout {
  /// Nothing changes target along the way: every member follows the overlap.
  typealias Target = Void

  /// contract §11: the track of `answer`, this request's answer; the answer at each height keeps the
  /// request's detent and the scroll view's offset.
  package func track(of answer: SheetAnswer) -> KeyboardTrack {
    track(
      ending: (
        answer.keyboard.overlap,
        Self.trackMembers(
          sheetY: answer.sheet.y, sheetHeight: answer.sheet.height, contentOffset: answer.contentOffset)
      ))
  }

  /// The members a sheet's track carries besides `keyboardHeight` and `overlap` (contract §14):
  /// `sheetY` and `sheetHeight`, and `contentOffsetY` with a field.
  static func trackMembers(sheetY: Double, sheetHeight: Double, contentOffset: Point?) -> NumberMembers {
    guard let contentOffset else { return NumberMembers("sheetY", sheetY, "sheetHeight", sheetHeight) }
    return NumberMembers("sheetY", sheetY, "sheetHeight", sheetHeight, "contentOffsetY", contentOffset.y)
  }

  func trackTarget(overlap: Double, covered: Bool, thresholds: inout TrackThresholds) {
    offerThresholds(to: &thresholds)
  }

  func trackMembers(revealing _: Void, overlap: Double, covered: Bool) -> NumberMembers {
    let layout = layout(overlap: overlap, covered: covered)
    return Self.trackMembers(
      sheetY: layout.top, sheetHeight: layout.height, contentOffset: layout.scroll?.contentOffset)
  }

  /// contract §11: offers the overlaps at which a member of §14 may bend while the keyboard covers
  /// more and more of the container.
  ///
  /// The floor starts to fall at `safeArea.bottom`; the height is the detent until the floor
  /// meets the ceiling plus what is wanted, then falls with the floor to 0 at the ceiling. With a
  /// field, every comparison §4.2 and §5.1 make is between the scroll view's viewport
  /// `V = max(0, height - header)` and a constant: each is offered where the height reaches that
  /// constant plus the header.
  func offerThresholds(to thresholds: inout TrackThresholds) {
    thresholds.offer(safeArea.bottom)
    let ceiling = safeArea.top + topInset
    // The overlap at which the floor, falling past the home indicator, leaves room for `height`
    // above the ceiling.
    func offer(height: Double) {
      thresholds.offer(container.height - ceiling - height)
    }
    offer(height: 0)
    offer(height: detents[detent])
    offer(height: detents.tallest)
    guard let field else { return }
    offer(height: header)
    let top = contentInset.top
    let bottom = contentInset.bottom
    let target = (min: field.minY, max: field.maxY + margin)
    let y = contentOffset?.y ?? 0
    let content = contentSize?.height ?? 0
    // The viewports at which §4.2 turns, as `scrollThresholds` lists them for a fixed container.
    for viewport in [
      top + bottom + (target.max - target.min), target.max - y + bottom, content + bottom + top,
      target.max + bottom + top, content + bottom + top - target.min, content + bottom - y,
    ] where viewport > 0 {
      offer(height: viewport + header)
    }
  }
}

extension SheetAnswer {
  /// A track carries a sheet's members, with `contentOffsetY` when the answer has a field's offset
  /// (contract §14).
  public func checkRead() throws {
    try track?.check(
      carries: [SheetRequest.trackMembers(sheetY: 0, sheetHeight: 0, contentOffset: contentOffset).nameList])
  }
}
