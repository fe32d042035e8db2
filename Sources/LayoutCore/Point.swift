/// A point in the SPEC §2 coordinate system: origin top-left, y grows downward.
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `{0, 0}`.
  public static let zero = Point(x: 0, y: 0)
}
