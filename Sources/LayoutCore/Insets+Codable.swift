extension Insets: Codable {
  enum CodingKeys: String, CodingKey {
    case top, left, bottom, right
  }

  /// Decodes `{"top", "left", "bottom", "right"}` as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads `{"top", "left", "bottom", "right"}`; a missing member is 0, any sign is accepted.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    top = try container.validNumberIfPresent("top") ?? 0
    left = try container.validNumberIfPresent("left") ?? 0
    bottom = try container.validNumberIfPresent("bottom") ?? 0
    right = try container.validNumberIfPresent("right") ?? 0
  }

  /// Encodes all four members, zeros included.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(top, forKey: .top)
    try container.encode(left, forKey: .left)
    try container.encode(bottom, forKey: .bottom)
    try container.encode(right, forKey: .right)
  }
}
