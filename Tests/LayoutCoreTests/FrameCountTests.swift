import LayoutCore
import Testing

/// Contract §6's frame count and last frame where floating-point products and quotients land a
/// rounding error away from an integer or from `motionDuration`.
@Suite("§6 frames at the rounding edges")
struct FrameCountTests {
  /// The answer's `frames` for an animation as a Swift app sends it.
  func frames(_ duration: Double, curve: Int, frameRate: Int) -> [Double] {
    let request = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 844),
      field: Rect(x: 20, y: 700, width: 350, height: 44),
      keyboard: .height(336),
      animation: KeyboardAnimation(duration: duration, curve: curve, frameRate: frameRate))
    return avoid(request).animation?.frames.map(Array.init) ?? []
  }

  @Test(
    "§6 n is the smallest integer ≥ motionDuration × frameRate − 1e-9: a product a rounding error above 7 is 7"
  )
  func productJustAboveAnInteger() {
    // 0.28 × 25 is 7.000000000000001 in doubles: n = 7, eight frames, not nine.
    #expect(0.28 * 25.0 > 7)
    let values = frames(0.28, curve: 3, frameRate: 25)
    #expect(values.count == 8)
    #expect(values.last == 1)
  }

  @Test(
    "§6 the last frame is exactly 1, even when n / frameRate falls a rounding error short of motionDuration")
  func lastFrameIsOne() {
    // 1.6500000000000001 s at 20 a second: n = 33 and 33 / 20 = 1.65 < motionDuration, where the
    // linear curve has not quite arrived (0.9999999999999999).
    let duration = 1.6500000000000001
    #expect(33.0 / 20 < duration)
    let values = frames(duration, curve: 3, frameRate: 20)
    #expect(values.count == 34)
    #expect(values.last == 1)
    #expect(values[32] < 1)
  }

  @Test("§6 a motion within a billionth of a frame of none is one frame, the end: [1]")
  func motionShorterThanAFrameIsTheEnd() {
    // n = ceil(1e-9 × 1 − 1e-9) = 0: one frame, which is both the first and the last; it is 1, as
    // when motionDuration is 0. A frame longer, n = 1, starts at 0.
    #expect(frames(1e-9, curve: 0, frameRate: 1) == [1])
    #expect(frames(1e-12, curve: 3, frameRate: 240) == [1])
    #expect(frames(1e-9, curve: 3, frameRate: 240) == [0, 1])
    #expect(frames(0, curve: 0, frameRate: 60) == [1])
    #expect(frames(0.01, curve: 3, frameRate: 60) == [0, 1])
  }

  @Test("§6 at most 2,401 frames: n = 2,400 is answered, n = 2,401 is too-many")
  func frameLimit() {
    func kind(_ duration: String) -> LayoutValidationError.Kind? {
      Decoding.error(
        AvoidRequest.self,
        Requests.avoid(
          #""keyboard": null, "animation": {"frameRate": 240, "curve": 0, "duration": \#(duration)}"#)
      )?.kind
    }
    // 10 × 240 = 2,400; 10.004 × 240 = 2,400.96, so n = 2,401 and 2,402 frames.
    #expect(kind("10") == nil)
    #expect(frames(10, curve: 0, frameRate: 240).count == MotionFrames.maximumCount)
    #expect(kind("10.004") == .tooMany)
  }
}
