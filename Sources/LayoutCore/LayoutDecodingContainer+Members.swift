extension LayoutDecodingContainer {
  /// The keyboard from `keyboard` (a frame or `null`) or `keyboardHeight` (SPEC §3).
  ///
  /// Exactly one of the two must be present; `"keyboard": null` is a hidden keyboard, while a
  /// missing `keyboard` without `keyboardHeight` is `noKeyboard`. Both errors point at `keyboard`.
  @inlinable
  func keyboardInput() throws -> KeyboardInput {
    let height = try validNumberIfPresent("keyboardHeight", nonNegative: true)
    if let frame = try objectIfPresent("keyboard") {
      let rect = try Rect(validating: frame)
      if height != nil { throw LayoutValidationError.bothKeyboardAndHeight(at: path("keyboard")) }
      return .frame(rect)
    }
    if contains("keyboard") {
      if height != nil { throw LayoutValidationError.bothKeyboardAndHeight(at: path("keyboard")) }
      return .hidden
    }
    guard let height else { throw LayoutValidationError.noKeyboard(at: path("keyboard")) }
    return .height(height)
  }

  /// The `undocked` policy, `ignore` when absent or `null`.
  @inlinable
  func undockedPolicy() throws -> UndockedPolicy {
    guard let value = try stringIfPresent("undocked") else { return .ignore }
    switch value {
    case "ignore": return .ignore
    case "avoid": return .avoid
    default:
      throw LayoutValidationError.unknownValue(
        value, allowed: "\"ignore\" or \"avoid\"", at: path("undocked"))
    }
  }

  /// The avoid `mode`, `translate` when absent or `null`.
  @inlinable
  func avoidMode() throws -> AvoidMode {
    guard let value = try stringIfPresent("mode") else { return .translate }
    switch value {
    case "translate": return .translate
    case "scroll": return .scroll
    case "resize": return .resize
    default:
      throw LayoutValidationError.unknownValue(
        value, allowed: "\"translate\", \"scroll\" or \"resize\"", at: path("mode"))
    }
  }

  /// The rect at `name`, or nil when the member is absent or `null`.
  @inlinable
  func rectIfPresent(_ name: StaticString) throws -> Rect? {
    guard let object = try objectIfPresent(name) else { return nil }
    return try Rect(validating: object)
  }

  /// The insets at `name` with any sign, or nil when the member is absent or `null`.
  @inlinable
  func insetsIfPresent(_ name: StaticString) throws -> Insets? {
    guard let object = try objectIfPresent(name) else { return nil }
    return try Insets(validating: object)
  }

  /// The insets at `name` with every member ≥ 0 (SPEC §2: safe-area insets), or nil when the
  /// member is absent or `null`.
  @inlinable
  func nonNegativeInsetsIfPresent(_ name: StaticString) throws -> Insets? {
    guard let insets = try insetsIfPresent(name) else { return nil }
    if insets.top < 0 { throw LayoutValidationError.negative(insets.top, at: path(name, "top")) }
    if insets.left < 0 { throw LayoutValidationError.negative(insets.left, at: path(name, "left")) }
    if insets.bottom < 0 { throw LayoutValidationError.negative(insets.bottom, at: path(name, "bottom")) }
    if insets.right < 0 { throw LayoutValidationError.negative(insets.right, at: path(name, "right")) }
    return insets
  }
}
