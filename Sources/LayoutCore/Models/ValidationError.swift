/// A request that is valid JSON but breaks the contract (contract §2, §3, §7): answered with 422.
public struct LayoutValidationError: Error, Hashable, Sendable {
  /// Which rule the request broke.
  public var kind: Kind
  /// The JSON Pointer (RFC 6901) of the offending member; `""` is the whole body.
  public var pointer: String
  /// A sentence a person understands, e.g. "`keyboard.height` must be ≥ 0, got -1."
  public var detail: String

  /// An error breaking rule `kind` at `pointer`, explained by `detail`.
  public init(kind: Kind, pointer: String, detail: String) {
    self.kind = kind
    self.pointer = pointer
    self.detail = detail
  }
}

extension LayoutValidationError: CustomStringConvertible {
  /// `rule at "pointer": detail`, for logs and test failures.
  public var description: String { "\(kind.rawValue) at \"\(pointer)\": \(detail)" }
}

extension LayoutValidationError {
  /// The contract rule a request broke.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A required member is absent.
    case missingMember
    /// A member holds the wrong JSON type (including `null` where a value is required).
    case wrongType
    /// A number is infinite, NaN, or too large or too small for a 64-bit float to hold.
    case notFinite
    /// A number lies beyond ±1e9, `curve` outside 0…15 or `frameRate` outside 1…240.
    case outOfRange
    /// A size, margin, duration, safe-area inset, `keyboardHeight`, `lineHeight`, `keyboardInset` or
    /// `endThreshold` is below 0.
    case negative
    /// `mode`, `undocked`, `lift`, `animation.platform`, `viewport.interactiveWidget` or
    /// `keyboardBehavior` names a value the contract does not know.
    case unknownValue
    /// `curve`, `frameRate` or `detent` has a fractional part.
    case notAnInteger
    /// Both `keyboard` and `keyboardHeight` are present.
    case bothKeyboardAndHeight
    /// Neither `keyboard` nor `keyboardHeight` is present.
    case noKeyboard
    /// An object has two members of the same name (I-JSON, RFC 7493).
    case duplicateMember
    /// More than the contract allows: over 16 `alsoReveal` rects or `detents`, over 2,401 frames,
    /// over 10,000 batch items.
    case tooMany
    /// Members that exclude each other: `viewport` with `keyboard`, `keyboardHeight` or `screen`; a
    /// `viewport` member its `interactiveWidget` does not read (contract §13).
    case conflictingMembers
    /// A value the decoder reported as corrupted for any other reason: for a Swift app that
    /// decodes the models itself (a body that is not JSON); the service answers such bodies
    /// 400 before any model is read.
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
      case .tooMany: "Too many"
      case .conflictingMembers: "Conflicting members"
      case .invalidValue: "Invalid value"
      }
    }
  }
}

extension LayoutValidationError {
  /// A required member is absent.
  @usableFromInline
  static func missingMember(at path: [any CodingKey]) -> Self {
    Self(
      kind: .missingMember, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) is required.")
  }

  /// A required member is absent; `detail` says why it is required.
  @usableFromInline
  static func missingMember(at path: [any CodingKey], detail: String) -> Self {
    Self(kind: .missingMember, pointer: JSONPointer.pointer(for: path), detail: detail)
  }

  /// An object holds two members of the same name; `path` ends at the second one.
  package static func duplicateMember(at path: [any CodingKey]) -> Self {
    Self(
      kind: .duplicateMember, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) appears more than once.")
  }

  @usableFromInline
  static func notFinite(at path: [any CodingKey]) -> Self {
    Self(
      kind: .notFinite, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) must be a finite number that a 64-bit float can hold.")
  }

  @usableFromInline
  static func outOfRange(_ value: Double, at path: [any CodingKey]) -> Self {
    Self(
      kind: .outOfRange, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) must lie within ±\(numberLimitText), got \(format(value)).")
  }

  @usableFromInline
  static func negative(_ value: Double, at path: [any CodingKey]) -> Self {
    Self(
      kind: .negative, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) must be ≥ 0, got \(format(value)).")
  }

  /// A number outside the range the contract gives it, `within` saying which (e.g. "from 0.01 to
  /// 100").
  @usableFromInline
  static func outOfRange(_ value: Double, within range: String, at path: [any CodingKey]) -> Self {
    Self(
      kind: .outOfRange, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) must lie \(range), got \(format(value)).")
  }

  /// An array that must hold `needing` holds nothing.
  @usableFromInline
  static func empty(needing: String, at path: [any CodingKey]) -> Self {
    Self(
      kind: .outOfRange, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) must hold \(needing), got none.")
  }

  /// A number that must be an integer has a fractional part.
  @usableFromInline
  static func notAnInteger(_ value: Double, at path: [any CodingKey]) -> Self {
    Self(
      kind: .notAnInteger, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) must be an integer, got \(format(value)).")
  }

  /// Members that exclude each other; `path` is the one pointed at.
  @usableFromInline
  static func conflictingMembers(at path: [any CodingKey], detail: String) -> Self {
    Self(kind: .conflictingMembers, pointer: JSONPointer.pointer(for: path), detail: detail)
  }

