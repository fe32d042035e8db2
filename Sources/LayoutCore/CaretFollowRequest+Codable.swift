extension CaretFollowRequest: Codable {
  enum CodingKeys: String, CodingKey {
    case textView, caret, contentOffset, contentSize, contentInset, safeArea, keyboard, keyboardHeight
    case screen, undocked, margin, lineHeight
  }

  /// Decodes and validates a request as `init(validating:)` reads it.
  ///
  /// Throws as `AvoidRequest.init(from:)` does.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads and validates a request as SPEC §2, §3, §5 and §7 define it, filling in the
  /// defaults.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    textView = try Rect(validating: container.object("textView"))
    caret = try Rect(validating: container.object("caret"))
    contentOffset = try Point(validating: container.object("contentOffset"))
    contentSize = try Size(validating: container.object("contentSize"))
    contentInset = try container.insetsIfPresent("contentInset") ?? .zero
    safeArea = try container.nonNegativeInsetsIfPresent("safeArea") ?? .zero
    keyboard = try container.keyboardInput()
    screen = try container.rectIfPresent("screen")
    undocked = try container.undockedPolicy()
    margin = try container.validNumberIfPresent("margin", nonNegative: true) ?? Self.defaultMargin
    lineHeight = try container.validNumberIfPresent("lineHeight", nonNegative: true) ?? Self.defaultLineHeight
  }

  /// Encodes every member, defaults included; the keyboard as the member it was read from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(textView, forKey: .textView)
    try container.encode(caret, forKey: .caret)
    try container.encode(contentOffset, forKey: .contentOffset)
    try container.encode(contentSize, forKey: .contentSize)
    try container.encode(contentInset, forKey: .contentInset)
    try container.encode(safeArea, forKey: .safeArea)
    try keyboard.encode(to: &container, keyboard: .keyboard, keyboardHeight: .keyboardHeight)
    try container.encodeIfPresent(screen, forKey: .screen)
    try container.encode(undocked, forKey: .undocked)
    try container.encode(margin, forKey: .margin)
    try container.encode(lineHeight, forKey: .lineHeight)
  }
}
