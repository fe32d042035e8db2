import Foundation
import Testing

@testable import LayoutCore

@Suite("§6.1 Android's keyboard motion (animation.platform)")
struct AndroidAnimationTests {
  /// The point of the cubic Bézier (0, 0), (0.2, 0), (0, 1), (1, 1) at curve parameter `s`.
  func bezierPoint(_ s: Double) -> (x: Double, y: Double) {
    let u = 1 - s
    return (3 * u * u * s * 0.2 + s * s * s, 3 * u * s * s + s * s * s)
  }

  func answer(_ animation: KeyboardAnimation) -> AnimationAnswer {
    animation.answer
  }

  @Test("progress is PathInterpolator(0.2, 0, 0, 1) over 0.285 s: progress(0.285 x(s)) = y(s)")
  func bezier() {
    let motion = KeyboardAnimation(platform: .android).motion
    #expect(motion == Motion.android)
    #expect(motion.duration == 0.285)
    let ends: [Double] = [1e-7, 1e-5, 1 - 1e-5, 1 - 1e-7]
    for s in (0...1000).map({ Double($0) / 1000 }) + ends {
      let point = bezierPoint(s)
      #expect(abs(motion.progress(at: point.x * 0.285) - point.y) < 1e-9, "s = \(s)")
    }
    #expect(motion.progress(at: 0) == 0 && motion.progress(at: -1) == 0)
    #expect(motion.progress(at: 0.285) == 1 && motion.progress(at: 3) == 1)
  }

  @Test("frames: progress(k / frameRate), n = ceil(0.285 × frameRate − 1e-9), the last exactly 1")
  func frames() throws {
    for frameRate in [1, 4, 24, 30, 60, 90, 120, 144, 240] {
      let values = try #require(answer(KeyboardAnimation(frameRate: frameRate, platform: .android)).frames)
      let n = Int((0.285 * Double(frameRate) - 1e-9).rounded(.up))
      #expect(values.count == n + 1, "\(frameRate)")
      #expect(values.first == 0 && values.last == 1, "\(frameRate)")
      for (k, value) in values.enumerated().dropLast() {
        let t = Double(k) / Double(frameRate)
        #expect(value == Motion.android.progress(at: t), "\(frameRate) fps, frame \(k)")
        #expect(value > 0 || k == 0)
      }
      // Never back: the curve only rises.
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "\(frameRate)")
    }
  }

  @Test("duration and curve are not used: 0.285 s whatever they say, 0 and curve 7 included")
  func durationAndCurveIgnored() {
    let expected = answer(KeyboardAnimation(platform: .android))
    for (duration, curve) in [(0.0, 7), (0.25, 7), (3, 0), (0, 3), (1e9, 15)] {
      let android = answer(KeyboardAnimation(duration: duration, curve: curve, platform: .android))
      #expect(android == expected, "\(duration) s, curve \(curve)")
    }
    #expect(
      expected
        == AnimationAnswer(
          platform: .android, duration: nil, curve: nil, options: nil, motionDuration: 0.285,
          easing: "cubic-bezier(0.2, 0, 0, 1)", timingFunction: nil))
  }

  @Test("the Android answer: platform, motionDuration, easing and frames, no UIKit member")
  func androidShape() throws {
    let json =
      try JSONSerialization.jsonObject(
        with: JSONEncoder().encode(answer(KeyboardAnimation(frameRate: 60, platform: .android))))
      as? [String: Any]
    #expect(Set((json ?? [:]).keys) == ["platform", "motionDuration", "easing", "frames"])
    #expect(json?["platform"] as? String == "android")
    let recorder = KeyRecorder()
    try answer(KeyboardAnimation(frameRate: 60, platform: .android)).encode(to: recorder)
    #expect(recorder.keys.keys == ["platform", "motionDuration", "easing", "frames"])
  }

  @Test("platform ios: the iOS answer plus platform; without platform, no platform member")
  func iosShape() throws {
    for curve in [0, 3, 7] {
      let plain = answer(KeyboardAnimation(duration: 0.4, curve: curve, frameRate: 30))
      var ios = answer(KeyboardAnimation(duration: 0.4, curve: curve, frameRate: 30, platform: .ios))
      #expect(plain.platform == nil)
      #expect(ios.platform == .ios)
      ios.platform = nil
      #expect(ios == plain)
    }
    let recorder = KeyRecorder()
    try answer(KeyboardAnimation(platform: .ios)).encode(to: recorder)
    #expect(
      recorder.keys.keys == [
        "platform", "duration", "curve", "options", "motionDuration", "easing", "timingFunction",
      ])
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(answer(KeyboardAnimation())))
    #expect((json as? [String: Any])?["platform"] == nil)
  }

  @Test("answers and requests with a platform decode back to themselves")
  func roundTrips() throws {
    for platform in [nil, AnimationPlatform.ios, .android] {
      let animation = KeyboardAnimation(duration: 0.3, curve: 2, frameRate: 60, platform: platform)
      #expect(
        try JSONDecoder().decode(KeyboardAnimation.self, from: JSONEncoder().encode(animation)) == animation)
      let answer = answer(animation)
      let decoded = try JSONDecoder().decode(AnimationAnswer.self, from: JSONEncoder().encode(answer))
      #expect(decoded == answer)
    }
  }
}

