extension Point: Codable {
  enum CodingKeys: String, CodingKey {
    case x, y
  }

  /// Decodes `{"x", "y"}` as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads `{"x", "y"}`; both required, finite and within ±1e9.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    x = try container.validNumber("x")
    y = try container.validNumber("y")
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
  }
}
