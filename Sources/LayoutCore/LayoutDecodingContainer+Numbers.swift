/// The largest magnitude a number may have (SPEC §2).
@usableFromInline
let numberLimit = 1e9

extension LayoutDecodingContainer {
  /// The number at `name`, finite, within ±1e9, ≥ 0 if `nonNegative`, with `-0` read as 0.
  @inlinable
  func validNumber(_ name: StaticString, nonNegative: Bool = false) throws -> Double {
    try validated(try number(name), name, nonNegative: nonNegative)
  }

  /// The number at `name` as `validNumber(_:nonNegative:)` reads it, or nil when the member is
  /// absent or `null`.
  @inlinable
  func validNumberIfPresent(_ name: StaticString, nonNegative: Bool = false) throws -> Double? {
    guard let value = try numberIfPresent(name) else { return nil }
    return try validated(value, name, nonNegative: nonNegative)
  }

  /// `value` checked against SPEC §2's number rules.
  @inlinable @inline(__always)
  func validated(_ value: Double, _ name: StaticString, nonNegative: Bool) throws -> Double {
    if value.magnitude <= numberLimit, !nonNegative || !(value < 0) { return value + 0 }
    throw numberError(value, name, nonNegative: nonNegative)
  }

  /// The error for a number that breaks SPEC §2's rules.
  @usableFromInline
  func numberError(_ value: Double, _ name: StaticString, nonNegative: Bool) -> LayoutValidationError {
    if !value.isFinite { return .notFinite(at: path(name)) }
    if value.magnitude > numberLimit { return .outOfRange(value, at: path(name)) }
    return .negative(value, at: path(name))
  }

  /// The coding path of member `name` of this object, and of `member` inside it.
  @usableFromInline
  func path(_ name: StaticString, _ member: StaticString? = nil) -> [any CodingKey] {
    var path = codingPath
    path.append(LayoutCodingKey(name))
    if let member { path.append(LayoutCodingKey(member)) }
    return path
  }
}
