/// A member name as a coding key: how paths to the members of a `LayoutDecodingContainer` are
/// spelled in errors.
@usableFromInline
struct LayoutCodingKey: CodingKey {
  @usableFromInline let stringValue: String
  @usableFromInline var intValue: Int? { nil }

  @usableFromInline
  init(stringValue: String) {
    self.stringValue = stringValue
  }

  @usableFromInline
  init(_ name: StaticString) {
    stringValue = name.description
  }

  @usableFromInline
  init?(intValue: Int) {
    nil
  }
}
