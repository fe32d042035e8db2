import LayoutCore

extension DiagramScene {
  /// The scene of a `POST /sheet` answer: the container and its safe area, the sheet where it
  /// rests with the keyboard hidden and where the answer puts it, its header and field, and the
  /// keyboard.
  init(_ request: SheetRequest, _ answer: SheetAnswer) {
    let (container, screen, keyboard) = Self.keyboard(of: request, answer.keyboard)
    let resting = request.detents[request.detent]
    let restingTop = container.height - request.safeArea.bottom - resting
    let before = Self.sheet(request, top: restingTop, height: resting, contentOffset: request.contentOffset)
    let after = Self.sheet(
      request, top: answer.sheet.y, height: answer.sheet.height, contentOffset: answer.contentOffset)
    let back =
      [DiagramShape("container", .container, container)] + Self.safeArea(request.safeArea, of: container)
    var summary = [
      Self.keyboardSummary(answer.keyboard, containerHeight: container.height),
      "sheet y \(answer.sheet.y.diagramText) · height \(answer.sheet.height.diagramText) · bottomInset \(answer.bottomInset.diagramText) · shrunk \(answer.shrunk)",
    ]
    if let offset = answer.contentOffset, let fits = answer.fits {
      summary.append(
        "contentOffset \(Self.text(request.contentOffset ?? .zero)) → \(Self.text(offset)) · fits \(fits)")
    }
    self.init(
      title: "POST /sheet · \(request.keyboardBehavior.rawValue)",
      bounds: Self.bounds(screen: screen, container: container),
      before: DiagramPanel(
        name: "before", caption: "before · detent \(resting.diagramText)", shapes: back + before),
      after: DiagramPanel(
        name: "after", caption: "after · height \(answer.sheet.height.diagramText)",
        shapes: back + after + [keyboard].compactMap { $0 }),
      summary: summary)
  }

  /// The sheet's content area from `top`, `height` tall (container coordinates), with its header
  /// line and the field where `contentOffset` scrolls it, clipped to the area.
  static func sheet(
    _ request: SheetRequest, top: Double, height: Double, contentOffset: Point?
  ) -> [DiagramShape] {
    let container = request.screenContainer
    let area = Rect(x: container.x, y: container.y + top, width: container.width, height: height)
    var shapes = [DiagramShape("sheet", .sheet, area, label: "sheet y \(top.diagramText)")]
    if request.header > 0 {
      shapes.append(
        DiagramShape(
          "header", .visible,
          Rect(x: area.x, y: area.y, width: area.width, height: min(request.header, height))))
    }
    if let field = request.field {
      let scrolled = (contentOffset ?? .zero).y
      let y = area.y + request.header + field.y - scrolled
      let clipped = max(area.y + request.header, min(y, area.maxY))
      let bottom = max(clipped, min(y + field.height, area.maxY))
      shapes.append(
        DiagramShape(
          "field", .field,
          Rect(x: container.x + field.x, y: clipped, width: field.width, height: bottom - clipped),
          label: "field"))
    }
    return shapes
  }
}
