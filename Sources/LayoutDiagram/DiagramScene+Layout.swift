import LayoutCore

extension DiagramScene {
  /// The scene of a `POST /avoid` answer.
  init(_ request: AvoidRequest, _ answer: AvoidAnswer) {
    let (container, screen, keyboard) = Self.keyboard(of: request, answer.keyboard)
    let overlap = answer.keyboard.overlap
    let safeArea = Self.safeArea(request.safeArea, of: container)
    /// The `alsoReveal` rects moved by `dx`, `dy`; after the layout, marked by whether they
    /// were revealed.
    func companions(_ dx: Double, _ dy: Double, after: Bool) -> [DiagramShape] {
      Self.alsoReveal(request.alsoReveal, answer.alsoRevealed, dx, dy, after: after)
    }
    // Behind every panel's shapes: the container and its safe area; in front: the keyboard.
    let back = [DiagramShape("container", .container, container)] + safeArea
    let front = [keyboard, Self.keyboardTop(container, overlap: overlap)].compactMap { $0 }
    // Before the layout, for the modes that keep the field where it is in the container.
    let unmoved = DiagramPanel(
      name: "before", caption: "before",
      shapes: back + companions(container.x, container.y, after: false) + [
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
          + safeArea + companions(container.x + offset.x, container.y + offset.y, after: true) + [
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
        shapes: back + companions(container.x - start.x, container.y - start.y, after: false) + [
          DiagramShape("field", .field, field, label: "field y \((field.y - container.y).diagramText)")
        ] + front)
      after = DiagramPanel(
        name: "after", caption: "after · contentOffset.y \(contentOffset.y.diagramText)",
        shapes: back + companions(container.x - contentOffset.x, container.y - contentOffset.y, after: true)
          + [
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
        ] + companions(container.x, container.y, after: true) + [
          DiagramShape(
            "field", .field, field, label: "field y \(request.field.y.diagramText)", warns: !answer.fits)
        ] + [keyboard, Self.keyboardTop(container, overlap: overlap, labelled: false)].compactMap { $0 })
      summary.append(
        "bottomInset \(bottomInset.diagramText) · additionalSafeAreaInsets.bottom "
          + additionalSafeAreaInsets.bottom.diagramText)
      summary.append(
        "visible \(visible.width.diagramText)×\(visible.height.diagramText) · fits \(answer.fits)")
    }

    if let alsoRevealed = answer.alsoRevealed {
      summary.append("alsoRevealed [\(alsoRevealed.map(String.init).joined(separator: ", "))]")
    }
    if let animation = answer.animation {
      // The motion's real duration (contract §6): curve 7 moves for 0.5 s whatever it was handed;
      // Android's (§6.1) has no duration of its own.
      let easing = animation.curve == 7 ? "keyboard spring" : animation.easing
      let handed = animation.duration.map { "\($0.diagramText) s" } ?? "android"
      summary.append(
        "animation \(handed) · moves \(animation.motionDuration.diagramText) s · \(easing)")
    }
    self.init(
      title: "POST /avoid · \(answer.mode.rawValue)",
      bounds: Self.bounds(screen: screen, container: container),
      before: before, after: after, summary: summary)
  }
}

extension DiagramScene {
  /// The scene of a `POST /caret-follow` answer.
  init(_ request: CaretFollowRequest, _ answer: CaretFollowAnswer) {
    let (textView, screen, keyboard) = Self.keyboard(of: request, answer.keyboard)
    let overlap = answer.keyboard.overlap
    let safeArea = Self.safeArea(request.safeArea, of: textView)
    let caret = request.caret.grown(toHeight: request.lineHeight)
    let start = request.contentOffset
    let end = answer.contentOffset
    let caretBefore = caret.offsetBy(textView.x - start.x, textView.y - start.y)
    let caretAfter = caret.offsetBy(textView.x - end.x, textView.y - end.y)
    let back = [DiagramShape("container", .container, textView)] + safeArea
    let front = [keyboard, Self.keyboardTop(textView, overlap: overlap)].compactMap { $0 }

    self.init(
      title: "POST /caret-follow",
      bounds: Self.bounds(screen: screen, container: textView),
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

  /// What every diagram draws of `request`: its container in screen coordinates (moved by the
  /// window's origin, contract §15), the screen, and the keyboard as the request sent it (nil when
  /// hidden), labelled with its state and overlap; drawn faded when it is an undocked keyboard the
  /// request ignores.
  static func keyboard(
    of request: some EndpointRequest, _ answer: KeyboardAnswer
  ) -> (container: Rect, screen: Rect, keyboard: DiagramShape?) {
    let container = request.screenContainer
    let screen = request.keyboardContext.screen(around: container)
    guard let frame = request.keyboard.frame(on: screen), answer.state != .hidden else {
      return (container, screen, nil)
    }
    let ignored = answer.state == .undocked && request.undocked == .ignore
    let label =
      ignored
      ? "keyboard undocked, ignored"
      : "keyboard \(answer.state.rawValue) · overlap \(answer.overlap.diagramText)"
    return (
      container, screen, DiagramShape("keyboard", ignored ? .ignoredKeyboard : .keyboard, frame, label: label)
    )
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

  /// The `alsoReveal` rects (contract §4.5) moved by `dx`, `dy`, one shape each; in the panel after
  /// the layout each says whether it was revealed, and one that was not is drawn as a warning.
  static func alsoReveal(
    _ rects: AlsoReveal?, _ revealed: AlsoRevealed?, _ dx: Double, _ dy: Double, after: Bool
  ) -> [DiagramShape] {
    guard let rects else { return [] }
    return rects.enumerated().map { index, rect in
      let joined = revealed.map { index < $0.count && $0[index] } ?? false
      let label =
        after ? "alsoReveal[\(index)] \(joined ? "revealed" : "not revealed")" : "alsoReveal[\(index)]"
      return DiagramShape(
        "also-reveal-\(index)", .alsoReveal, rect.offsetBy(dx, dy), label: label, warns: after && !joined)
    }
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