@Suite("§6.1 animation.platform validation")
struct AnimationPlatformValidationTests {
  func expectError(
    _ animation: String, _ kind: LayoutValidationError.Kind, _ pointer: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = Decoding.error(
      AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": \#(animation)"#))
    #expect(error?.kind == kind, "\(animation)", sourceLocation: sourceLocation)
    #expect(error?.pointer == pointer, "\(animation)", sourceLocation: sourceLocation)
  }

  func platform(_ animation: String) throws -> AnimationPlatform? {
    try Decoding.decode(AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": \#(animation)"#))
      .animation?.platform
  }

  @Test("\"ios\", \"android\", null and absent are read; any other string is unknown-value")
  func values() throws {
    #expect(try platform(#"{"platform": "ios"}"#) == .ios)
    #expect(try platform(#"{"platform": "android"}"#) == .android)
    #expect(try platform(#"{"platform": null}"#) == nil)
    #expect(try platform("{}") == nil)
    for value in ["Android", "iOS", "IOS", "", "web", " android", "android "] {
      expectError(#"{"platform": "\#(value)"}"#, .unknownValue, "/animation/platform")
    }
    let error = Decoding.error(
      AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": {"platform": "Android"}"#))
    #expect(error?.detail == #"`animation.platform` must be "ios" or "android", got "Android"."#)
  }

  @Test("a platform that is not a string is a wrong type")
  func wrongType() {
    for value in ["1", "true", "[]", #"{"name": "android"}"#] {
      expectError(#"{"platform": \#(value)}"#, .wrongType, "/animation/platform")
    }
  }

  @Test("on Android duration and curve are still validated, before the platform")
  func durationAndCurveStillValidated() {
    expectError(#"{"platform": "android", "duration": -1}"#, .negative, "/animation/duration")
    expectError(#"{"platform": "android", "curve": 16}"#, .outOfRange, "/animation/curve")
    expectError(#"{"platform": "android", "curve": 6.5}"#, .notAnInteger, "/animation/curve")
    expectError(#"{"platform": "android", "duration": "0.25"}"#, .wrongType, "/animation/duration")
    expectError(#"{"platform": "Android", "curve": 16}"#, .outOfRange, "/animation/curve")
    expectError(#"{"platform": "Android", "frameRate": 0}"#, .unknownValue, "/animation/platform")
  }

  @Test("frameRate as on iOS; the frame count is the platform's: 0.285 s never makes too many")
  func frameRate() throws {
    expectError(#"{"platform": "android", "frameRate": 0}"#, .outOfRange, "/animation/frameRate")
    expectError(#"{"platform": "android", "frameRate": 59.5}"#, .notAnInteger, "/animation/frameRate")
    // Twenty seconds of ease-in at 240 frames a second is too many on iOS, 70 frames on Android.
    expectError(#"{"duration": 20, "curve": 1, "frameRate": 240}"#, .tooMany, "/animation/frameRate")
    let android = try Decoding.decode(
      AvoidRequest.self,
      Requests.avoid(
        #""keyboard": null, "animation": {"duration": 20, "curve": 1, "frameRate": 240, "platform": "android"}"#
      ))
    #expect(
      android.animation == KeyboardAnimation(duration: 20, curve: 1, frameRate: 240, platform: .android))
    #expect(avoid(android).animation?.frames?.count == 70)
  }
}
