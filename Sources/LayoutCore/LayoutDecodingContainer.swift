/// One JSON object of a request, read member by member: what the request models are decoded
/// from.
///
/// The validation rules of every request model (SPEC §2–§7) are written once, against this
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

  /// The number at member `name`. A number too large for a `Double` reads as infinite.
  func number(_ name: StaticString) throws -> Double

  /// The number at member `name`, or nil when it is absent or `null`. A number too large for a
  /// `Double` reads as infinite.
  func numberIfPresent(_ name: StaticString) throws -> Double?

  /// The string at member `name`, or nil when it is absent or `null`.
  func stringIfPresent(_ name: StaticString) throws -> String?

  /// The object at member `name`.
  func object(_ name: StaticString) throws -> Self

  /// The object at member `name`, or nil when it is absent or `null`.
  func objectIfPresent(_ name: StaticString) throws -> Self?
}
