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
