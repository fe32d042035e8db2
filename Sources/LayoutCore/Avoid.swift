/// `POST /avoid` (SPEC §4): the keyboard (§3), the mode's layout (§4.1–§4.3) and the echoed
/// animation (§6).
public func avoid(_ request: AvoidRequest) -> AvoidAnswer {
  let keyboard = KeyboardLayout.keyboard(
    request.keyboard, container: request.container, screen: request.screen, undocked: request.undocked)
  let overlap = keyboard.overlap
  let layout: AvoidAnswer.Layout
  let fits: Bool
  switch request.mode {
  case .translate:
    let result = KeyboardLayout.translate(
      field: request.field, overlap: overlap, keyboardTop: request.container.height - overlap,
      margin: request.margin, safeArea: request.safeArea)
    layout = .translate(offset: result.offset)
    fits = result.fits
  case .scroll:
    let result = KeyboardLayout.scroll(
      target: (request.field.minY, request.field.maxY + request.margin),
      containerHeight: request.container.height, overlap: overlap, safeArea: request.safeArea,
      contentOffset: request.contentOffset ?? .zero, contentSize: request.contentSize ?? .zero,
      contentInset: request.contentInset)
    layout = .scroll(
      contentOffset: result.contentOffset, contentInset: result.contentInset,
      scrollIndicatorInsets: result.scrollIndicatorInsets)
    fits = result.fits
  case .resize:
    let result = KeyboardLayout.resize(
      field: request.field, container: request.container, overlap: overlap, margin: request.margin,
      safeArea: request.safeArea)
    layout = .resize(
      bottomInset: result.bottomInset, additionalSafeAreaInsets: result.additionalSafeAreaInsets,
      visible: result.visible)
    fits = result.fits
  }
  return AvoidAnswer(
    keyboard: keyboard, layout: layout, fits: fits, animation: request.animation.map(KeyboardLayout.animation)
  )
}
