import Foundation

/// One HTTP response as a test read it: from a connection (`HTTPTestClient`) or from a server's
/// engine (`HTTPTestServer.request(method:path:headers:body:)`).
package struct TestResponse: Sendable {
  /// The status code, for example 200.
  package var status: Int
  /// The reason phrase of the status line.
  package var reason: String
  /// The header fields (case-insensitive lookup: `headers["content-type"]`).
  package var headers: TestHeaders
  /// The body, de-chunked when it was sent chunked; empty for `HEAD`, 1xx, 204 and 304.
  package var body: [UInt8]

  /// Creates a response.
  package init(status: Int, reason: String, headers: TestHeaders, body: [UInt8]) {
    self.status = status
    self.reason = reason
    self.headers = headers
    self.body = body
  }

  /// The body decoded as UTF-8 (invalid bytes replaced).
  package var bodyString: String {
    String(decoding: body, as: UTF8.self)
  }

  /// The body as a `JSONSerialization` object.
  package func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(body))
  }

  /// The body as a JSON object; throws when it is another JSON value.
  package func jsonObject() throws -> [String: Any] {
    guard let object = try json() as? [String: Any] else { throw NotAJSONObject(body: bodyString) }
    return object
  }

  /// A body that is JSON but not an object.
  package struct NotAJSONObject: Error {
    /// The body.
    package let body: String
  }
}

/// The header fields of a `TestResponse`, in the order received, looked up without regard to
/// case.
package struct TestHeaders: Sendable, Sequence {
  /// Every field as received.
  package private(set) var fields: [(name: String, value: String)] = []

  /// Creates an empty header list.
  package init() {}

  /// Adds a field.
  package mutating func append(name: String, value: String) {
    fields.append((name, value))
  }

  /// The value of the first field called `name` (case-insensitive), or `nil`.
  package subscript(_ name: String) -> String? {
    let wanted = name.lowercased()
    return fields.first { $0.name.lowercased() == wanted }?.value
  }

  /// The values of every field called `name` (case-insensitive).
  package func values(for name: String) -> [String] {
    let wanted = name.lowercased()
    return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
  }

  /// The fields in the order they arrived, repeated names included.
  package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }
}
