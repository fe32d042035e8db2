import Foundation
import Testing

@testable import LayoutCore

@Suite("§6 animation")
struct AnimationTests {
  @Test("options is the curve shifted into UIView.AnimationOptions' curve bits")
  func options() {
    // 7 << 16 = 7 * 65536 = 458752
    #expect(KeyboardAnimation(duration: 0.25, curve: 7).answer.options == 458_752)
    // 3 << 16 = 196608
    #expect(KeyboardAnimation(duration: 0.4, curve: 3).answer.options == 196_608)
    #expect(KeyboardAnimation(duration: 0.4, curve: 0).answer.options == 0)
  }

  @Test("each curve keeps its compatibility timingFunction; unknown curves ease in and out")
  func timingFunctions() {
    let expected: [Int: String] = [
      0: "ease-in-out", 1: "ease-in", 2: "ease-out", 3: "linear", 7: "cubic-bezier(0.38, 0.7, 0.125, 1)",
      4: "ease-in-out", 15: "ease-in-out",
    ]
    for (curve, easing) in expected {
      #expect(
        KeyboardAnimation(duration: 0.3, curve: curve).answer.timingFunction == easing,
        "curve \(curve)")
      #expect(Motion(curve: curve, duration: 0).timingFunction == easing, "curve \(curve), no motion")
    }
  }

  @Test("each curve's easing: CSS keywords, and a linear() function for 7")
  func easings() {
    let expected: [Int: String] = [
      0: "ease-in-out", 1: "ease-in", 2: "ease-out", 3: "linear", 4: "ease-in-out", 5: "ease-in-out",
      6: "ease-in-out", 8: "ease-in-out", 15: "ease-in-out",
    ]
    for (curve, easing) in expected {
      #expect(KeyboardAnimation(duration: 0.3, curve: curve).answer.easing == easing)
    }
    #expect(KeyboardAnimation(curve: 7).answer.easing.hasPrefix("linear(0, "))
  }

  @Test("duration and curve are echoed as sent, without frames unless asked for")
  func echo() {
    let answer = KeyboardAnimation(duration: 0.4, curve: 2).answer
    #expect(
      answer
        == AnimationAnswer(
          duration: 0.4, curve: 2, options: 131_072, motionDuration: 0.4, easing: "ease-out",
          timingFunction: "ease-out"))
    #expect(answer.frames == nil)
  }

  @Test("defaults are 0.25 s, curve 7 and no frame rate")
  func defaults() {
    #expect(KeyboardAnimation() == KeyboardAnimation(duration: 0.25, curve: 7, frameRate: nil))
  }

  @Test("motionDuration: 0 when duration is 0, 0.5 for curve 7, else the duration")
  func motionDuration() {
    func motionDuration(_ duration: Double, _ curve: Int) -> Double {
      KeyboardAnimation(duration: duration, curve: curve).answer.motionDuration
    }
    #expect(motionDuration(0.25, 7) == 0.5)
    #expect(motionDuration(0.4, 7) == 0.5)
    #expect(motionDuration(3, 7) == 0.5)
    #expect(motionDuration(0, 7) == 0)
    for curve in [0, 1, 2, 3, 4, 15] {
      #expect(motionDuration(0.25, curve) == 0.25)
      #expect(motionDuration(0, curve) == 0)
    }
    #expect(motionDuration(-0.0, 7).sign == .plus)
  }

  @Test("the spring moves a 336-point travel as react-native-keyboard-controller's tests expect")
  func springTravel() {
    let spring = Motion(curve: 7, duration: 0.25)
    func travel(_ t: Double) -> Double { (336 * spring.progress(at: t) * 100).rounded() / 100 }
    #expect(travel(0.080) == 144.11)
    #expect(travel(0.125) == 223.45)
    #expect(travel(0.250) == 316.52)
    #expect(travel(0.325) == 329.83)
    #expect(travel(0.5.nextDown) == 335.63)
    #expect(spring.progress(at: 0.5) == 1)
    #expect(spring.progress(at: 0) == 0)
  }

  @Test("the spring is the critically damped closed form with ω = sqrt(1000 / 3)")
  func springFormula() {
    let spring = Motion(curve: 7, duration: 0.25)
    let omega = (1000.0 / 3).squareRoot()
    for t in stride(from: 0.01, to: 0.5, by: 0.01) {
      let expected = 1 - exp(-omega * t) * (1 + omega * t)
      #expect(abs(spring.progress(at: t) - expected) < 1e-15, "t = \(t)")
    }
  }

  /// The point of a CSS cubic Bézier at curve parameter `s`: (x(s), y(s)).
  func bezierPoint(_ p: (Double, Double, Double, Double), _ s: Double) -> (x: Double, y: Double) {
    let u = 1 - s
    return (
      3 * u * u * s * p.0 + 3 * u * s * s * p.2 + s * s * s,
      3 * u * u * s * p.1 + 3 * u * s * s * p.3 + s * s * s
    )
  }

  @Test(
    "the Bézier curves: progress(x(s)) = y(s) to 1e-9 along each curve",
    arguments: [
      (0, (0.42, 0.0, 0.58, 1.0)), (1, (0.42, 0.0, 1.0, 1.0)), (2, (0.0, 0.0, 0.58, 1.0)),
      (9, (0.42, 0.0, 0.58, 1.0)),
    ])
  func bezierCurves(curve: Int, points: (Double, Double, Double, Double)) {
    let duration = 0.4
    let motion = Motion(curve: curve, duration: duration)
    // Every thousandth of the curve, and near its ends, where the slope of x can vanish and
    // Newton's method gives way to bisection.
    let ends: [Double] = [1e-7, 1e-5, 1e-3 / 7, 1 - 1e-5, 1 - 1e-7]
    let parameters: [Double] = (0...1000).map { Double($0) / 1000 } + ends
    for s in parameters {
      let point = bezierPoint(points, s)
      let progress = motion.progress(at: point.x * duration)
      #expect(abs(progress - point.y) < 1e-9, "curve \(curve), s = \(s)")
    }
  }

  @Test("known points: ease-in-out is symmetric and passes (0.5, 0.5); linear is x; ends are 0 and 1")
  func knownPoints() {
    let easeInOut = Motion(curve: 0, duration: 2)
    #expect(abs(easeInOut.progress(at: 1) - 0.5) < 1e-12)
    for t in stride(from: 0.0, through: 2, by: 0.05) {
      #expect(abs(easeInOut.progress(at: t) + easeInOut.progress(at: 2 - t) - 1) < 1e-9)
    }
    let linear = Motion(curve: 3, duration: 0.5)
    #expect(linear.progress(at: 0.125) == 0.25)
    for curve in [0, 1, 2, 3, 7] {
      let motion = Motion(curve: curve, duration: 0.3)
      #expect(motion.progress(at: 0) == 0)
      #expect(motion.progress(at: -1) == 0)
      #expect(motion.progress(at: motion.duration) == 1)
      #expect(motion.progress(at: 10) == 1)
    }
  }

  func frames(_ duration: Double, _ curve: Int, _ frameRate: Int) -> [Double] {
    Array(
      KeyboardAnimation(duration: duration, curve: curve, frameRate: frameRate).answer
        .frames.map(Array.init) ?? [])
  }

  @Test("frame counts at the edges: 0.4 s × 60 is 25 values, 10 s × 240 is 2,401, duration 0 is [1]")
  func frameCounts() {
    #expect(frames(0.4, 0, 60).count == 25)
    #expect(frames(10, 3, 240).count == 2401)
    #expect(frames(0.25, 7, 30).count == 16)
    #expect(frames(0.25, 2, 60).count == 16)
    #expect(frames(0.3, 1, 1).count == 2)
    for curve in [0, 2, 7, 12] {
      #expect(frames(0, curve, 60) == [1])
    }
    // 0.1 × 3 is 0.30000000000000004: n is still 1, not 2.
    #expect(frames(0.1, 3, 3).count == 2)
  }

  @Test("frames are progress(k / frameRate); the first is 0, the last exactly 1")
  func frameValues() {
    let values = frames(0.3, 3, 10)
    #expect(values.count == 4)
    for (k, value) in values.enumerated().dropLast() {
      #expect(abs(value - Double(k) / 3) < 1e-12)
    }
    #expect(values.last == 1)
    // 0.7 × 30 falls a rounding error short of 21: the 22nd frame is still exactly 1.
    let short = frames(0.7, 0, 30)
    #expect(short.count == 22)
    #expect(short.last == 1)
  }

  @Test("frames never hold -0, NaN or a value outside [0, 1]")
  func frameRange() {
    var seed: UInt64 = 0x5EED
    func next() -> UInt64 {
      seed &+= 0x9E37_79B9_7F4A_7C15
      var z = seed
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    for _ in 0..<400 {
      let duration = Double(next() % 3000) / 1000
      let curve = Int(next() % 16)
      let frameRate = Int(next() % 240) + 1
      let values = frames(duration, curve, frameRate)
      #expect(values.count >= 1)
      #expect(values.last == 1)
      for value in values {
        #expect(value >= 0 && value <= 1 && !value.isNaN, "\(duration) s, curve \(curve), \(frameRate) fps")
        #expect(value != 0 || value.sign == .plus, "-0 at \(duration) s, curve \(curve), \(frameRate) fps")
      }
      if duration > 0 { #expect(values.first == 0) }
    }
  }

  @Test("curve 7's easing is one string in every answer, whatever the duration")
  func springEasingIsShared() {
    let easings = Set(
      [0, 0.25, 0.4, 3].map { KeyboardAnimation(duration: $0, curve: 7).answer.easing })
    #expect(easings.count == 1)
    #expect(easings.first == Motion.springEasing)
  }

  @Test("curve 7's linear() parses, has at most 64 stops, runs 0 to 1 and stays within 0.005")
  func springEasingDeviation() throws {
    let stops = try #require(LinearEasing(Motion.springEasing))
    #expect(stops.points.count <= 64)
    #expect(stops.points.first?.output == 0)
    #expect(stops.points.last?.output == 1)
    let spring = Motion(curve: 7, duration: 0.25)
    // Every 0.001 % of the half second, plus just before each stop and just before the end.
    var inputs = (0...100_000).map { Double($0) / 100_000 }
    inputs += stops.points.map { $0.input.nextDown }.filter { $0 > 0 }
    var largest = 0.0
    for x in inputs {
      let t = x * 0.5
      largest = max(largest, abs(stops.value(at: x) - spring.progress(at: t)))
    }
    #expect(largest <= 0.005, "largest deviation \(largest)")
  }
}

/// A CSS `linear()` easing function (CSS Easing Level 2 §2.2), parsed and evaluated as a
/// browser does: stops without an input spread evenly between their neighbours.
struct LinearEasing {
  var points: [(output: Double, input: Double)]

  init?(_ text: String) {
    guard text.hasPrefix("linear("), text.hasSuffix(")") else { return nil }
    let body = text.dropFirst("linear(".count).dropLast()
    var parsed: [(output: Double, input: Double?)] = []
    for stop in body.split(separator: ",") {
      let parts = stop.split(separator: " ")
      guard let output = parts.first.flatMap({ Double($0) }) else { return nil }
      switch parts.count {
      case 1: parsed.append((output, nil))
      case 2:
        guard parts[1].hasSuffix("%"), let percent = Double(parts[1].dropLast()) else { return nil }
        parsed.append((output, percent / 100))
      default: return nil
      }
    }
    guard parsed.count >= 2 else { return nil }
    if parsed[0].input == nil { parsed[0].input = 0 }
    if parsed[parsed.count - 1].input == nil { parsed[parsed.count - 1].input = 1 }
    // Inputs never go back; a missing run spreads evenly between known neighbours.
    var largest = 0.0
    var index = 0
    while index < parsed.count {
      if let input = parsed[index].input {
        largest = max(largest, input)
        parsed[index].input = largest
        index += 1
        continue
      }
      var end = index
      while parsed[end].input == nil { end += 1 }
      let start = parsed[index - 1].input!
      let stop = max(start, parsed[end].input!)
      for k in index..<end {
        parsed[k].input = start + (stop - start) * Double(k - index + 1) / Double(end - index + 1)
      }
      index = end
    }
    points = parsed.map { ($0.output, $0.input!) }
  }

  /// The output at input progress `x` in [0, 1].
  func value(at x: Double) -> Double {
    guard let upper = points.firstIndex(where: { $0.input > x }) else { return points.last!.output }
    if upper == 0 { return points[0].output }
    let (a, b) = (points[upper - 1], points[upper])
    return a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
  }
}

@Suite("§6 frameRate validation")
struct FrameRateValidationTests {
  func expectError(
    _ animation: String, _ kind: LayoutValidationError.Kind, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = Decoding.error(
      AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": \#(animation)"#))
    #expect(error?.kind == kind, "\(animation)", sourceLocation: sourceLocation)
    #expect(error?.pointer == "/animation/frameRate", "\(animation)", sourceLocation: sourceLocation)
    #expect(error?.detail.contains("animation.frameRate") == true, sourceLocation: sourceLocation)
  }

  @Test("frameRate must be an integer 1…240")
  func typeAndRange() {
    expectError(#"{"frameRate": "60"}"#, .wrongType)
    expectError(#"{"frameRate": true}"#, .wrongType)
    expectError(#"{"frameRate": [60]}"#, .wrongType)
    expectError(#"{"frameRate": 59.5}"#, .notAnInteger)
    expectError(#"{"frameRate": 0.5}"#, .notAnInteger)
    expectError(#"{"frameRate": 0}"#, .outOfRange)
    expectError(#"{"frameRate": -60}"#, .outOfRange)
    expectError(#"{"frameRate": 241}"#, .outOfRange)
    expectError(#"{"frameRate": 1e12}"#, .outOfRange)
  }

  @Test("an integer written as a decimal reads as the integer; null or absent means no frames")
  func accepted() throws {
    let request = try Decoding.decode(
      AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": {"frameRate": 60.0, "curve": 2}"#))
    #expect(request.animation == KeyboardAnimation(duration: 0.25, curve: 2, frameRate: 60))
    for animation in [#"{"frameRate": null}"#, "{}"] {
      let request = try Decoding.decode(
        AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": \#(animation)"#))
      #expect(request.animation?.frameRate == nil)
    }
    for rate in [1, 240] {
      let request = try Decoding.decode(
        AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": {"frameRate": \#(rate)}"#))
      #expect(request.animation?.frameRate == rate)
    }
  }

  @Test("more than 2,401 frames is too-many; ten seconds at 240 is not")
  func tooMany() throws {
    expectError(#"{"frameRate": 240, "duration": 10.01, "curve": 0}"#, .tooMany)
    expectError(#"{"frameRate": 1, "duration": 1e9, "curve": 3}"#, .tooMany)
    expectError(#"{"frameRate": 60, "duration": 40.02, "curve": 1}"#, .tooMany)
    let ten = try Decoding.decode(
      AvoidRequest.self,
      Requests.avoid(#""keyboard": null, "animation": {"frameRate": 240, "duration": 10, "curve": 0}"#))
    #expect(ten.animation?.frameRate == 240)
    // Curve 7 lasts 0.5 s whatever the duration says: 121 frames, not 2,400,001.
    let spring = try Decoding.decode(
      AvoidRequest.self,
      Requests.avoid(#""keyboard": null, "animation": {"frameRate": 240, "duration": 10000, "curve": 7}"#))
    #expect(spring.animation?.frameRate == 240)
  }

  @Test("type and range are checked before the frame count")
  func order() {
    expectError(#"{"frameRate": 241, "duration": 1000, "curve": 0}"#, .outOfRange)
    expectError(#"{"frameRate": 60.5, "duration": 1000, "curve": 0}"#, .notAnInteger)
    expectError(#"{"frameRate": "x", "duration": 1000, "curve": 0}"#, .wrongType)
  }
}
