/// A size in points; decoding requires both members to be ≥ 0.
public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size.
  public static let zero = Size(width: 0, height: 0)
}
