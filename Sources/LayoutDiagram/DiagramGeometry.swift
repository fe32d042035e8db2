import LayoutCore

/// Where a scene's panels and lines of text go on the SVG canvas, and the scale of its shapes.
struct DiagramGeometry: Sendable {
  static let margin = 16.0
  static let gap = 40.0
  static let titleBaseline = 28.0
  static let captionBaseline = 52.0
  static let panelTop = 62.0
  static let lineHeight = 18.0
  /// The width, in user units, of one character of a summary line (12-unit monospace).
  static let summaryCharacterWidth = 7.3

  /// The part of the screen both panels show.
  let bounds: Rect
  /// User units per point.
  let scale: Double
  let panelWidth: Double
  let panelHeight: Double
  /// The canvas size.
  let width: Double
  let height: Double

  init(bounds: Rect, panelSize: Size, summary: [String]) {
    let scaleX = bounds.width > 0 ? panelSize.width / bounds.width : Double.infinity
    let scaleY = bounds.height > 0 ? panelSize.height / bounds.height : Double.infinity
    let scale = min(scaleX, scaleY)
    self.bounds = bounds
    self.scale = scale.isFinite ? scale : 1
    panelWidth = bounds.width * self.scale
    panelHeight = bounds.height * self.scale
    let longest = summary.map(\.count).max() ?? 0
    width = max(
      2 * panelWidth + Self.gap + 2 * Self.margin,
      Double(longest) * Self.summaryCharacterWidth + 2 * Self.margin)
    height =
      Self.panelTop + panelHeight + 12 + Double(summary.count) * Self.lineHeight + Self.margin
  }

  /// The panel's rectangle on the canvas: 0 is before, 1 is after.
  func panel(_ index: Int) -> Rect {
    Rect(
      x: Self.margin + Double(index) * (panelWidth + Self.gap), y: Self.panelTop, width: panelWidth,
      height: panelHeight)
  }

  /// `rect`, in screen coordinates, on the canvas in panel `index`.
  func place(_ rect: Rect, panel index: Int) -> Rect {
    let origin = panel(index)
    return Rect(
      x: origin.x + (rect.x - bounds.x) * scale, y: origin.y + (rect.y - bounds.y) * scale,
      width: rect.width * scale, height: rect.height * scale)
  }

  /// The baseline of summary line `index`.
  func summaryBaseline(_ index: Int) -> Double {
    Self.panelTop + panelHeight + 12 + Double(index + 1) * Self.lineHeight - 4
  }
}

extension Rect {
  /// The rectangle moved by `dx`, `dy`.
  func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }

}
