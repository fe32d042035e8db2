extension LayoutValidationError {
  /// The validation error for a `DecodingError` from any `Decoder`.
  ///
  /// The pointer comes from the error's coding path (plus the missing key for `keyNotFound`),
  /// never from decoder-specific text. `valueNotFound` (a `null` where a value is required) is
  /// a `wrongType`; `dataCorrupted` at a member is an `invalidValue`.
  public init(_ error: DecodingError) {
    switch error {
    case .keyNotFound(let key, let context):
      self = .missingMember(at: context.codingPath + [key])
    case .typeMismatch(let type, let context):
      let path = context.codingPath
      self.init(
        kind: .wrongType, pointer: JSONPointer.pointer(for: path),
        detail: "`\(JSONPointer.memberName(for: path))` must be \(Self.describe(type)).")
    case .valueNotFound(let type, let context):
      let path = context.codingPath
      self.init(
        kind: .wrongType, pointer: JSONPointer.pointer(for: path),
        detail: "`\(JSONPointer.memberName(for: path))` must be \(Self.describe(type)), not null.")
    case .dataCorrupted(let context):
      let path = context.codingPath
      let detail =
        path.isEmpty
        ? "The body is not valid: \(context.debugDescription)"
        : "`\(JSONPointer.memberName(for: path))` does not hold a valid value."
      self.init(kind: .invalidValue, pointer: JSONPointer.pointer(for: path), detail: detail)
    @unknown default:
      self.init(kind: .invalidValue, pointer: "", detail: "The body could not be decoded.")
    }
  }

  /// The JSON type a Swift type is read from, for sentences.
  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Float.Type, is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type:
      "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"
    default: "an object"
    }
  }
}
