import LayoutCore
import Testing

@Suite("§6 animation")
struct AnimationTests {
  @Test("options is the curve shifted into UIView.AnimationOptions' curve bits")
  func options() {
    // 7 << 16 = 7 * 65536 = 458752
    #expect(KeyboardLayout.animation(KeyboardAnimation(duration: 0.25, curve: 7)).options == 458_752)
    // 3 << 16 = 196608
    #expect(KeyboardLayout.animation(KeyboardAnimation(duration: 0.4, curve: 3)).options == 196_608)
    #expect(KeyboardLayout.animation(KeyboardAnimation(duration: 0.4, curve: 0)).options == 0)
  }

  @Test("each curve maps to its CSS easing; unknown curves ease in and out")
  func timingFunctions() {
    let expected: [Int: String] = [
      0: "ease-in-out", 1: "ease-in", 2: "ease-out", 3: "linear", 7: "cubic-bezier(0.38, 0.7, 0.125, 1)",
      4: "ease-in-out", 15: "ease-in-out",
    ]
    for (curve, easing) in expected {
      #expect(KeyboardLayout.timingFunction(curve: curve) == easing, "curve \(curve)")
    }
  }

  @Test("duration and curve are echoed as sent")
  func echo() {
    let answer = KeyboardLayout.animation(KeyboardAnimation(duration: 0.4, curve: 2))
    #expect(answer == AnimationAnswer(duration: 0.4, curve: 2, options: 131_072, timingFunction: "ease-out"))
  }

  @Test("defaults are 0.25 s and curve 7")
  func defaults() {
    #expect(KeyboardAnimation() == KeyboardAnimation(duration: 0.25, curve: 7))
  }
}
