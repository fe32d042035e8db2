extension AvoidRequest: ValidatingDecodable, Encodable {
  /// Reads and validates a request as contract §2–§4, §6, §7, §11, §13 and §15 define it, filling in
  /// the defaults.
  ///
  /// An absent or `null` optional member takes its default; unknown members are ignored.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    self.container = try Rect(validating: container.object("container"))
    field = try Rect(validating: container.object("field"))
    keyboardContext = try KeyboardContext(validating: container)
    safeArea = try container.nonNegativeInsetsIfPresent("safeArea") ?? .zero
    margin = try container.validNumberIfPresent("margin", nonNegative: true) ?? Self.defaultMargin
    mode = try container.contractNameIfPresent("mode") ?? Self.defaultMode
    contentOffset = try container.objectIfPresent("contentOffset").map { try Point(validating: $0) }
    contentSize = try container.objectIfPresent("contentSize").map { try Size(validating: $0) }
    contentInset = try container.insetsIfPresent("contentInset") ?? .zero
    animation = try container.objectIfPresent("animation").map { try KeyboardAnimation(validating: $0) }
    alsoReveal = try container.alsoRevealIfPresent()
    track = try container.boolIfPresent("track") ?? false
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
    var container = encoder.container(keyedBy: LayoutCodingKey.self)
    try container.encode(self.container, forKey: "container")
    try container.encode(field, forKey: "field")
    try keyboardContext.encode(into: &container)
    try container.encode(safeArea, forKey: "safeArea")
    try container.encode(margin, forKey: "margin")
    try container.encode(mode, forKey: "mode")
    try container.encodeIfPresent(contentOffset, forKey: "contentOffset")
    try container.encodeIfPresent(contentSize, forKey: "contentSize")
    try container.encode(contentInset, forKey: "contentInset")
    try container.encodeIfPresent(animation, forKey: "animation")
    try container.encodeIfPresent(alsoReveal, forKey: "alsoReveal")
    try container.encode(track, forKey: "track")
  }
}
