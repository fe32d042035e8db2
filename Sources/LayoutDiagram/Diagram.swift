import LayoutCore

/// SVG diagrams of layoutd answers: the layout before and after the answer is applied, side by
/// side, to scale, labelled with the numbers.
///
/// Everything is drawn in screen coordinates (the `screen` of the request, or its container),
/// scaled to fit a panel of at most `Diagram.panelSize`. Each shape carries an `id` such as
/// `before-field` or `after-keyboard`, so a test or a style sheet can find it.
package enum Diagram {
  /// The largest size, in SVG user units, one panel (before or after) is scaled to.
  package static let panelSize = Size(width: 300, height: 420)
}

/// A computing endpoint's request whose answer has a diagram: its scene, drawn the same way for
/// every endpoint.
package protocol DiagramDrawable: EndpointRequest {
  /// The scene of `answer`, this request's answer.
  func scene(of answer: Answer) -> DiagramScene
}

extension DiagramDrawable {
  /// The SVG diagram of `answer`, this request's answer: before and after, to scale.
  package func diagram(of answer: Answer) -> String {
    scene(of: answer).svg()
  }
}

extension AvoidRequest: DiagramDrawable {
  /// Container, safe area, keyboard, field and the `alsoReveal` rects, before and after.
  package func scene(of answer: AvoidAnswer) -> DiagramScene { DiagramScene(self, answer) }
}

extension CaretFollowRequest: DiagramDrawable {
  /// The text view, its safe area, the keyboard and the caret, before and after the scroll.
  package func scene(of answer: CaretFollowAnswer) -> DiagramScene { DiagramScene(self, answer) }
}

extension ChatRequest: DiagramDrawable {
  /// The list, the composer where it rests and where it rides on the keyboard, and the keyboard.
  package func scene(of answer: ChatAnswer) -> DiagramScene { DiagramScene(self, answer) }
}

extension SheetRequest: DiagramDrawable {
  /// The sheet where it rests and where it rides on the keyboard, its header, the field in its
  /// scroll view, and the keyboard.
  package func scene(of answer: SheetAnswer) -> DiagramScene { DiagramScene(self, answer) }
}

/// A whole diagram before it is written as SVG: two panels of shapes in screen coordinates.
package struct DiagramScene: Sendable {
  /// The first line of the diagram, such as `POST /avoid · translate`.
  var title: String
  /// The part of the screen both panels show.
  var bounds: Rect
  var before: DiagramPanel
  var after: DiagramPanel
  /// The answer's numbers, one line each, written below the panels.
  var summary: [String]
}

/// One side of a diagram: the layout before or after the answer is applied.
struct DiagramPanel: Sendable {
  /// `before` or `after`; the prefix of every element `id` in the panel.
  var name: String
  /// The line written above the panel.
  var caption: String
  /// The shapes, drawn in this order (later ones on top).
  var shapes: [DiagramShape]
}

/// One shape of a diagram panel, in screen coordinates.
struct DiagramShape: Sendable {
  /// The name the SVG element's `id` is made of, with the panel's name in front.
  var name: String
  var role: DiagramRole
  var rect: Rect
  /// The text written next to the shape, if any.
  var label: String?
  /// Whether the shape shows something that does not fit (drawn in the warning colour).
  var warns: Bool

  init(_ name: String, _ role: DiagramRole, _ rect: Rect, label: String? = nil, warns: Bool = false) {
    self.name = name
    self.role = role
    self.rect = rect
    self.label = label
    self.warns = warns
  }
}

/// What a shape of a diagram stands for; decides how it is drawn.
enum DiagramRole: String, Sendable {
  /// The screen the keyboard frame is reported in.
  case screen
  /// The container or text view.
  case container
  /// A band of the container's safe area.
  case safeArea = "safe-area"
  /// The part of the container left after `resize`.
  case visible
  /// The part of the container given up to the keyboard by `resize`.
  case givenUp = "given-up"
  /// The focused field.
  case field
  /// The field where it was before the answer, drawn as a ghost.
  case ghost
  /// The caret, grown to its line height.
  case caret
  /// A chat screen's message list (contract §12).
  case list
  /// A chat screen's composer bar (contract §12).
  case composer
  /// A bottom sheet's content area (contract §14).
  case sheet
  /// A rect of `alsoReveal`: what the answer keeps in view with the field (contract §4.5).
  case alsoReveal = "also-reveal"
  /// The keyboard when it is an obstruction.
  case keyboard
  /// An undocked keyboard the request ignores.
  case ignoredKeyboard = "ignored-keyboard"
  /// The line `keyboardTop` (a rectangle of zero height).
  case keyboardTop = "keyboard-top"
}

extension DiagramRole {
  /// The colour of shapes that show something that does not fit.
  static let warningColor = "#e5484d"

  /// The presentation attributes of a shape with this role.
  func style(warns: Bool) -> [(String, String)] {
    switch self {
    case .screen: [("fill", "#ffffff"), ("stroke", "#c3c9d4")]
    case .container: [("fill", "#eef2f8"), ("stroke", "#8a94a6")]
    case .safeArea: [("fill", "#f5c542"), ("fill-opacity", "0.3")]
    case .visible: [("fill", "none"), ("stroke", "#2e9e5b"), ("stroke-width", "2")]
    case .givenUp: [("fill", "#8a94a6"), ("fill-opacity", "0.25")]
    case .list: [("fill", "#ffffff"), ("stroke", "#8a94a6"), ("stroke-dasharray", "2 2")]
    case .sheet: [("fill", "#ffffff"), ("stroke", "#2f80ed"), ("stroke-width", "1.5")]
    case .field, .caret, .composer:
      [
        ("fill", warns ? Self.warningColor : "#2f80ed"), ("fill-opacity", "0.35"),
        ("stroke", warns ? Self.warningColor : "#2f80ed"), ("stroke-width", "1.5"),
      ]
    case .alsoReveal:
      [
        ("fill", warns ? "none" : "#9b51e0"), ("fill-opacity", "0.18"),
        ("stroke", warns ? Self.warningColor : "#9b51e0"), ("stroke-width", "1"),
      ] + (warns ? [("stroke-dasharray", "3 2")] : [])
    case .ghost:
      [("fill", "none"), ("stroke", "#2f80ed"), ("stroke-dasharray", "4 3"), ("stroke-opacity", "0.8")]
    case .keyboard: [("fill", "#3b4252"), ("fill-opacity", "0.85")]
    case .ignoredKeyboard:
      [("fill", "#3b4252"), ("fill-opacity", "0.25"), ("stroke", "#3b4252"), ("stroke-dasharray", "4 3")]
    case .keyboardTop: [("stroke", Self.warningColor), ("stroke-dasharray", "6 4"), ("stroke-width", "1.5")]
    }
  }

  /// Whether a label of this role is written on the keyboard, in white.
  var labelIsInside: Bool {
    self == .keyboard || self == .keyboardTop
  }
}
