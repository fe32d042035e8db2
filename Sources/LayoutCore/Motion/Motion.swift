#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How far a keyboard curve has moved at a given time (contract §6): its `progress` from 0 to 1 over
/// `duration`, its CSS `easing` and its sampled `frames`.
public struct Motion: Hashable, Sendable {
  /// The shape of a curve's progress over its duration.
  public enum Shape: Hashable, Sendable {
    /// Curve 7: the keyboard's critically damped spring.
    case spring
    /// Cubic Bézier (0.42, 0, 0.58, 1): curve 0 and every curve but 1, 2, 3 and 7.
    case easeInOut
    /// Cubic Bézier (0.42, 0, 1, 1): curve 1.
    case easeIn
    /// Cubic Bézier (0, 0, 0.58, 1): curve 2.
    case easeOut
    /// `progress = x`: curve 3.
    case linear
    /// Cubic Bézier (0.2, 0, 0, 1): Android's IME inset animation (contract §6.1).
    case android
  }

  /// How progress runs over `duration`: the spring for curve 7, a cubic Bézier or linear
  /// otherwise.
  public let shape: Shape
  /// How long the motion really lasts, in seconds: contract §6's `motionDuration`.
  public let duration: Double

  /// The motion of UIKit curve `curve` handed `duration` seconds: `duration` 0 does not move at
  /// all, curve 7 lasts 0.5 s whatever it was handed, every other curve lasts `duration`.
  public init(curve: Int, duration: Double) {
    shape =
      switch curve {
      case 1: .easeIn
      case 2: .easeOut
      case 3: .linear
      case 7: .spring
      default: .easeInOut
      }
    self.duration = duration == 0 ? 0 : shape == .spring ? Self.springDuration : duration
  }

  private init(shape: Shape, duration: Double) {
    self.shape = shape
    self.duration = duration
  }

  /// The keyboard's motion on Android 11 and later (contract §6.1): 285 ms along
  /// `PathInterpolator(0.2, 0, 0, 1)`, showing and hiding alike, whatever the request's `duration`
  /// and `curve`.
  public static let android = Motion(shape: .android, duration: androidDuration)
  /// How long Android's keyboard motion lasts: 0.285 s (AOSP `ANIMATION_DURATION_SYNC_IME_MS`).
  public static let androidDuration = 0.285

  /// How long curve 7's spring lasts: 0.5 s.
  public static let springDuration = 0.5
  /// The spring's angular frequency: sqrt(stiffness / mass) = sqrt(1000 / 3) per second.
  static let springOmega = (1000.0 / 3).squareRoot()

  /// The share of the travel covered `t` seconds after the start, in [0, 1]: 0 before the start,
  /// 1 from `duration` on.
  public func progress(at t: Double) -> Double {
    guard t < duration else { return 1 }
    guard t > 0 else { return 0 }
    let value: Double
    switch shape {
    case .spring:
      let wt = Self.springOmega * t
      value = 1 - exp(-wt) * (1 + wt)
    case .linear:
      value = t / duration
    case .easeInOut:
      value = Self.cubicBezier(0.42, 0, 0.58, 1, at: t / duration)
    case .easeIn:
      value = Self.cubicBezier(0.42, 0, 1, 1, at: t / duration)
    case .easeOut:
      value = Self.cubicBezier(0, 0, 0.58, 1, at: t / duration)
    case .android:
      value = Self.cubicBezier(0.2, 0, 0, 1, at: t / duration)
    }
    return min(1, max(0, value)) + 0
  }

  /// The curve as a CSS easing over `duration`: a keyword for UIKit's Bézier curves and `linear`,
  /// `springEasing` for the spring, Android's Bézier as `cubic-bezier(…)`.
  public var easing: String {
    switch shape {
    case .spring: Self.springEasing
    case .easeInOut: "ease-in-out"
    case .easeIn: "ease-in"
    case .easeOut: "ease-out"
    case .linear: "linear"
    case .android: "cubic-bezier(0.2, 0, 0, 1)"
    }
  }

  /// The curve as the compatibility `timingFunction` (contract §6): the easing, but the spring
  /// as its old Bézier stand-in.
  var timingFunction: String { shape == .spring ? "cubic-bezier(0.38, 0.7, 0.125, 1)" : easing }

  /// `progress(k / frameRate)` for k = 0 … n, the last exactly 1 (contract §6).
  public func frames(frameRate: Int) -> MotionFrames {
    MotionFrames(self, frameRate: frameRate)
  }
}

extension Motion {
  /// The y of the CSS cubic Bézier (0, 0), (x1, y1), (x2, y2), (1, 1) at `x` in [0, 1].
  ///
  /// Solves x(s) = x for the curve parameter s to within 1e-12 by Newton's method, falling back
  /// to bisection when the slope is too flat or Newton leaves [0, 1].
  static func cubicBezier(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double
  ) -> Double {
    // Power-basis coefficients: b(s) = ((a s + b) s + c) s.
    let cx = 3 * x1
    let bx = 3 * (x2 - x1) - cx
    let ax = 1 - cx - bx
    let cy = 3 * y1
    let by = 3 * (y2 - y1) - cy
    let ay = 1 - cy - by
    func curveX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    let tolerance = 1e-12

    var s = x
    var solved = false
    for _ in 0..<8 {
      let error = curveX(s) - x
      if abs(error) < tolerance {
        solved = true
        break
      }
      let slope = slopeX(s)
      if abs(slope) < 1e-6 { break }
      s -= error / slope
      if !(s >= 0 && s <= 1) { break }
    }
    if !solved {
      var low = 0.0
      var high = 1.0
      s = x
      while high - low > tolerance {
        s = (low + high) / 2
        let error = curveX(s) - x
        if abs(error) < tolerance { break }
        if error < 0 { low = s } else { high = s }
      }
    }
    return ((ay * s + by) * s + cy) * s
  }
}

