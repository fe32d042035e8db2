extension CaretFollowRequest: ValidatingDecodable, Encodable {
  /// Reads and validates a request as contract §2, §3, §5, §7, §11 and §15 define it, filling in
  /// the defaults.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    textView = try Rect(validating: container.object("textView"))
    caret = try Rect(validating: container.object("caret"))
    contentOffset = try Point(validating: container.object("contentOffset"))
    contentSize = try Size(validating: container.object("contentSize"))
    contentInset = try container.insetsIfPresent("contentInset") ?? .zero
    safeArea = try container.nonNegativeInsetsIfPresent("safeArea") ?? .zero
    keyboardContext = try KeyboardContext(validating: container)
    margin = try container.validNumberIfPresent("margin", nonNegative: true) ?? Self.defaultMargin
    lineHeight = try container.validNumberIfPresent("lineHeight", nonNegative: true) ?? Self.defaultLineHeight
    track = try container.boolIfPresent("track") ?? false
  }

  /// Encodes every member, defaults included; the keyboard as the member it was read from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: LayoutCodingKey.self)
    try container.encode(textView, forKey: "textView")
    try container.encode(caret, forKey: "caret")
    try container.encode(contentOffset, forKey: "contentOffset")
    try container.encode(contentSize, forKey: "contentSize")
    try container.encode(contentInset, forKey: "contentInset")
    try container.encode(safeArea, forKey: "safeArea")
    try keyboardContext.encode(into: &container)
    try container.encode(margin, forKey: "margin")
    try container.encode(lineHeight, forKey: "lineHeight")
    try container.encode(track, forKey: "track")
  }
}
