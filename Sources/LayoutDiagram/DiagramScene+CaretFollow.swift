import LayoutCore

extension DiagramScene {
  /// The scene of a `POST /caret-follow` answer.
  init(_ request: CaretFollowRequest, _ answer: CaretFollowAnswer) {
    let textView = request.textView
    let screen = request.screen ?? textView
    let keyboard = Self.keyboard(
      request.keyboard.frame(on: screen), answer.keyboard, undocked: request.undocked)
    let overlap = answer.keyboard.overlap
    let safeArea = Self.safeArea(request.safeArea, of: textView)
    let caret = Rect(
      x: request.caret.x, y: request.caret.y, width: request.caret.width,
      height: max(request.caret.height, request.lineHeight))
    let start = request.contentOffset
    let end = answer.contentOffset
    let caretBefore = caret.offsetBy(textView.x - start.x, textView.y - start.y)
    let caretAfter = caret.offsetBy(textView.x - end.x, textView.y - end.y)
    let back = [DiagramShape("container", .container, textView)] + safeArea
    let front = [keyboard, Self.keyboardTop(textView, overlap: overlap)].compactMap { $0 }

    self.init(
      title: "POST /caret-follow",
      bounds: Self.bounds(screen: request.screen, container: textView),
      before: DiagramPanel(
        name: "before", caption: "before · contentOffset.y \(start.y.diagramText)",
        shapes: back + [
          DiagramShape(
            "caret", .caret, caretBefore, label: "caret y \((caretBefore.y - textView.y).diagramText)")
        ] + front),
      after: DiagramPanel(
        name: "after", caption: "after · contentOffset.y \(end.y.diagramText)",
        shapes: back + [
          DiagramShape("caret-before", .ghost, caretBefore),
          DiagramShape(
            "caret", .caret, caretAfter, label: "caret y \((caretAfter.y - textView.y).diagramText)",
            warns: !answer.caretVisible),
        ] + front),
      summary: [
        Self.keyboardSummary(answer.keyboard, containerHeight: textView.height),
        "contentOffset \(Self.text(start)) → \(Self.text(end)) · changed \(answer.changed)",
        "contentInset.bottom \(answer.contentInset.bottom.diagramText) · caretVisible \(answer.caretVisible)",
      ])
  }
}
