extension ChatRequest: Codable {
  enum CodingKeys: String, CodingKey {
    case container, list, composer, contentOffset, contentSize, contentInset, keyboardInset, safeArea
    case lift, endThreshold, inverted, keyboard, keyboardHeight, viewport, screen, undocked, animation, track
  }

  /// Decodes and validates a request as `init(validating:)` reads it.
  ///
  /// Throws as `AvoidRequest.init(from:)` does.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads and validates a request as contract §2, §3, §6, §7, §11 and §12 define it, filling in
  /// the defaults, member by member in the order of §12's table.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    self.container = try Rect(validating: container.object("container"))
    list = try Rect(validating: container.object("list"))
    composer = try Rect(validating: container.object("composer"))
    contentOffset = try Point(validating: container.object("contentOffset"))
    contentSize = try Size(validating: container.object("contentSize"))
    contentInset = try container.insetsIfPresent("contentInset") ?? .zero
    keyboardInset = try container.validNumberIfPresent("keyboardInset", nonNegative: true)
    safeArea = try container.nonNegativeInsetsIfPresent("safeArea") ?? .zero
    lift = try container.contractNameIfPresent("lift") ?? Self.defaultLift
    endThreshold =
      try container.validNumberIfPresent("endThreshold", nonNegative: true) ?? Self.defaultEndThreshold
    inverted = try container.boolIfPresent("inverted") ?? false
    (keyboard, screen) = try container.keyboardAndScreen()
    undocked = try container.undockedPolicy()
    animation = try container.objectIfPresent("animation").map { try KeyboardAnimation(validating: $0) }
    track = try container.boolIfPresent("track") ?? false
  }

  /// Encodes every member, defaults included (`keyboardInset` only when set); the keyboard as the
  /// member it was read from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.container, forKey: .container)
    try container.encode(list, forKey: .list)
    try container.encode(composer, forKey: .composer)
    try container.encode(contentOffset, forKey: .contentOffset)
    try container.encode(contentSize, forKey: .contentSize)
    try container.encode(contentInset, forKey: .contentInset)
    try container.encodeIfPresent(keyboardInset, forKey: .keyboardInset)
    try container.encode(safeArea, forKey: .safeArea)
    try container.encode(lift, forKey: .lift)
    try container.encode(endThreshold, forKey: .endThreshold)
    try container.encode(inverted, forKey: .inverted)
    try keyboard.encode(
      to: &container, keyboard: .keyboard, keyboardHeight: .keyboardHeight, viewport: .viewport)
    try container.encodeIfPresent(screen, forKey: .screen)
    try container.encode(undocked, forKey: .undocked)
    try container.encodeIfPresent(animation, forKey: .animation)
    try container.encode(track, forKey: .track)
  }
}

extension ChatAnswer: Decodable, AnswerObject {
  enum CodingKeys: String, CodingKey {
    case keyboard, composerOffset, keyboardInset, contentOffset, contentInset, scrollIndicatorInsets, atEnd
    case animation, track, viewport
  }

  /// Decodes the contract §12 object; `track`, when present, must carry a chat track's members.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      keyboard: try container.decode(KeyboardAnswer.self, forKey: .keyboard),
      composerOffset: try container.decode(Point.self, forKey: .composerOffset),
      keyboardInset: try container.decode(Double.self, forKey: .keyboardInset),
      contentOffset: try container.decode(Point.self, forKey: .contentOffset),
      contentInset: try container.decode(Insets.self, forKey: .contentInset),
      scrollIndicatorInsets: try container.decode(Insets.self, forKey: .scrollIndicatorInsets),
      atEnd: try container.decode(Bool.self, forKey: .atEnd),
      animation: try container.decodeIfPresent(AnimationAnswer.self, forKey: .animation),
      track: try container.decodeIfPresent(KeyboardTrack.self, forKey: .track),
      viewport: try container.decodeIfPresent(ViewportAnswer.self, forKey: .viewport))
    if let track, track.members.mode != nil {
      throw DecodingError.dataCorruptedError(
        forKey: .track, in: container, debugDescription: "a chat answer's track carries a chat's members")
    }
  }

  /// Writes every member in the contract's order; `animation`, `track` and `viewport` only when
  /// present.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    writer.member("keyboard", keyboard)
    writer.member("composerOffset", composerOffset)
    writer.member("keyboardInset", keyboardInset)
    writer.member("contentOffset", contentOffset)
    writer.member("contentInset", contentInset)
    writer.member("scrollIndicatorInsets", scrollIndicatorInsets)
    writer.member("atEnd", atEnd)
    writer.member("animation", animation)
    writer.member("track", track)
    writer.member("viewport", viewport)
  }
}
