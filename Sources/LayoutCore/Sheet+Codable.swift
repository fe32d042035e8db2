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

extension SheetRequest: Codable {
  enum CodingKeys: String, CodingKey {
    case container, safeArea, detents, detent, keyboardBehavior, topInset, header, field, contentOffset
    case contentSize, contentInset, margin, keyboard, keyboardHeight, viewport, screen, undocked, animation
    case track
  }

  /// Decodes and validates a request as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads and validates a request as contract §2, §3, §6, §7, §11, §13 and §14 define it, filling
  /// in the defaults, member by member in the order of §14's table; a `field` without
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
    (keyboard, screen) = try container.keyboardAndScreen()
    undocked = try container.undockedPolicy()
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
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.container, forKey: .container)
    try container.encode(safeArea, forKey: .safeArea)
    try container.encode(Array(detents), forKey: .detents)
    try container.encode(detent, forKey: .detent)
    try container.encode(keyboardBehavior, forKey: .keyboardBehavior)
    try container.encode(topInset, forKey: .topInset)
    try container.encode(header, forKey: .header)
    try container.encodeIfPresent(field, forKey: .field)
    try container.encodeIfPresent(contentOffset, forKey: .contentOffset)
    try container.encodeIfPresent(contentSize, forKey: .contentSize)
    try container.encode(contentInset, forKey: .contentInset)
    try container.encode(margin, forKey: .margin)
    try keyboard.encode(
      to: &container, keyboard: .keyboard, keyboardHeight: .keyboardHeight, viewport: .viewport)
    try container.encodeIfPresent(screen, forKey: .screen)
    try container.encode(undocked, forKey: .undocked)
    try container.encodeIfPresent(animation, forKey: .animation)
    try container.encode(track, forKey: .track)
  }
}

extension SheetFrame: NumberObject {
  /// `{"y", "height"}`.
  @inlinable @inline(__always)
  public var members: NumberMembers { NumberMembers("y", y, "height", height) }
}

extension SheetAnswer: Decodable, AnswerObject {
  enum CodingKeys: String, CodingKey {
    case keyboard, sheet, bottomInset, shrunk, contentOffset, fits, animation, track, viewport
  }

  /// Decodes the contract §14 object; `track`, when present, must carry a sheet's members.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      keyboard: try container.decode(KeyboardAnswer.self, forKey: .keyboard),
      sheet: try container.decode(SheetFrame.self, forKey: .sheet),
      bottomInset: try container.decode(Double.self, forKey: .bottomInset),
      shrunk: try container.decode(Bool.self, forKey: .shrunk),
      contentOffset: try container.decodeIfPresent(Point.self, forKey: .contentOffset),
      fits: try container.decodeIfPresent(Bool.self, forKey: .fits),
      animation: try container.decodeIfPresent(AnimationAnswer.self, forKey: .animation),
      viewport: try container.decodeIfPresent(ViewportAnswer.self, forKey: .viewport))
    track = try container.decodeIfPresent(KeyboardTrack.self, forKey: .track)
    if let track, case .sheet = track.members {
    } else if track != nil {
      throw DecodingError.dataCorruptedError(
        forKey: .track, in: container, debugDescription: "a sheet answer's track carries a sheet's members")
    }
  }

  /// Writes every member in the contract's order; `contentOffset` and `fits` with a field,
  /// `animation`, `track` and `viewport` only when present.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    writer.member("keyboard", keyboard)
    writer.member("sheet", sheet)
    writer.member("bottomInset", bottomInset)
    writer.member("shrunk", shrunk)
    writer.member("contentOffset", contentOffset)
    writer.member("fits", fits)
    writer.member("animation", animation)
    writer.member("track", track)
    writer.member("viewport", viewport)
  }
}
