extension LayoutValidationError {
  /// The contract rule a request broke.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A required member is absent.
    case missingMember
    /// A member holds the wrong JSON type (including `null` where a value is required).
    case wrongType
    /// A number is infinite, NaN, or too large or too small for a 64-bit float to hold.
    case notFinite
    /// A number lies beyond ±1e9, or `curve` lies outside 0…15.
    case outOfRange
    /// A size, margin, duration or safe-area inset is below 0.
    case negative
    /// `mode` or `undocked` names a value the contract does not know.
    case unknownValue
    /// `curve` has a fractional part.
    case notAnInteger
    /// Both `keyboard` and `keyboardHeight` are present.
    case bothKeyboardAndHeight
    /// Neither `keyboard` nor `keyboardHeight` is present.
    case noKeyboard
    /// An object has two members of the same name (I-JSON, RFC 7493).
    case duplicateMember
    /// A value the decoder reported as corrupted for any other reason.
    case invalidValue

    /// A short, fixed title for the rule, e.g. for a problem answer's `title`.
    public var title: String {
      switch self {
      case .missingMember: "Missing member"
      case .wrongType: "Wrong type"
      case .notFinite: "Number not finite"
      case .outOfRange: "Number out of range"
      case .negative: "Negative value"
      case .unknownValue: "Unknown value"
      case .notAnInteger: "Not an integer"
      case .bothKeyboardAndHeight: "Both keyboard and keyboardHeight"
      case .noKeyboard: "No keyboard"
      case .duplicateMember: "Duplicate member"
      case .invalidValue: "Invalid value"
      }
    }
  }
}
