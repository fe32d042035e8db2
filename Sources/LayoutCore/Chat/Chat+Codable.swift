extension ChatRequest: ValidatingDecodable, Encodable {
  /// Reads and validates a request as contract §2, §3, §6, §7, §11, §12 and §15 define it, filling
  /// in the defaults, member by member in the order of §12's table.
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
    keyboardContext = try KeyboardContext(validating: container)
    animation = try container.objectIfPresent("animation").map { try KeyboardAnimation(validating: $0) }
    track = try container.boolIfPresent("track") ?? false
  }

  /// Encodes every member, defaults included (`keyboardInset` only when set); the keyboard as the
  /// member it was read from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: LayoutCodingKey.self)
    try container.encode(self.container, forKey: "container")
    try container.encode(list, forKey: "list")
    try container.encode(composer, forKey: "composer")
    try container.encode(contentOffset, forKey: "contentOffset")
    try container.encode(contentSize, forKey: "contentSize")
    try container.encode(contentInset, forKey: "contentInset")
    try container.encodeIfPresent(keyboardInset, forKey: "keyboardInset")
    try container.encode(safeArea, forKey: "safeArea")
    try container.encode(lift, forKey: "lift")
    try container.encode(endThreshold, forKey: "endThreshold")
    try container.encode(inverted, forKey: "inverted")
    try keyboardContext.encode(into: &container)
    try container.encodeIfPresent(animation, forKey: "animation")
    try container.encode(track, forKey: "track")
  }
}
