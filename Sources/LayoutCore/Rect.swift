/// A rectangle by origin and size; decoding requires `width` and `height` to be ≥ 0.
public struct Rect: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The left edge.
  public var minX: Double { x }
  /// The right edge, `x + width`.
  public var maxX: Double { x + width }
  /// The top edge.
  public var minY: Double { y }
  /// The bottom edge, `y + height`.
  public var maxY: Double { y + height }
}
