extension KeyedDecodingContainer {
  /// The keyboard from `keyboard` (a frame or `null`) or `keyboardHeight` (SPEC §3).
  ///
  /// Exactly one of the two must be present; `"keyboard": null` is a hidden keyboard, while a
  /// missing `keyboard` without `keyboardHeight` is `noKeyboard`. Both errors point at `keyboard`.
  func keyboardInput(keyboard: Key, keyboardHeight: Key) throws -> KeyboardInput {
    let height = try numberIfPresent(forKey: keyboardHeight, nonNegative: true)
    if let frame = try decodeIfPresent(Rect.self, forKey: keyboard) {
      if height != nil { throw LayoutValidationError.bothKeyboardAndHeight(at: codingPath + [keyboard]) }
      return .frame(frame)
    }
    if contains(keyboard) {
      if height != nil { throw LayoutValidationError.bothKeyboardAndHeight(at: codingPath + [keyboard]) }
      return .hidden
    }
    guard let height else { throw LayoutValidationError.noKeyboard(at: codingPath + [keyboard]) }
    return .height(height)
  }

  /// The `undocked` policy, `ignore` when absent or `null`.
  func undockedPolicy(forKey key: Key) throws -> UndockedPolicy {
    guard let value = try decodeIfPresent(String.self, forKey: key) else { return .ignore }
    switch value {
    case "ignore": return .ignore
    case "avoid": return .avoid
    default:
      throw LayoutValidationError.unknownValue(
        value, allowed: "\"ignore\" or \"avoid\"", at: codingPath + [key])
    }
  }

  /// The avoid `mode`, `translate` when absent or `null`.
  func avoidMode(forKey key: Key) throws -> AvoidMode {
    guard let value = try decodeIfPresent(String.self, forKey: key) else { return .translate }
    switch value {
    case "translate": return .translate
    case "scroll": return .scroll
    case "resize": return .resize
    default:
      throw LayoutValidationError.unknownValue(
        value, allowed: "\"translate\", \"scroll\" or \"resize\"", at: codingPath + [key])
    }
  }
}
