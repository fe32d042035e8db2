extension Rect: Codable {
  enum CodingKeys: String, CodingKey {
    case x, y, width, height
  }

  /// Decodes `{"x", "y", "width", "height"}`; all required, within ±1e9, the size ≥ 0.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    x = try container.number(forKey: .x)
    y = try container.number(forKey: .y)
    width = try container.number(forKey: .width, nonNegative: true)
    height = try container.number(forKey: .height, nonNegative: true)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}
