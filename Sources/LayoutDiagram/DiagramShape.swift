import LayoutCore

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
