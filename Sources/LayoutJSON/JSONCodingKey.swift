/// A coding key for a path component: a member name or an array index.
///
/// Array indices read like Foundation's (`"Index 3"`, `intValue` 3), so code that turns
/// coding paths into JSON Pointers gives the same answer for both decoders.
public struct JSONCodingKey: CodingKey, Hashable, Sendable {
  public let stringValue: String
  public let intValue: Int?

  public init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  public init(intValue: Int) {
    self.stringValue = "Index \(intValue)"
    self.intValue = intValue
  }

  /// The key `superDecoder()` uses.
  static let `super` = JSONCodingKey(stringValue: "super")
}
