/// The keyboard notification's animation (contract §6, request member `animation`).
public struct KeyboardAnimation: Hashable, Sendable {
  /// Seconds, ≥ 0 (`UIKeyboardAnimationDurationUserInfoKey`).
  public var duration: Double
  /// The UIKit curve raw value, 0…15 (`UIKeyboardAnimationCurveUserInfoKey`).
  public var curve: Int
  /// How many frames a second the client wants the motion sampled at, 1…240; nil for no
  /// `frames` in the answer.
  public var frameRate: Int?

  /// An animation with the contract §6 defaults for every member left out.
  public init(
    duration: Double = KeyboardAnimation.defaultDuration, curve: Int = KeyboardAnimation.defaultCurve,
    frameRate: Int? = nil
  ) {
    self.duration = duration
    self.curve = curve
    self.frameRate = frameRate
  }

  /// The duration when the request has none: 0.25 s.
  public static let defaultDuration = 0.25
  /// The curve when the request has none: 7, the keyboard's own curve.
  public static let defaultCurve = 7
  /// The frame rates a request may ask for.
  public static let frameRates = 1...240
  /// The curve raw values a request may send.
  public static let curves = 0...15

  /// The motion this animation really makes (contract §6).
  public var motion: Motion { Motion(curve: curve, duration: duration) }
}

/// The echoed animation (contract §6): `{"duration", "curve", "options", "motionDuration", "easing",
/// "frames", "timingFunction"}`.
public struct AnimationAnswer: Hashable, Sendable {
  /// Seconds, as the request sent it (default 0.25).
  public var duration: Double
  /// The UIKit curve raw value, as the request sent it (default 7).
  public var curve: Int
  /// `curve << 16`: the `UIView.AnimationOptions` raw value.
  public var options: Int
  /// How long the motion really lasts, in seconds: 0.5 for curve 7 (0 when `duration` is 0).
  public var motionDuration: Double
  /// The curve as a CSS easing over `motionDuration`; curve 7's is a `linear()` function.
  public var easing: String
  /// The progress sampled at the request's `frameRate`; nil when the request had none.
  public var frames: MotionFrames?
  /// The CSS timing function answers carried before `easing`, kept for compatibility; curve 7's
  /// is a cubic-bezier fair only over `motionDuration`.
  public var timingFunction: String

  /// An answer with every member given; `frames` only when the request had a `frameRate`.
  public init(
    duration: Double, curve: Int, options: Int, motionDuration: Double, easing: String,
    frames: MotionFrames? = nil, timingFunction: String
  ) {
    self.duration = duration
    self.curve = curve
    self.options = options
    self.motionDuration = motionDuration
    self.easing = easing
    self.frames = frames
    self.timingFunction = timingFunction
  }
}

extension KeyboardLayout {
  /// contract §6: the echoed animation with `options = curve << 16`, the real motion's duration,
  /// its CSS easing, its frames when the request asked for them, and the old timing function.
  ///
  /// Allocates nothing: curve 7's easing is built once, and frames are computed as read.
  static func animation(_ animation: KeyboardAnimation) -> AnimationAnswer {
    let motion = animation.motion
    return AnimationAnswer(
      duration: animation.duration.normalized, curve: animation.curve, options: animation.curve << 16,
      motionDuration: motion.duration + 0, easing: motion.easing,
      frames: animation.frameRate.map(motion.frames(frameRate:)),
      timingFunction: motion.timingFunction)
  }
}
