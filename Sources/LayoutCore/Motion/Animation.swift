/// The platform whose keyboard motion an answer gives (contract §6.1, member `animation.platform`).
public enum AnimationPlatform: ContractName {
  /// UIKit's: the notification's duration and curve (contract §6).
  case ios
  /// Android's IME inset animation: 285 ms along `PathInterpolator(0.2, 0, 0, 1)`.
  case android

  /// The case as the contract spells it.
  public var contractName: StaticString {
    switch self {
    case .ios: "ios"
    case .android: "android"
    }
  }
}

/// The keyboard notification's animation (contract §6, request member `animation`).
public struct KeyboardAnimation: Hashable, Sendable {
  /// Seconds, ≥ 0 (`UIKeyboardAnimationDurationUserInfoKey`); not used on Android.
  public var duration: Double
  /// The UIKit curve raw value, 0…15 (`UIKeyboardAnimationCurveUserInfoKey`); not used on Android.
  public var curve: Int
  /// How many frames a second the client wants the motion sampled at, 1…240; nil for no
  /// `frames` in the answer.
  public var frameRate: Int?
  /// The platform whose motion the answer gives (contract §6.1); nil when the request sent none,
  /// which means iOS and an answer without `platform`.
  public var platform: AnimationPlatform?

  /// An animation with the contract §6 defaults for every member left out.
  public init(
    duration: Double = KeyboardAnimation.defaultDuration, curve: Int = KeyboardAnimation.defaultCurve,
    frameRate: Int? = nil, platform: AnimationPlatform? = nil
  ) {
    self.duration = duration
    self.curve = curve
    self.frameRate = frameRate
    self.platform = platform
  }

  /// The duration when the request has none: 0.25 s.
  public static let defaultDuration = 0.25
  /// The curve when the request has none: 7, the keyboard's own curve.
  public static let defaultCurve = 7
  /// The frame rates a request may ask for.
  public static let frameRates = 1...240
  /// The curve raw values a request may send.
  public static let curves = 0...15

  /// The motion this animation really makes: Android's on `android` (contract §6.1), else the
  /// curve's over the duration (contract §6).
  public var motion: Motion {
    platform == .android ? .android : Motion(curve: curve, duration: duration)
  }
}

/// The echoed animation (contract §6): `{"platform", "duration", "curve", "options",
/// "motionDuration", "easing", "frames", "timingFunction"}`.
///
/// An Android answer (contract §6.1) has only `platform`, `motionDuration`, `easing` and `frames`:
/// its UIKit members are nil.
public struct AnimationAnswer: Hashable, Sendable {
  /// The platform as the request sent it; nil when it sent none.
  public var platform: AnimationPlatform?
  /// Seconds, as the request sent it (default 0.25); nil on Android.
  public var duration: Double?
  /// The UIKit curve raw value, as the request sent it (default 7); nil on Android.
  public var curve: Int?
  /// `curve << 16`: the `UIView.AnimationOptions` raw value; nil on Android.
  public var options: Int?
  /// How long the motion really lasts, in seconds: 0.5 for curve 7 (0 when `duration` is 0),
  /// 0.285 on Android.
  public var motionDuration: Double
  /// The motion as a CSS easing over `motionDuration`; curve 7's is a `linear()` function.
  public var easing: String
  /// The progress sampled at the request's `frameRate`; nil when the request had none.
  public var frames: MotionFrames?
  /// The CSS timing function answers carried before `easing`, kept for compatibility; curve 7's
  /// is a cubic-bezier fair only over `motionDuration`. Nil on Android.
  public var timingFunction: String?

  /// An answer with every member given; `frames` only when the request had a `frameRate`, the
  /// UIKit members nil on Android.
  public init(
    platform: AnimationPlatform? = nil, duration: Double?, curve: Int?, options: Int?, motionDuration: Double,
    easing: String, frames: MotionFrames? = nil, timingFunction: String?
  ) {
    self.platform = platform
    self.duration = duration
    self.curve = curve
    self.options = options
    self.motionDuration = motionDuration
    self.easing = easing
    self.frames = frames
    self.timingFunction = timingFunction
  }
}

extension KeyboardAnimation {
  /// contract §6: the echoed animation with `options = curve << 16`, the real motion's duration,
  /// its CSS easing, its frames when the request asked for them, and the old timing function;
  /// contract §6.1: on Android the motion alone.
  ///
  /// Allocates nothing: the easings are built once, and frames are computed as read.
  var answer: AnimationAnswer {
    let motion = motion
    let frames = frameRate.map(motion.frames(frameRate:))
    if platform == .android {
      return AnimationAnswer(
        platform: .android, duration: nil, curve: nil, options: nil, motionDuration: motion.duration,
        easing: motion.easing, frames: frames, timingFunction: nil)
    }
    return AnimationAnswer(
      platform: platform, duration: duration.normalized, curve: curve, options: curve << 16,
      motionDuration: motion.duration + 0, easing: motion.easing, frames: frames,
      timingFunction: motion.timingFunction)
  }
}
