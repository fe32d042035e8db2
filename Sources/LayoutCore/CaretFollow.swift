/// `POST /caret-follow` (SPEC §5): the §4.2 scroll with the text view as container and the
/// caret, grown to `lineHeight` and padded by `margin`, as target — revealed whatever the
/// overlap.
public func caretFollow(_ request: CaretFollowRequest) -> CaretFollowAnswer {
  let keyboard = KeyboardLayout.keyboard(
    request.keyboard, container: request.textView, screen: request.screen, undocked: request.undocked)
  let caret = request.caret
  let caretMaxY = caret.minY + max(caret.height, request.lineHeight)
  let result = KeyboardLayout.scroll(
    target: (caret.minY - request.margin, caretMaxY + request.margin),
    containerHeight: request.textView.height, overlap: keyboard.overlap, safeArea: request.safeArea,
    contentOffset: request.contentOffset, contentSize: request.contentSize,
    contentInset: request.contentInset, revealsWithoutOverlap: true)
  return CaretFollowAnswer(
    keyboard: keyboard, contentOffset: result.contentOffset, contentInset: result.contentInset,
    scrollIndicatorInsets: result.scrollIndicatorInsets,
    changed: result.contentOffset != request.contentOffset,
    caretVisible: result.fits)
}
