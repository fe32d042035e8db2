/// One HTTP response as an `HTTPTestClient` read it.
public struct TestResponse: Sendable {
  /// The status code, for example 200.
  public var status: Int
  /// The reason phrase of the status line.
  public var reason: String
  /// The header fields (case-insensitive lookup: `headers["content-type"]`).
  public var headers: TestHeaders
  /// The body, de-chunked when it was sent chunked; empty for `HEAD`, 1xx, 204 and 304.
  public var body: [UInt8]

  /// Creates a response.
  public init(status: Int, reason: String, headers: TestHeaders, body: [UInt8]) {
    self.status = status
    self.reason = reason
    self.headers = headers
    self.body = body
  }

  /// The body decoded as UTF-8 (invalid bytes replaced).
  public var bodyString: String {
    String(decoding: body, as: UTF8.self)
  }
}

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

  /// The fields in the order they arrived, repeated names included.
  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }
}
