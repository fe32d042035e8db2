extension Point: Codable {
  enum CodingKeys: String, CodingKey {
    case x, y
  }

  /// Decodes `{"x", "y"}`; both required, finite and within ±1e9.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    x = try container.number(forKey: .x)
    y = try container.number(forKey: .y)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
  }
}
