extension CaretFollowRequest: Codable {
  enum CodingKeys: String, CodingKey {
    case textView, caret, contentOffset, contentSize, contentInset, safeArea, keyboard, keyboardHeight
    case screen, undocked, margin, lineHeight
  }

  /// Decodes and validates a request as SPEC §2, §3, §5 and §7 define it, filling in the
  /// defaults.
  ///
  /// Throws as `AvoidRequest.init(from:)` does.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    textView = try container.decode(Rect.self, forKey: .textView)
    caret = try container.decode(Rect.self, forKey: .caret)
    contentOffset = try container.decode(Point.self, forKey: .contentOffset)
    contentSize = try container.decode(Size.self, forKey: .contentSize)
    contentInset = try container.decodeIfPresent(Insets.self, forKey: .contentInset) ?? .zero
    safeArea = try container.nonNegativeInsetsIfPresent(forKey: .safeArea) ?? .zero
    keyboard = try container.keyboardInput(keyboard: .keyboard, keyboardHeight: .keyboardHeight)
    screen = try container.decodeIfPresent(Rect.self, forKey: .screen)
    undocked = try container.undockedPolicy(forKey: .undocked)
    margin = try container.numberIfPresent(forKey: .margin, nonNegative: true) ?? Self.defaultMargin
    lineHeight =
      try container.numberIfPresent(forKey: .lineHeight, nonNegative: true) ?? Self.defaultLineHeight
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
