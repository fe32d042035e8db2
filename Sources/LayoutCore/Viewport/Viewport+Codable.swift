extension LayoutDecodingContainer {
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

extension WebViewport: ValidatingDecodable, Encodable {
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
    var container = encoder.container(keyedBy: LayoutCodingKey.self)
    try container.encode(layout, forKey: "layout")
    try container.encode(visual, forKey: "visual")
    try container.encode(interactiveWidget, forKey: "interactiveWidget")
    try container.encodeIfPresent(restingHeight, forKey: "restingHeight")
    try container.encodeIfPresent(keyboardRect, forKey: "keyboardRect")
    try container.encode(threshold, forKey: "threshold")
  }
}

extension VisualViewport: ValidatingDecodable, Encodable {
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
    var container = encoder.container(keyedBy: LayoutCodingKey.self)
    try container.encode(offsetLeft, forKey: "offsetLeft")
    try container.encode(offsetTop, forKey: "offsetTop")
    try container.encode(width, forKey: "width")
    try container.encode(height, forKey: "height")
    try container.encode(scale, forKey: "scale")
  }
}

extension FixedTransform: NumberObject {
  /// Reads `{"x", "y", "scale"}`: all required and within ±1e9.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    x = try container.validNumber("x")
    y = try container.validNumber("y")
    scale = try container.validNumber("scale")
  }

  /// `{"x", "y", "scale"}`.
  @inlinable @inline(__always)
  public var numbers: NumberMembers { NumberMembers("x", x, "y", y, "scale", scale) }

  /// The transform of the first three lanes of `values`.
  @inlinable
  public init(numbers values: SIMD4<Double>) {
    self.init(x: values[0], y: values[1], scale: values[2])
  }

  /// No translation, scale 1.
  @inlinable
  public init() {
    self.init(x: 0, y: 0, scale: 1)
  }
}

extension ViewportAnswer: AnswerObject {
  /// A page with no keyboard and nothing on screen: what a reader fills in.
  public init() {
    self.init(keyboardHeight: 0, visible: .zero, fixedTop: FixedTransform(), fixedBottom: FixedTransform())
  }

  /// `{"keyboardHeight", "visible", "fixedTop", "fixedBottom"}`.
  @inlinable
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    members.member("keyboardHeight", &keyboardHeight)
    members.member("visible", &visible)
    members.member("fixedTop", &fixedTop)
    members.member("fixedBottom", &fixedBottom)
  }
}
