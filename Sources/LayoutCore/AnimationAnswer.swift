/// The echoed animation (SPEC §6): `{"duration", "curve", "options", "timingFunction"}`.
public struct AnimationAnswer: Codable, Hashable, Sendable {
  /// Seconds, as the request sent it (default 0.25).
  public var duration: Double
  /// The UIKit curve raw value, as the request sent it (default 7).
  public var curve: Int
  /// `curve << 16`: the `UIView.AnimationOptions` raw value.
  public var options: Int
  /// A CSS easing for the curve.
  public var timingFunction: String

  public init(duration: Double, curve: Int, options: Int, timingFunction: String) {
    self.duration = duration
    self.curve = curve
    self.options = options
    self.timingFunction = timingFunction
  }
}
