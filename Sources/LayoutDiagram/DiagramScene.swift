import LayoutCore

/// A whole diagram before it is written as SVG: two panels of shapes in screen coordinates.
struct DiagramScene: Sendable {
  /// The first line of the diagram, such as `POST /avoid · translate`.
  var title: String
  /// The part of the screen both panels show.
  var bounds: Rect
  var before: DiagramPanel
  var after: DiagramPanel
  /// The answer's numbers, one line each, written below the panels.
  var summary: [String]
}
