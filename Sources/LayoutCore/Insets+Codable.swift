extension Insets: Codable {
  enum CodingKeys: String, CodingKey {
    case top, left, bottom, right
  }

  /// Decodes `{"top", "left", "bottom", "right"}`; a missing member is 0, any sign is accepted.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    top = try container.numberIfPresent(forKey: .top) ?? 0
    left = try container.numberIfPresent(forKey: .left) ?? 0
    bottom = try container.numberIfPresent(forKey: .bottom) ?? 0
    right = try container.numberIfPresent(forKey: .right) ?? 0
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