extension Motion {
  /// The largest distance between the spring and `springEasing` that building the easing
  /// allows; the browser's reading stays within contract §6's 0.005.
  static let springEasingTolerance = 0.002

  /// Curve 7 as a CSS `linear()` function over 0.5 s, built once: the same string in every
  /// answer.
  ///
  /// Stops sit on a grid of 0.1 % of the duration, their values rounded to four decimals, and
  /// each segment is made as long as its chord stays within `springEasingTolerance` of the
  /// spring (checked every 0.01 %), so stops crowd where the curve bends and thin out where it
  /// settles.
  package static let springEasing: String = {
    let spring = Motion(curve: 7, duration: springDuration)
    let grid = 1000
    func value(_ i: Int) -> Int {
      i == grid ? 10_000 : Int((spring.progress(at: time(i)) * 10_000).rounded())
    }
    func time(_ i: Int) -> Double { springDuration * Double(i) / Double(grid) }
    func chordFits(_ a: Int, _ b: Int) -> Bool {
      let (va, vb) = (Double(value(a)) / 10_000, Double(value(b)) / 10_000)
      let steps = (b - a) * 10
      for j in 0...steps {
        let share = Double(j) / Double(steps)
        // At the last stop the spring jumps to 1: compare just before it as well.
        let t =
          j == steps && b == grid
          ? springDuration.nextDown : springDuration * (Double(a) + share * Double(b - a)) / Double(grid)
        if abs(va + (vb - va) * share - spring.progress(at: t)) > springEasingTolerance { return false }
      }
      return true
    }
    var stops = [0]
    while let last = stops.last, last < grid {
      var next = last + 1
      while next < grid, chordFits(last, next + 1) { next += 1 }
      stops.append(next)
    }
    var text = "linear(0"
    for stop in stops.dropFirst().dropLast() {
      text += ", " + decimal(value(stop), scale: 10_000) + " " + decimal(stop, scale: 10) + "%"
    }
    return text + ", 1)"
  }()

  /// `units / scale` in plain decimal notation without trailing zeros (`1234, 10_000` →
  /// `0.1234`, `158, 10` → `15.8`); `scale` is a power of ten.
  static func decimal(_ units: Int, scale: Int) -> String {
    var fraction = String(units % scale)
    fraction = String(repeating: "0", count: String(scale).count - 1 - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return String(units / scale) + (fraction.isEmpty ? "" : "." + fraction)
  }
}

/// A motion's frames (contract §6): `progress(k / frameRate)` for k = 0 … n, n the smallest integer
/// ≥ duration × frameRate − 1e-9, the last exactly 1; computed as read, never stored.
///
/// A decoded answer's frames are the values it held.
public struct MotionFrames: RandomAccessCollection, Hashable, Sendable {
  enum Source: Sendable {
    case sampled(Motion, frameRate: Int)
    case values([Double])
  }

  let source: Source
  /// How many frames there are: n + 1.
  public let count: Int

  /// The frames of `motion` sampled `frameRate` times a second.
  public init(_ motion: Motion, frameRate: Int) {
    source = .sampled(motion, frameRate: frameRate)
    count = Int(Self.lastIndex(duration: motion.duration, frameRate: frameRate)) + 1
  }

  /// Frames given as values, as a decoded answer holds them.
  public init(_ values: [Double]) {
    source = .values(values)
    count = values.count
  }

  /// n, the last frame's index, for a motion lasting `duration` seconds sampled `frameRate`
  /// times a second; a Double because a long motion's n need not fit an Int.
  @usableFromInline
  static func lastIndex(duration: Double, frameRate: Int) -> Double {
    Swift.max(0, (duration * Double(frameRate) - 1e-9).rounded(.up))
  }

  /// The most frames an answer holds: 2,401, ten seconds at 240 frames a second.
  public static let maximumCount = 2401

  /// The first frame's index: 0.
  public var startIndex: Int { 0 }
  /// One past the last frame's index: `count`.
  public var endIndex: Int { count }

  /// Frame `position`: the progress at `position / frameRate` seconds (exactly 1 for the last),
  /// or the value a decoded answer held.
  public subscript(position: Int) -> Double {
    switch source {
    case .sampled(let motion, let frameRate):
      position == count - 1 ? 1 : motion.progress(at: Double(position) / Double(frameRate))
    case .values(let values):
      values[position]
    }
  }

  /// Whether both hold the same values, however they were made.
  public static func == (lhs: MotionFrames, rhs: MotionFrames) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Hashes the values, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for value in self { hasher.combine(value) }
  }
}
