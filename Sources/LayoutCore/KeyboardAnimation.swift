/// The keyboard notification's animation (SPEC §6, request member `animation`).
public struct KeyboardAnimation: Hashable, Sendable {
  /// Seconds, ≥ 0 (`UIKeyboardAnimationDurationUserInfoKey`).
  public var duration: Double
  /// The UIKit curve raw value, 0…15 (`UIKeyboardAnimationCurveUserInfoKey`).
  public var curve: Int

  public init(
    duration: Double = KeyboardAnimation.defaultDuration, curve: Int = KeyboardAnimation.defaultCurve
  ) {
    self.duration = duration
    self.curve = curve
  }

  /// The duration when the request has none: 0.25 s.
  public static let defaultDuration = 0.25
  /// The curve when the request has none: 7, the keyboard's own curve.
  public static let defaultCurve = 7
}
