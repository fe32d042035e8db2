extension Point: Decodable, NumberObject {
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

  /// `{"x", "y"}`.
  @inlinable @inline(__always)
  public var members: NumberMembers { NumberMembers("x", x, "y", y) }
}

extension Size: Decodable, NumberObject {
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

  /// `{"width", "height"}`.
  @inlinable @inline(__always)
  public var members: NumberMembers { NumberMembers("width", width, "height", height) }
}

extension Rect: Decodable, NumberObject {
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

  /// `{"x", "y", "width", "height"}`.
  @inlinable @inline(__always)
  public var members: NumberMembers { NumberMembers("x", x, "y", y, "width", width, "height", height) }
}

extension Insets: Decodable, NumberObject {
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

  /// All four members, zeros included.
  @inlinable @inline(__always)
  public var members: NumberMembers {
    NumberMembers("top", top, "left", left, "bottom", bottom, "right", right)
  }
}
