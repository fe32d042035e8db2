extension KeyboardAnimation: Codable {
  enum CodingKeys: String, CodingKey {
    case duration, curve
  }

  /// Decodes `{"duration", "curve"}` with the defaults filled in: `duration` ≥ 0, `curve` an
  /// integer 0…15 (`7.0` reads as 7).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    duration =
      try container.numberIfPresent(forKey: .duration, nonNegative: true) ?? Self.defaultDuration
    if let curve = try container.numberIfPresent(forKey: .curve) {
      guard curve.rounded() == curve, curve >= 0, curve <= 15 else {
        throw LayoutValidationError.badCurve(curve, at: container.codingPath + [CodingKeys.curve])
      }
      self.curve = Int(curve)
    } else {
      curve = Self.defaultCurve
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(duration, forKey: .duration)
    try container.encode(curve, forKey: .curve)
  }
}
