extension KeyboardAnimation: ValidatingDecodable, Encodable {
  /// Reads `{"duration", "curve", "platform", "frameRate"}`, in that order, with the defaults filled
  /// in: `duration` ≥ 0, `curve` an integer 0…15 (`7.0` reads as 7), `platform` absent, `"ios"` or
  /// `"android"` (contract §6.1; `duration` and `curve` are checked on Android too), `frameRate`
  /// absent or an integer 1…240 that asks for at most 2,401 frames of the platform's motion
  /// (contract §6; type and range are checked first).
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    duration = try container.validNumberIfPresent("duration", nonNegative: true) ?? Self.defaultDuration
    if let curve = try container.validNumberIfPresent("curve") {
      guard curve.rounded() == curve, curve >= Double(Self.curves.lowerBound),
        curve <= Double(Self.curves.upperBound)
      else {
        throw LayoutValidationError.badCurve(curve, at: container.path("curve"))
      }
      self.curve = Int(curve)
    } else {
      curve = Self.defaultCurve
    }
    platform = try container.contractNameIfPresent("platform")
    frameRate = try container.frameRateIfPresent(
      for: KeyboardAnimation(duration: duration, curve: curve, platform: platform).motion)
  }

  /// Encodes `{"duration", "curve"}`, and `frameRate` and `platform` when present.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: LayoutCodingKey.self)
    try container.encode(duration, forKey: "duration")
    try container.encode(curve, forKey: "curve")
    try container.encodeIfPresent(frameRate, forKey: "frameRate")
    try container.encodeIfPresent(platform, forKey: "platform")
  }
}

extension AnimationAnswer: AnswerObject {
  /// An answer with every member at its zero: what a reader fills in.
  public init() {
    self.init(duration: nil, curve: nil, options: nil, motionDuration: 0, easing: "", timingFunction: nil)
  }

  /// Every member present, in the contract's order: `platform` first when the request sent one,
  /// the UIKit members unless on Android, `frames` only with a frame rate.
  @inlinable
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    members.member("platform", &platform)
    members.member("duration", &duration)
    members.member("curve", &curve)
    members.member("options", &options)
    members.member("motionDuration", &motionDuration)
    members.member("easing", &easing)
    members.member("frames", numbers: &frames)
    members.member("timingFunction", &timingFunction)
  }
}

extension MotionFrames: AnswerArray {
  /// Frames given as values, as a decoded answer holds them.
  public init(answerElements elements: [Double]) {
    self.init(elements)
  }
}
