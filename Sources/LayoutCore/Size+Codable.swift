extension Size: Codable {
  enum CodingKeys: String, CodingKey {
    case width, height
  }

  /// Decodes `{"width", "height"}` as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads `{"width", "height"}`; both required, ≥ 0 and ≤ 1e9.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    width = try container.validNumber("width", nonNegative: true)
    height = try container.validNumber("height", nonNegative: true)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}
