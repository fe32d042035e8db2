extension LayoutDecodingContainer {
  /// The keyboard from `keyboard` (a frame or `null`), `keyboardHeight` or `viewport` (contract §3,
  /// §13), and `screen`.
  ///
  /// The four are read and validated first, in that order, so that a broken one is reported before
  /// the rules against sending two: both `keyboard` and `keyboardHeight` is `bothKeyboardAndHeight`
  /// at `keyboard`, then `viewport` with any of the other three is `conflictingMembers` at
  /// `viewport`, and none of the keyboard's three is `noKeyboard` at `keyboard`.
  /// `"keyboard": null` is a hidden keyboard and counts as present; `null` for `keyboardHeight`,
  /// `screen` or `viewport` is absent.
  @inlinable
  func keyboardAndScreen() throws -> (keyboard: KeyboardInput, screen: Rect?) {
    let height = try validNumberIfPresent("keyboardHeight", nonNegative: true)
    let frame = try objectIfPresent("keyboard").map { try Rect(validating: $0) }
    if let page = try objectIfPresent("viewport") {
      let viewport = try WebViewport(validating: page)
      let screen = try objectIfPresent("screen").map { try Rect(validating: $0) }
      let keyboardSent = frame != nil || contains("keyboard")
      if keyboardSent, height != nil {
        throw LayoutValidationError.bothKeyboardAndHeight(at: path("keyboard"))
      }
      let other: StaticString? =
        keyboardSent ? "keyboard" : height != nil ? "keyboardHeight" : screen != nil ? "screen" : nil
      if let other {
        throw LayoutValidationError.conflictingMembers(
          at: path("viewport"),
          detail:
            "Send either `viewport` or `\(other)`, not both: `viewport` describes the keyboard and the screen."
        )
      }
      return (.viewport(viewport), nil)
    }
    let screen = try objectIfPresent("screen").map { try Rect(validating: $0) }
    let keyboard: KeyboardInput
    if let frame {
      keyboard = .frame(frame)
    } else if contains("keyboard") {
      keyboard = .hidden
    } else {
      guard let height else { throw LayoutValidationError.noKeyboard(at: path("keyboard")) }
      return (.height(height), screen)
    }
    if height != nil { throw LayoutValidationError.bothKeyboardAndHeight(at: path("keyboard")) }
    return (keyboard, screen)
  }

  /// The number at `name`, required: absent or `null` is `missingMember` (contract §13's rule for
  /// the members of `viewport.visual`).
  @inlinable @inline(__always)
  func requiredNumber(_ name: StaticString, nonNegative: Bool = false) throws -> Double {
    guard let value = try validNumberIfPresent(name, nonNegative: nonNegative) else {
      throw LayoutValidationError.missingMember(at: path(name))
    }
    return value
  }

  /// The object at `name`, required: absent or `null` is `missingMember`.
  @inlinable @inline(__always)
  func requiredObject(_ name: StaticString) throws -> Self {
    guard let object = try objectIfPresent(name) else {
      throw LayoutValidationError.missingMember(at: path(name))
    }
    return object
  }
}

extension WebViewport: Codable {
  enum CodingKeys: String, CodingKey {
    case layout, visual, interactiveWidget, restingHeight, keyboardRect, threshold
  }

  /// Decodes and validates the member as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads `viewport` as contract §13 defines it: `layout` and `visual` (all five members) required,
  /// `null` for any of them `missingMember`; `scale` within `[0.01, 100]`; `restingHeight` only with
  /// `resizes-content` and `keyboardRect` only with `overlays-content`, else `conflictingMembers` at
  /// that member.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    self.init(
      layout: try Size(validating: container.requiredObject("layout")),
      visual: try VisualViewport(validating: container.requiredObject("visual")))
    // The members besides `layout` and `visual` not read yet, `null` ones included: none, as a
    // page usually sends it, and the defaults stand; once all are read, the rest are absent.
    var unread = container.memberCount &- 2
    guard unread > 0 else { return }
    if let widget: InteractiveWidget = try container.contractNameIfPresent("interactiveWidget") {
      interactiveWidget = widget
      unread &-= 1
    }
    if unread > 0, let height = try container.validNumberIfPresent("restingHeight", nonNegative: true) {
      guard interactiveWidget == .resizesContent else {
        throw Self.modeConflict(.resizesContent, for: "restingHeight", in: container)
      }
      restingHeight = height
      unread &-= 1
    }
    if unread > 0, let rect = try container.rectIfPresent("keyboardRect") {
      guard interactiveWidget == .overlaysContent else {
        throw Self.modeConflict(.overlaysContent, for: "keyboardRect", in: container)
      }
      keyboardRect = rect
      unread &-= 1
    }
    if unread > 0, let threshold = try container.validNumberIfPresent("threshold", nonNegative: true) {
      self.threshold = threshold
    }
  }

  /// `conflictingMembers` at `member`, sent with another mode than `mode`: `restingHeight` is read
  /// only with `resizes-content`, `keyboardRect` only with `overlays-content`.
  @usableFromInline
  static func modeConflict(
    _ mode: InteractiveWidget, for member: StaticString, in container: some LayoutDecodingContainer
  ) -> LayoutValidationError {
    .conflictingMembers(
      at: container.path(member),
      detail: "`\(member)` is read only with `interactiveWidget: \"\(mode.rawValue)\"`.")
  }

  /// Encodes every member, defaults included; `restingHeight` and `keyboardRect` when set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(layout, forKey: .layout)
    try container.encode(visual, forKey: .visual)
    try container.encode(interactiveWidget, forKey: .interactiveWidget)
    try container.encodeIfPresent(restingHeight, forKey: .restingHeight)
    try container.encodeIfPresent(keyboardRect, forKey: .keyboardRect)
    try container.encode(threshold, forKey: .threshold)
  }
}

extension VisualViewport: Codable {
  enum CodingKeys: String, CodingKey {
    case offsetLeft, offsetTop, width, height, scale
  }

  /// Decodes and validates the member as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads `{offsetLeft, offsetTop, width, height, scale}`, all required (`null` is
  /// `missingMember`): the offsets of any sign, the size ≥ 0, `scale` within `[0.01, 100]`.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    offsetLeft = try container.requiredNumber("offsetLeft")
    offsetTop = try container.requiredNumber("offsetTop")
    width = try container.requiredNumber("width", nonNegative: true)
    height = try container.requiredNumber("height", nonNegative: true)
    scale = try container.requiredNumber("scale")
    guard Self.scales.contains(scale) else {
      throw LayoutValidationError.outOfRange(
        scale, within: "from \(Self.scales.lowerBound) to \(Self.scales.upperBound)",
        at: container.path("scale"))
    }
  }

  /// Encodes all five members.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(offsetLeft, forKey: .offsetLeft)
    try container.encode(offsetTop, forKey: .offsetTop)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(scale, forKey: .scale)
  }
}

extension FixedTransform: NumberObject {
  /// `{"x", "y", "scale"}`.
  @inlinable @inline(__always)
  public var members: NumberMembers { NumberMembers("x", x, "y", y, "scale", scale) }
}

extension ViewportAnswer: AnswerObject {
  /// Writes `{"keyboardHeight", "visible", "fixedTop", "fixedBottom"}`.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    writer.member("keyboardHeight", keyboardHeight)
    writer.member("visible", visible)
    writer.member("fixedTop", fixedTop)
    writer.member("fixedBottom", fixedBottom)
  }
}
