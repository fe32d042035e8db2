extension LayoutDecodingContainer {
  /// The sheet's `detents` (contract §14): an array of 1…16 numbers, each ≥ 0.
  ///
  /// Absent is `missingMember`; not an array, `null` included (as for any required member),
  /// `wrongType`; empty is `outOfRange` and more than 16 `tooMany`, at the array; an element is
  /// read as a number ≥ 0 at its index.
  @inlinable
  func sheetDetents() throws -> SheetDetents {
    guard let count = try arrayCountIfPresent("detents") else {
      guard contains("detents") else { throw LayoutValidationError.missingMember(at: path("detents")) }
      throw LayoutValidationError(
        DecodingError.valueNotFound(
          [Any].self, DecodingError.Context(codingPath: path("detents"), debugDescription: "null")))
    }
    if count == 0 {
      throw LayoutValidationError.empty(needing: "1 to \(SheetDetents.capacity) heights", at: path("detents"))
    }
    if count > SheetDetents.capacity {
      throw LayoutValidationError.tooMany(count, limit: SheetDetents.capacity, at: path("detents"))
    }
    var detents = SheetDetents()
    for index in 0..<count {
      detents.append(try validNumber("detents", at: index, nonNegative: true))
    }
    return detents
  }

  /// The sheet's `detent`: an integer index into `detents` (`2.0` is 2), 0 when absent or `null`.
  @inlinable
  func sheetDetent(of detents: SheetDetents) throws -> Int {
    guard let value = try validNumberIfPresent("detent") else { return 0 }
    guard value.rounded() == value else {
      throw LayoutValidationError.notAnInteger(value, at: path("detent"))
    }
    guard value >= 0, value < Double(detents.count) else {
      throw LayoutValidationError.outOfRange(
        value, within: "from 0 to \(detents.count - 1), an index of `detents`", at: path("detent"))
    }
    return Int(value)
  }
}

extension SheetRequest: ValidatingDecodable, Encodable {
  /// Reads and validates a request as contract §2, §3, §6, §7, §11, §13, §14 and §15 define it,
  /// filling in the defaults, member by member in the order of §14's table; a `field` without
  /// `contentOffset` or `contentSize` is `missingMember` at the first one missing, once every member
  /// has been read.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    self.container = try Rect(validating: container.object("container"))
    safeArea = try container.nonNegativeInsetsIfPresent("safeArea") ?? .zero
    detents = try container.sheetDetents()
    detent = try container.sheetDetent(of: detents)
    keyboardBehavior = try container.contractNameIfPresent("keyboardBehavior") ?? Self.defaultKeyboardBehavior
    topInset = try container.validNumberIfPresent("topInset", nonNegative: true) ?? 0
    header = try container.validNumberIfPresent("header", nonNegative: true) ?? 0
    field = try container.rectIfPresent("field")
    contentOffset = try container.objectIfPresent("contentOffset").map { try Point(validating: $0) }
    contentSize = try container.objectIfPresent("contentSize").map { try Size(validating: $0) }
    contentInset = try container.insetsIfPresent("contentInset") ?? .zero
    margin = try container.validNumberIfPresent("margin", nonNegative: true) ?? Self.defaultMargin
    keyboardContext = try KeyboardContext(validating: container)
    animation = try container.objectIfPresent("animation").map { try KeyboardAnimation(validating: $0) }
    track = try container.boolIfPresent("track") ?? false
    if field != nil {
      if contentOffset == nil {
        throw LayoutValidationError.missingMember(at: container.path("contentOffset"))
      }
      if contentSize == nil { throw LayoutValidationError.missingMember(at: container.path("contentSize")) }
    }
  }

  /// Encodes every member, defaults included (the field and its scroll view only when set); the
  /// keyboard as the member it was read from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: LayoutCodingKey.self)
    try container.encode(self.container, forKey: "container")
    try container.encode(safeArea, forKey: "safeArea")
    try container.encode(Array(detents), forKey: "detents")
    try container.encode(detent, forKey: "detent")
    try container.encode(keyboardBehavior, forKey: "keyboardBehavior")
    try container.encode(topInset, forKey: "topInset")
    try container.encode(header, forKey: "header")
    try container.encodeIfPresent(field, forKey: "field")
    try container.encodeIfPresent(contentOffset, forKey: "contentOffset")
    try container.encodeIfPresent(contentSize, forKey: "contentSize")
    try container.encode(contentInset, forKey: "contentInset")
    try container.encode(margin, forKey: "margin")
    try keyboardContext.encode(into: &container)
    try container.encodeIfPresent(animation, forKey: "animation")
    try container.encode(track, forKey: "track")
  }
}

extension SheetFrame: NumberObject {
  /// Reads `{"y", "height"}`: both required and within ±1e9, the height ≥ 0.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    y = try container.validNumber("y")
    height = try container.validNumber("height", nonNegative: true)
  }

  /// `{"y", "height"}`.
  @inlinable @inline(__always)
  public var numbers: NumberMembers { NumberMembers("y", y, "height", height) }

  /// The content area of the first two lanes of `values`.
  @inlinable
  public init(numbers values: SIMD4<Double>) {
    self.init(y: values[0], height: values[1])
  }

  /// An empty content area at the top.
  @inlinable
  public init() {
    self.init(y: 0, height: 0)
  }
}
