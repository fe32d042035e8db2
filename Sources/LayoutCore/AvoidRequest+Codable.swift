extension AvoidRequest: Codable {
  enum CodingKeys: String, CodingKey {
    case container, field, keyboard, keyboardHeight, screen, undocked, safeArea, margin, mode
    case contentOffset, contentSize, contentInset, animation
  }

  /// Decodes and validates a request as `init(validating:)` reads it.
  ///
  /// Throws `LayoutValidationError` for contract violations and the decoder's `DecodingError`
  /// for missing members and wrong types; `LayoutValidationError.init(_:)` maps the latter.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads and validates a request as SPEC §2–§4 and §7 define it, filling in the defaults.
  ///
  /// An absent or `null` optional member takes its default; unknown members are ignored.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    self.container = try Rect(validating: container.object("container"))
    field = try Rect(validating: container.object("field"))
    keyboard = try container.keyboardInput()
    screen = try container.rectIfPresent("screen")
    undocked = try container.undockedPolicy()
    safeArea = try container.nonNegativeInsetsIfPresent("safeArea") ?? .zero
    margin = try container.validNumberIfPresent("margin", nonNegative: true) ?? Self.defaultMargin
    mode = try container.avoidMode()
    contentOffset = try container.objectIfPresent("contentOffset").map { try Point(validating: $0) }
    contentSize = try container.objectIfPresent("contentSize").map { try Size(validating: $0) }
    contentInset = try container.insetsIfPresent("contentInset") ?? .zero
    animation = try container.objectIfPresent("animation").map { try KeyboardAnimation(validating: $0) }
    if mode == .scroll {
      if contentOffset == nil {
        throw LayoutValidationError.missingMember(at: container.path("contentOffset"))
      }
      if contentSize == nil {
        throw LayoutValidationError.missingMember(at: container.path("contentSize"))
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
