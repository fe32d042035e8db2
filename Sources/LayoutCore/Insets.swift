/// Edge insets; a member missing from the JSON reads as 0.
///
/// Decoding accepts negative members (a `contentInset` may be negative); requests check
/// `safeArea` for ≥ 0 themselves.
public struct Insets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = Insets()
}
