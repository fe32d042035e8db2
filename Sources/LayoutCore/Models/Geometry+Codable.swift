extension Point: NumberObject {
  /// Reads `{"x", "y"}`; both required, finite and within ±1e9.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    x = try container.validNumber("x")
    y = try container.validNumber("y")
  }

  /// `{"x", "y"}`.
  @inlinable @inline(__always)
  public var numbers: NumberMembers { NumberMembers("x", x, "y", y) }

  /// The point at the first two lanes of `values`.
  @inlinable
  public init(numbers values: SIMD4<Double>) {
    self.init(x: values[0], y: values[1])
  }

  /// The origin.
  @inlinable
  public init() {
    self.init(x: 0, y: 0)
  }
}

extension Size: NumberObject {
  /// Reads `{"width", "height"}`; both required, ≥ 0 and ≤ 1e9.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    width = try container.validNumber("width", nonNegative: true)
    height = try container.validNumber("height", nonNegative: true)
  }

  /// `{"width", "height"}`.
  @inlinable @inline(__always)
  public var numbers: NumberMembers { NumberMembers("width", width, "height", height) }

  /// The size of the first two lanes of `values`.
  @inlinable
  public init(numbers values: SIMD4<Double>) {
    self.init(width: values[0], height: values[1])
  }

  /// The empty size.
  @inlinable
  public init() {
    self.init(width: 0, height: 0)
  }
}

extension Rect: NumberObject {
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
  public var numbers: NumberMembers { NumberMembers("x", x, "y", y, "width", width, "height", height) }

  /// The rectangle of the four lanes of `values`.
  @inlinable
  public init(numbers values: SIMD4<Double>) {
    self.init(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  /// The empty rectangle at the origin.
  @inlinable
  public init() {
    self.init(x: 0, y: 0, width: 0, height: 0)
  }
}

extension Insets: NumberObject {
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
  public var numbers: NumberMembers {
    NumberMembers("top", top, "left", left, "bottom", bottom, "right", right)
  }

  /// No inset on any edge.
  @inlinable
  public init() {
    self.init(top: 0)
  }

  /// The insets of the four lanes of `values`.
  @inlinable
  public init(numbers values: SIMD4<Double>) {
    self.init(top: values[0], left: values[1], bottom: values[2], right: values[3])
  }
}
