/// One response header field.
public struct HTTPHeader: Hashable, Sendable {
  /// The field name, for example `Allow`.
  public var name: String
  /// The field value.
  public var value: String

  /// Creates a header field.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}
