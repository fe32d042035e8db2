import LayoutCore

extension DiagramScene {
  /// The scene of a `POST /chat` answer: the container, the message list with its newest end,
  /// the composer where it rests and where it rides, and the keyboard.
  init(_ request: ChatRequest, _ answer: ChatAnswer) {
    let (container, screen, keyboard) = Self.keyboard(of: request, answer.keyboard)
    let list = request.list.offsetBy(container.x, container.y)
    let composer = request.composer.offsetBy(container.x, container.y)
    let lifted = composer.offsetBy(answer.composerOffset.x, answer.composerOffset.y)
    let back = [
      DiagramShape("container", .container, container),
      DiagramShape("list", .list, list, label: "list"),
    ]
    let front = [keyboard].compactMap { $0 }
    let start = request.contentOffset
    let end = answer.contentOffset
    let inset = request.inverted ? answer.contentInset.top : answer.contentInset.bottom
    self.init(
      title: "POST /chat · lift \(request.lift.rawValue)\(request.inverted ? " · inverted" : "")",
      bounds: Self.bounds(screen: screen, container: container),
      before: DiagramPanel(
        name: "before", caption: "before · contentOffset.y \(start.y.diagramText)",
        shapes: back + [
          DiagramShape("composer", .composer, composer, label: "composer y \(request.composer.y.diagramText)")
        ] + front),
      after: DiagramPanel(
        name: "after", caption: "after · contentOffset.y \(end.y.diagramText)",
        shapes: back + [
          DiagramShape("composer-before", .ghost, composer),
          DiagramShape(
            "composer", .composer, lifted,
            label: "composer y \((request.composer.y + answer.composerOffset.y).diagramText)"),
        ] + front),
      summary: [
        Self.keyboardSummary(answer.keyboard, containerHeight: container.height),
        "composerOffset \(Self.text(answer.composerOffset)) · keyboardInset \(answer.keyboardInset.diagramText)",
        "contentOffset \(Self.text(start)) → \(Self.text(end)) · atEnd \(answer.atEnd)",
        "contentInset.\(request.inverted ? "top" : "bottom") \(inset.diagramText) (scroll indicators too)",
      ])
  }
}
