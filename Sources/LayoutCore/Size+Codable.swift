extension Size: Codable {
  enum CodingKeys: String, CodingKey {
    case width, height
  }

  /// Decodes `{"width", "height"}`; both required, ≥ 0 and ≤ 1e9.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    width = try container.number(forKey: .width, nonNegative: true)
    height = try container.number(forKey: .height, nonNegative: true)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}
