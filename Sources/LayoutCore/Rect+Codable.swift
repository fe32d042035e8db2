extension Rect: Codable {
  enum CodingKeys: String, CodingKey {
    case x, y, width, height
  }

  /// Decodes `{"x", "y", "width", "height"}` as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads `{"x", "y", "width", "height"}`; all required, within ±1e9, the size ≥ 0.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    x = try container.validNumber("x")
    y = try container.validNumber("y")
    width = try container.validNumber("width", nonNegative: true)
    height = try container.validNumber("height", nonNegative: true)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}
