/// One JSON object of a request, read member by member: what the request models are decoded
/// from.
///
/// The validation rules of every request model (contract §2–§7) are written once, against this
/// protocol, in the models' `init(validating:)`. `Codable` decoding reads through an adapter over
/// `KeyedDecodingContainer`; a service can conform its own parsed representation of a body to
/// skip the `Decoder` machinery and get the very same answers and errors.
///
/// Requirements throw the underlying decoder's own errors — for a missing member, a wrong type,
/// a `null` where a value is required — as `JSONDecoder` reports them with `DecodingError`
/// (`LayoutValidationError.init(_:)` maps those). The rules built on top throw
/// `LayoutValidationError`.
public protocol LayoutDecodingContainer {
  /// The path from the body to this object; read only to report an error.
  var codingPath: [any CodingKey] { get }

  /// Whether the object has a member named `name`, `null` included.
  func contains(_ name: StaticString) -> Bool

  /// How many members the object has, `null` ones included: a model whose optional members are
  /// rarely sent reads none of them when only the required ones are there.
  var memberCount: Int { get }

  /// The number at member `name`. A number too large for a `Double` reads as infinite.
  func number(_ name: StaticString) throws -> Double

  /// The number at member `name`, or nil when it is absent or `null`. A number too large for a
  /// `Double` reads as infinite.
  func numberIfPresent(_ name: StaticString) throws -> Double?

  /// The string at member `name`, or nil when it is absent or `null`.
  func stringIfPresent(_ name: StaticString) throws -> String?

  /// `body`'s result for the UTF-8 bytes of the string at member `name`, or nil when it is absent
  /// or `null`: a reader that holds the bytes hands them over without making a `String` (one of
  /// more than 15 bytes would be allocated). By default, through `stringIfPresent(_:)`.
  func withStringIfPresent<Result>(
    _ name: StaticString, _ body: (UnsafeRawBufferPointer) -> Result
  ) throws
    -> Result?

  /// The boolean at member `name`, or nil when it is absent or `null`.
  func boolIfPresent(_ name: StaticString) throws -> Bool?

  /// The object at member `name`.
  func object(_ name: StaticString) throws -> Self

  /// The object at member `name`, or nil when it is absent or `null`.
  func objectIfPresent(_ name: StaticString) throws -> Self?

  /// The number of elements of the array at member `name`, or nil when it is absent or `null`.
  func arrayCountIfPresent(_ name: StaticString) throws -> Int?

  /// The object at position `index` (within the count) of the array at member `name`.
  func object(_ name: StaticString, at index: Int) throws -> Self

  /// The number at position `index` (within the count) of the array at member `name`. A number too
  /// large for a `Double` reads as infinite.
  func number(_ name: StaticString, at index: Int) throws -> Double
}

extension LayoutDecodingContainer {
  /// `stringIfPresent(_:)`'s string, handed to `body` as UTF-8.
  public func withStringIfPresent<Result>(
    _ name: StaticString, _ body: (UnsafeRawBufferPointer) -> Result
  ) throws -> Result? {
    guard var value = try stringIfPresent(name) else { return nil }
    return value.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }

  /// The case of `Value` spelled at member `name`, or nil when it is absent or `null`.
  ///
  /// The bytes are compared with each case's `contractName` where the reader holds them
  /// (`withStringIfPresent(_:_:)`): the one-pass record makes no `String`, which a spelling such as
  /// `"overlays-content"` could not be without allocating. Any other string is `unknownValue`, its
  /// detail listing `Value`'s spellings; not a string, `wrongType`. Inlined into each model's
  /// reading: the optimizer merges the separate specializations into one function that is handed
  /// each enumeration's parts, which costs more than the reading itself.
  @inlinable @inline(__always)
  func contractNameIfPresent<Value: ContractName>(_ name: StaticString) throws -> Value? {
    guard let value = try withStringIfPresent(name, { Value(spelling: $0) }) else { return nil }
    guard let value else {
      throw LayoutValidationError.unknownValue(
        try stringIfPresent(name) ?? "", of: Value.self, at: path(name))
    }
    return value
  }

  /// The `frameRate` of an `animation` that makes `motion` (contract §6), or nil when it is absent or
  /// `null`: an integer 1…240 (`60.0` reads as 60) that asks for at most 2,401 frames. Type and
  /// range are checked before the frame count.
  @inlinable
  func frameRateIfPresent(for motion: Motion) throws -> Int? {
    guard let value = try numberIfPresent("frameRate") else { return nil }
    guard value.isFinite else { throw LayoutValidationError.notFinite(at: path("frameRate")) }
    let rates = KeyboardAnimation.frameRates
    guard value.rounded() == value, value >= Double(rates.lowerBound), value <= Double(rates.upperBound)
    else {
      throw LayoutValidationError.badFrameRate(value, at: path("frameRate"))
    }
    let frameRate = Int(value)
    let last = MotionFrames.lastIndex(duration: motion.duration, frameRate: frameRate)
    guard last < Double(MotionFrames.maximumCount) else {
      throw LayoutValidationError.tooManyFrames(
        last + 1, duration: motion.duration, frameRate: frameRate, at: path("frameRate"))
    }
    return frameRate
  }