  @usableFromInline
  static func badCurve(_ value: Double, at path: [any CodingKey]) -> Self {
    Self(
      kind: value.rounded() == value ? .outOfRange : .notAnInteger, pointer: JSONPointer.pointer(for: path),
      detail:
        "\(JSONPointer.subject(for: path)) must be an integer from \(KeyboardAnimation.curves.lowerBound) to \(KeyboardAnimation.curves.upperBound), got \(format(value))."
    )
  }

  @usableFromInline
  static func badFrameRate(_ value: Double, at path: [any CodingKey]) -> Self {
    Self(
      kind: value.rounded() == value ? .outOfRange : .notAnInteger, pointer: JSONPointer.pointer(for: path),
      detail:
        "\(JSONPointer.subject(for: path)) must be an integer from \(KeyboardAnimation.frameRates.lowerBound) to \(KeyboardAnimation.frameRates.upperBound), got \(format(value))."
    )
  }

  /// `count` frames, more than contract §6's 2,401, for a motion of `duration` seconds sampled
  /// `frameRate` times a second.
  @usableFromInline
  static func tooManyFrames(
    _ count: Double, duration: Double, frameRate: Int, at path: [any CodingKey]
  ) -> Self {
    Self(
      kind: .tooMany, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) \(frameRate) over a \(format(duration)) s motion gives "
        + "\(format(count)) frames; at most \(MotionFrames.maximumCount) are answered "
        + "(\((MotionFrames.maximumCount - 1) / KeyboardAnimation.frameRates.upperBound) seconds at "
        + "\(KeyboardAnimation.frameRates.upperBound) frames a second).")
  }

  /// `value` is none of `Value`'s spellings, which the detail lists.
  @usableFromInline
  static func unknownValue<Value: ContractName>(
    _ value: String, of _: Value.Type, at path: [any CodingKey]
  ) -> Self {
    let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
    return Self(
      kind: .unknownValue, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) must be \(Value.spellings), got \"\(shown)\".")
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
      detail:
        "`keyboard` is required: send its frame, null for a hidden keyboard, `keyboardHeight`, or a web page's `viewport`."
    )
  }

  @usableFromInline
  static func tooMany(_ count: Int, limit: Int, at path: [any CodingKey]) -> Self {
    Self(
      kind: .tooMany, pointer: JSONPointer.pointer(for: path),
      detail: "\(JSONPointer.subject(for: path)) holds at most \(limit) elements, got \(count).")
  }

  /// A number as a person writes it: `-1`, not `-1.0`.
  static func format(_ value: Double) -> String {
    if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }
}

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
        detail: "\(JSONPointer.subject(for: path)) must be \(Self.describe(type)).")
    case .valueNotFound(let type, let context):
      let path = context.codingPath
      self.init(
        kind: .wrongType, pointer: JSONPointer.pointer(for: path),
        detail: "\(JSONPointer.subject(for: path)) must be \(Self.describe(type)), not null.")
    case .dataCorrupted(let context):
      let path = context.codingPath
      let detail =
        path.isEmpty
        ? "The body is not valid: \(context.debugDescription)"
        : "\(JSONPointer.subject(for: path)) does not hold a valid value."
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

/// JSON Pointers (RFC 6901) and readable member names for coding paths.
package enum JSONPointer {
  /// The JSON Pointer of a coding path: `[keyboard, height]` → `/keyboard/height`; `[]` → `""`.
  ///
  /// `~` is written `~0` and `/` is written `~1`; an array index is written as its number.
  package static func pointer(for codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      result += "/"
      result += escape(token(of: key))
    }
    return result
  }

  /// The pointer of `pointer` (a pointer within one element) inside an array, at element
  /// `index`: `("/keyboard/height", 3)` → `/3/keyboard/height`; `("", 3)` → `/3`.
  package static func pointer(_ pointer: String, inElement index: Int) -> String {
    "/\(index)" + pointer
  }

  /// The subject of a detail sentence: the member name in backticks (`` `keyboard.height` ``),
  /// or `The body` when the path is empty.
  static func subject(for codingPath: [any CodingKey]) -> String {
    codingPath.isEmpty ? "The body" : "`\(memberName(for: codingPath))`"
  }

  /// A member name for sentences: `[keyboard, height]` → `keyboard.height`,
  /// `[items, 0]` → `items[0]`, `[]` → `""`.
  static func memberName(for codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        if !result.isEmpty { result += "." }
        result += key.stringValue
      }
    }
    return result
  }

  /// One reference token, escaped as RFC 6901 §3 requires.
  static func escape(_ token: String) -> String {
    guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
    var result = ""
    for character in token {
      switch character {
      case "~": result += "~0"
      case "/": result += "~1"
      default: result.append(character)
      }
    }
    return result
  }

  private static func token(of key: any CodingKey) -> String {
    if let index = key.intValue { return String(index) }
    return key.stringValue
  }
}
