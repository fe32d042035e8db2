import LayoutCore

/// SVG diagrams of layoutd answers: the layout before and after the answer is applied, side by
/// side, to scale, labelled with the numbers.
///
/// Everything is drawn in screen coordinates (the `screen` of the request, or its container),
/// scaled to fit a panel of at most `Diagram.panelSize`. Each shape carries an `id` such as
/// `before-field` or `after-keyboard`, so a test or a style sheet can find it.
public enum Diagram {
  /// The largest size, in SVG user units, one panel (before or after) is scaled to.
  public static let panelSize = Size(width: 300, height: 420)

  /// The diagram of a `POST /avoid` answer: container, safe area, keyboard and field, before
  /// and after the answer is applied.
  public static func svg(_ request: AvoidRequest, _ answer: AvoidAnswer) -> String {
    DiagramScene(request, answer).svg()
  }

  /// The diagram of a `POST /caret-follow` answer: the text view, its safe area, the keyboard
  /// and the caret, before and after the scroll.
  public static func svg(_ request: CaretFollowRequest, _ answer: CaretFollowAnswer) -> String {
    DiagramScene(request, answer).svg()
  }
}
