/// The header fields of a `TestResponse`, in the order received, looked up without regard to
/// case.
public struct TestHeaders: Sendable, Sequence {
  /// Every field as received.
  public private(set) var fields: [(name: String, value: String)] = []

  /// Creates an empty header list.
  public init() {}

  /// Adds a field.
  public mutating func append(name: String, value: String) {
    fields.append((name, value))
  }

  /// The value of the first field called `name` (case-insensitive), or `nil`.
  public subscript(_ name: String) -> String? {
    let wanted = name.lowercased()
    return fields.first { $0.name.lowercased() == wanted }?.value
  }

  /// The values of every field called `name` (case-insensitive).
  public func values(for name: String) -> [String] {
    let wanted = name.lowercased()
    return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
  }

  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }
}
