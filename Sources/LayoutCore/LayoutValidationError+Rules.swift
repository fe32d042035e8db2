extension LayoutValidationError {
  /// A required member is absent.
  public static func missingMember(at path: [any CodingKey]) -> Self {
    Self(
      kind: .missingMember, pointer: JSONPointer.pointer(for: path),
      detail: "`\(JSONPointer.memberName(for: path))` is required.")
  }

  /// An object holds two members of the same name; `path` ends at the second one.
  public static func duplicateMember(at path: [any CodingKey]) -> Self {
    Self(
      kind: .duplicateMember, pointer: JSONPointer.pointer(for: path),
      detail: "`\(JSONPointer.memberName(for: path))` appears more than once.")
  }

  @usableFromInline
  static func notFinite(at path: [any CodingKey]) -> Self {
    Self(
      kind: .notFinite, pointer: JSONPointer.pointer(for: path),
      detail: "`\(JSONPointer.memberName(for: path))` must be a finite number that a 64-bit float can hold.")
  }

  @usableFromInline
  static func outOfRange(_ value: Double, at path: [any CodingKey]) -> Self {
    Self(
      kind: .outOfRange, pointer: JSONPointer.pointer(for: path),
      detail: "`\(JSONPointer.memberName(for: path))` must lie within ±1e9, got \(format(value)).")
  }

  @usableFromInline
  static func negative(_ value: Double, at path: [any CodingKey]) -> Self {
    Self(
      kind: .negative, pointer: JSONPointer.pointer(for: path),
      detail: "`\(JSONPointer.memberName(for: path))` must be ≥ 0, got \(format(value)).")
  }

  @usableFromInline
  static func badCurve(_ value: Double, at path: [any CodingKey]) -> Self {
    Self(
      kind: value.rounded() == value ? .outOfRange : .notAnInteger, pointer: JSONPointer.pointer(for: path),
      detail: "`\(JSONPointer.memberName(for: path))` must be an integer from 0 to 15, got \(format(value)).")
  }

  @usableFromInline
  static func unknownValue(_ value: String, allowed: String, at path: [any CodingKey]) -> Self {
    let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
    return Self(
      kind: .unknownValue, pointer: JSONPointer.pointer(for: path),
      detail: "`\(JSONPointer.memberName(for: path))` must be \(allowed), got \"\(shown)\".")
  }

  @usableFromInline
  static func bothKeyboardAndHeight(at path: [any CodingKey]) -> Self {
    Self(
      kind: .bothKeyboardAndHeight, pointer: JSONPointer.pointer(for: path),
      detail: "Send either `keyboard` or `keyboardHeight`, not both.")
  }

  @usableFromInline
  static func noKeyboard(at path: [any CodingKey]) -> Self {
    Self(
      kind: .noKeyboard, pointer: JSONPointer.pointer(for: path),
      detail: "`keyboard` is required: send its frame, null for a hidden keyboard, or `keyboardHeight`.")
  }

  /// A number as a person writes it: `-1`, not `-1.0`.
  static func format(_ value: Double) -> String {
    if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }
}