  /// The rects of `alsoReveal` (contract §4.5), or nil when the member is absent or `null`.
  ///
  /// More than `AlsoReveal.capacity` is `tooMany` at the array; each element is read like
  /// `field`, so an element that is not an object is a wrong type at its index.
  @inlinable
  func alsoRevealIfPresent() throws -> AlsoReveal? {
    guard let count = try arrayCountIfPresent("alsoReveal") else { return nil }
    if count > AlsoReveal.capacity {
      throw LayoutValidationError.tooMany(count, limit: AlsoReveal.capacity, at: path("alsoReveal"))
    }
    var rects = AlsoReveal()
    for index in 0..<count {
      rects.append(try Rect(validating: object("alsoReveal", at: index)))
    }
    return rects
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

  /// The insets at `name` with every member ≥ 0 (contract §2: safe-area insets), or nil when the
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

/// The largest magnitude a number may have (contract §2): a power of ten.
@usableFromInline
let numberLimit = 1e9

/// `numberLimit` as messages write it, `1e9`.
var numberLimitText: String {
  var exponent = 0
  var rest = numberLimit
  while rest >= 10 {
    rest /= 10
    exponent += 1
  }
  return "1e\(exponent)"
}

extension LayoutDecodingContainer {
  /// The number at `name`, finite, within ±1e9, ≥ 0 if `nonNegative`, with `-0` read as 0.
  @inlinable @inline(__always)
  func validNumber(_ name: StaticString, nonNegative: Bool = false) throws -> Double {
    try validated(try number(name), name, nonNegative: nonNegative)
  }

  /// The number at `name` as `validNumber(_:nonNegative:)` reads it, or nil when the member is
  /// absent or `null`.
  @inlinable @inline(__always)
  func validNumberIfPresent(_ name: StaticString, nonNegative: Bool = false) throws -> Double? {
    guard let value = try numberIfPresent(name) else { return nil }
    return try validated(value, name, nonNegative: nonNegative)
  }

  /// The number at position `index` of the array at `name`, as `validNumber(_:nonNegative:)`
  /// reads a member.
  @inlinable
  func validNumber(_ name: StaticString, at index: Int, nonNegative: Bool = false) throws -> Double {
    try validated(try number(name, at: index), name, index: index, nonNegative: nonNegative)
  }

  /// `value`, member `name` (or element `index` of the array at `name`), checked against contract
  /// §2's number rules.
  @inlinable @inline(__always)
  func validated(_ value: Double, _ name: StaticString, index: Int? = nil, nonNegative: Bool) throws -> Double
  {
    if value.magnitude <= numberLimit, !nonNegative || !(value < 0) { return value + 0 }
    throw numberError(value, at: index.map { path(name, index: $0) } ?? path(name), nonNegative: nonNegative)
  }

  /// The error for a number at `path` that breaks contract §2's rules.
  @usableFromInline
  func numberError(_ value: Double, at path: [any CodingKey], nonNegative: Bool) -> LayoutValidationError {
    if !value.isFinite { return .notFinite(at: path) }
    if value.magnitude > numberLimit { return .outOfRange(value, at: path) }
    return .negative(value, at: path)
  }

  /// The coding path of member `name` of this object, and of `member` inside it.
  @usableFromInline
  func path(_ name: StaticString, _ member: StaticString? = nil) -> [any CodingKey] {
    var path = codingPath
    path.append(LayoutCodingKey(name))
    if let member { path.append(LayoutCodingKey(member)) }
    return path
  }

  /// The coding path of element `index` of the array at member `name`.
  @usableFromInline
  func path(_ name: StaticString, index: Int) -> [any CodingKey] {
    var path = codingPath
    path.append(LayoutCodingKey(name))
    path.append(LayoutCodingKey(index: index))
    return path
  }
}

/// A member name as a coding key: how paths to the members of a `LayoutDecodingContainer` are
/// spelled in errors, and how the models are encoded.
@usableFromInline
struct LayoutCodingKey: CodingKey, ExpressibleByStringLiteral {
  @usableFromInline let stringValue: String
  @usableFromInline let intValue: Int?

  @usableFromInline
  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  @usableFromInline
  init(_ name: StaticString) {
    stringValue = name.description
    intValue = nil
  }

  /// The key `name`, written as a literal.
  @usableFromInline
  init(stringLiteral name: StaticString) {
    self.init(name)
  }

  /// The key of an array's element `index`.
  @usableFromInline
  init(index: Int) {
    stringValue = String(index)
    intValue = index
  }

  @usableFromInline
  init?(intValue: Int) {
    self.init(index: intValue)
  }
}
