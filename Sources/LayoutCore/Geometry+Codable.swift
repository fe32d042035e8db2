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

  /// Encodes `{"x", "y"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
  }
}

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

  /// Encodes `{"width", "height"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}

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

  /// Encodes `{"x", "y", "width", "height"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
  }
}

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
