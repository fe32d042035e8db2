import LayoutCore

extension DiagramScene {
  /// The part of the screen a diagram shows: the screen and the container.
  static func bounds(screen: Rect?, container: Rect) -> Rect {
    (screen ?? container).union(container)
  }

  /// The container's safe-area bands, one per edge with a positive inset.
  static func safeArea(_ insets: Insets, of container: Rect) -> [DiagramShape] {
    var bands: [DiagramShape] = []
    let top = min(insets.top, container.height)
    let bottom = min(insets.bottom, container.height)
    if top > 0 {
      bands.append(
        DiagramShape(
          "safe-area-top", .safeArea,
          Rect(x: container.x, y: container.y, width: container.width, height: top),
          label: "safe area \(insets.top.diagramText)"))
    }
    if bottom > 0 {
      bands.append(
        DiagramShape(
          "safe-area-bottom", .safeArea,
          Rect(x: container.x, y: container.maxY - bottom, width: container.width, height: bottom)))
    }
    if insets.left > 0 {
      bands.append(
        DiagramShape(
          "safe-area-left", .safeArea,
          Rect(
            x: container.x, y: container.y, width: min(insets.left, container.width),
            height: container.height)))
    }
    if insets.right > 0 {
      let right = min(insets.right, container.width)
      bands.append(
        DiagramShape(
          "safe-area-right", .safeArea,
          Rect(x: container.maxX - right, y: container.y, width: right, height: container.height)))
    }
    return bands
  }

  /// The keyboard as the request sent it (nil when hidden), labelled with its state and
  /// overlap; drawn faded when it is an undocked keyboard the request ignores.
  static func keyboard(
    _ frame: Rect?, _ answer: KeyboardAnswer, undocked: UndockedPolicy
  ) -> DiagramShape? {
    guard let frame, answer.state != .hidden else { return nil }
    let ignored = answer.state == .undocked && undocked == .ignore
    let label =
      ignored
      ? "keyboard undocked, ignored"
      : "keyboard \(answer.state.rawValue) · overlap \(answer.overlap.diagramText)"
    return DiagramShape("keyboard", ignored ? .ignoredKeyboard : .keyboard, frame, label: label)
  }

  /// The line `keyboardTop` across the container, when the keyboard covers some of it.
  static func keyboardTop(_ container: Rect, overlap: Double, labelled: Bool = true) -> DiagramShape? {
    guard overlap > 0 else { return nil }
    let keyboardTop = container.height - overlap
    return DiagramShape(
      "keyboard-top", .keyboardTop,
      Rect(x: container.x, y: container.y + keyboardTop, width: container.width, height: 0),
      label: labelled ? "keyboardTop \(keyboardTop.diagramText)" : nil)
  }

  /// The line that names the keyboard's state, overlap and top.
  static func keyboardSummary(_ keyboard: KeyboardAnswer, containerHeight: Double) -> String {
    var line = "keyboard \(keyboard.state.rawValue) · overlap \(keyboard.overlap.diagramText)"
    if keyboard.overlap > 0 {
      line += " · keyboardTop \((containerHeight - keyboard.overlap).diagramText)"
    }
    return line
  }

  /// `{x, y}` with the diagram's numbers.
  static func text(_ point: Point) -> String {
    "{\(point.x.diagramText), \(point.y.diagramText)}"
  }
}
