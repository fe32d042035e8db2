extension AvoidRequest: Codable {
  enum CodingKeys: String, CodingKey {
    case container, field, keyboard, keyboardHeight, screen, undocked, safeArea, margin, mode
    case contentOffset, contentSize, contentInset, animation
  }

  /// Decodes and validates a request as SPEC §2–§4 and §7 define it, filling in the defaults.
  ///
  /// Throws `LayoutValidationError` for contract violations and the decoder's `DecodingError`
  /// for missing members and wrong types; `LayoutValidationError.init(_:)` maps the latter.
  /// An absent or `null` optional member takes its default; unknown members are ignored.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.container = try container.decode(Rect.self, forKey: .container)
    field = try container.decode(Rect.self, forKey: .field)
    keyboard = try container.keyboardInput(keyboard: .keyboard, keyboardHeight: .keyboardHeight)
    screen = try container.decodeIfPresent(Rect.self, forKey: .screen)
    undocked = try container.undockedPolicy(forKey: .undocked)
    safeArea = try container.nonNegativeInsetsIfPresent(forKey: .safeArea) ?? .zero
    margin = try container.numberIfPresent(forKey: .margin, nonNegative: true) ?? Self.defaultMargin
    mode = try container.avoidMode(forKey: .mode)
    contentOffset = try container.decodeIfPresent(Point.self, forKey: .contentOffset)
    contentSize = try container.decodeIfPresent(Size.self, forKey: .contentSize)
    contentInset = try container.decodeIfPresent(Insets.self, forKey: .contentInset) ?? .zero
    animation = try container.decodeIfPresent(KeyboardAnimation.self, forKey: .animation)
    if mode == .scroll {
      if contentOffset == nil {
        throw LayoutValidationError.missingMember(at: container.codingPath + [CodingKeys.contentOffset])
      }
      if contentSize == nil {
        throw LayoutValidationError.missingMember(at: container.codingPath + [CodingKeys.contentSize])
      }
    }
  }

  /// Encodes every member, defaults included; the keyboard as the member it was read from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.container, forKey: .container)
    try container.encode(field, forKey: .field)
    try keyboard.encode(to: &container, keyboard: .keyboard, keyboardHeight: .keyboardHeight)
    try container.encodeIfPresent(screen, forKey: .screen)
    try container.encode(undocked, forKey: .undocked)
    try container.encode(safeArea, forKey: .safeArea)
    try container.encode(margin, forKey: .margin)
    try container.encode(mode, forKey: .mode)
    try container.encodeIfPresent(contentOffset, forKey: .contentOffset)
    try container.encodeIfPresent(contentSize, forKey: .contentSize)
    try container.encode(contentInset, forKey: .contentInset)
    try container.encodeIfPresent(animation, forKey: .animation)
  }
}
