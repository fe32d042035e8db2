/// One side of a diagram: the layout before or after the answer is applied.
struct DiagramPanel: Sendable {
  /// `before` or `after`; the prefix of every element `id` in the panel.
  var name: String
  /// The line written above the panel.
  var caption: String
  /// The shapes, drawn in this order (later ones on top).
  var shapes: [DiagramShape]
}
