extension KeyboardAnimation: Codable {
  enum CodingKeys: String, CodingKey {
    case duration, curve
  }

  /// Decodes `{"duration", "curve"}` as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads `{"duration", "curve"}` with the defaults filled in: `duration` ≥ 0, `curve` an
  /// integer 0…15 (`7.0` reads as 7).
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    duration = try container.validNumberIfPresent("duration", nonNegative: true) ?? Self.defaultDuration
    if let curve = try container.validNumberIfPresent("curve") {
      guard curve.rounded() == curve, curve >= 0, curve <= 15 else {
        throw LayoutValidationError.badCurve(curve, at: container.path("curve"))
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
