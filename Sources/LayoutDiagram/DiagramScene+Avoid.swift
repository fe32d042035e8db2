import LayoutCore

extension DiagramScene {
  /// The scene of a `POST /avoid` answer.
  init(_ request: AvoidRequest, _ answer: AvoidAnswer) {
    let container = request.container
    let screen = request.screen ?? container
    let keyboard = Self.keyboard(
      request.keyboard.frame(on: screen), answer.keyboard, undocked: request.undocked)
    let overlap = answer.keyboard.overlap
    let safeArea = Self.safeArea(request.safeArea, of: container)
    // Behind every panel's shapes: the container and its safe area; in front: the keyboard.
    let back = [DiagramShape("container", .container, container)] + safeArea
    let front = [keyboard, Self.keyboardTop(container, overlap: overlap)].compactMap { $0 }
    // Before the layout, for the modes that keep the field where it is in the container.
    let unmoved = DiagramPanel(
      name: "before", caption: "before",
      shapes: back + [
        DiagramShape(
          "field", .field, request.field.offsetBy(container.x, container.y),
          label: "field y \(request.field.y.diagramText)")
      ] + front)
    var summary = [Self.keyboardSummary(answer.keyboard, containerHeight: container.height)]
    let before: DiagramPanel
    let after: DiagramPanel

    switch answer.layout {
    case .translate(let offset):
      let field = request.field.offsetBy(container.x, container.y)
      let moved = field.offsetBy(offset.x, offset.y)
      before = unmoved
      after = DiagramPanel(
        name: "after", caption: "after · offset.y \(offset.y.diagramText)",
        shapes: [DiagramShape("container", .container, container.offsetBy(offset.x, offset.y))]
          + safeArea + [
            DiagramShape("field-before", .ghost, field),
            DiagramShape(
              "field", .field, moved, label: "field y \((request.field.y + offset.y).diagramText)",
              warns: !answer.fits),
          ] + front)
      summary.append("offset \(Self.text(offset)) · fits \(answer.fits)")

    case .scroll(let contentOffset, let contentInset, _):
      let start = request.contentOffset ?? .zero
      let field = request.field.offsetBy(container.x - start.x, container.y - start.y)
      let scrolled = request.field.offsetBy(
        container.x - contentOffset.x, container.y - contentOffset.y)
      before = DiagramPanel(
        name: "before", caption: "before · contentOffset.y \(start.y.diagramText)",
        shapes: back + [
          DiagramShape("field", .field, field, label: "field y \((field.y - container.y).diagramText)")
        ] + front)
      after = DiagramPanel(
        name: "after", caption: "after · contentOffset.y \(contentOffset.y.diagramText)",
        shapes: back + [
          DiagramShape("field-before", .ghost, field),
          DiagramShape(
            "field", .field, scrolled, label: "field y \((scrolled.y - container.y).diagramText)",
            warns: !answer.fits),
        ] + front)
      summary.append(
        "contentOffset \(Self.text(start)) → \(Self.text(contentOffset)) · fits \(answer.fits)")
      summary.append("contentInset.bottom \(contentInset.bottom.diagramText) (scroll indicators too)")

    case .resize(let bottomInset, let additionalSafeAreaInsets, let visible):
      let field = request.field.offsetBy(container.x, container.y)
      let shown = visible.offsetBy(container.x, container.y)
      let givenUp = Rect(
        x: container.x, y: shown.maxY, width: container.width, height: max(0, container.maxY - shown.maxY))
      before = unmoved
      after = DiagramPanel(
        name: "after", caption: "after · bottomInset \(bottomInset.diagramText)",
        shapes: back + [
          DiagramShape("given-up", .givenUp, givenUp),
          DiagramShape(
            "visible", .visible, shown,
            label: "visible \(visible.width.diagramText)×\(visible.height.diagramText)"),
          DiagramShape(
            "field", .field, field, label: "field y \(request.field.y.diagramText)", warns: !answer.fits),
        ] + [keyboard, Self.keyboardTop(container, overlap: overlap, labelled: false)].compactMap { $0 })
      summary.append(
        "bottomInset \(bottomInset.diagramText) · additionalSafeAreaInsets.bottom "
          + additionalSafeAreaInsets.bottom.diagramText)
      summary.append(
        "visible \(visible.width.diagramText)×\(visible.height.diagramText) · fits \(answer.fits)")
    }

    if let animation = answer.animation {
      summary.append("animation \(animation.duration.diagramText) s · \(animation.timingFunction)")
    }
    self.init(
      title: "POST /avoid · \(answer.mode.rawValue)",
      bounds: Self.bounds(screen: request.screen, container: container),
      before: before, after: after, summary: summary)
  }
}
