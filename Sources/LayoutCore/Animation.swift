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

extension KeyboardLayout {
  /// SPEC §6: the echoed animation with `options = curve << 16` and a CSS timing function.
  public static func animation(_ animation: KeyboardAnimation) -> AnimationAnswer {
    AnimationAnswer(
      duration: animation.duration.normalized, curve: animation.curve, options: animation.curve << 16,
      timingFunction: timingFunction(curve: animation.curve))
  }

  /// SPEC §6: the CSS easing for a UIKit curve raw value; `ease-in-out` for unknown values.
  public static func timingFunction(curve: Int) -> String {
    switch curve {
    case 1: "ease-in"
    case 2: "ease-out"
    case 3: "linear"
    case 7: "cubic-bezier(0.38, 0.7, 0.125, 1)"
    default: "ease-in-out"
    }
  }
}
