internal import CMicroHTTPD
import Glibc

/// The request a handler answers.
///
/// A request is only valid during the handler call that lends it: its body is memory owned by
/// the server, and `header(_:)` reads the connection's parsed headers. It cannot be copied, and
/// its body is read only inside `withBody(_:)`. Copy out what must outlive the call.
@usableFromInline
package struct HTTPRequest: ~Copyable {
  /// The request method.
  package let method: HTTPMethod
  /// The request path, percent-decoded, without the query string (for an absolute-form target,
  /// its path).
  package let path: String
  /// The request body; empty when there is none. Lent by `withBody(_:)` only.
  @usableFromInline let body: UnsafeRawBufferPointer
  /// The connection whose headers are read, or `nil` for a request made without one.
  @usableFromInline let connection: OpaquePointer?
  /// The header fields of a request made without a connection.
  private let fields: [HTTPHeader]
  /// The fields read on every request, found when its framing was read.
  @usableFromInline let known: KnownHeaders

  init(
    method: HTTPMethod, path: String,
    body: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
    connection: OpaquePointer, headers: KnownHeaders
  ) {
    self.method = method
    self.path = path
    self.body = body
    self.connection = connection
    self.fields = []
    self.known = headers
  }

  /// Creates a request that did not come from a connection, for `RequestEngine.respond(to:)`: to
  /// test or fuzz the pipeline without a socket. `body` must outlive the request.
  package init(method: HTTPMethod, path: String, headers: [HTTPHeader] = [], body: UnsafeRawBufferPointer) {
    self.method = method
    self.path = path
    self.body = body
    self.connection = nil
    self.fields = headers
    self.known = KnownHeaders()
  }

  /// The request made without a connection, without its body: what the answers given before a
  /// body is read see.
  func withoutBody() -> HTTPRequest {
    HTTPRequest(
      method: method, path: path, headers: fields, body: UnsafeRawBufferPointer(start: nil, count: 0))
  }

  /// Calls `read` with the request body (empty when there is none) and returns what it returns.
  ///
  /// The buffer is valid only inside `read`: don't return it, store it or let a pointer derived
  /// from it escape; copy out the bytes that must outlive the call.
  @inlinable
  package func withBody<Result: ~Copyable, Failure: Error>(
    _ read: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try read(body)
  }

  /// The body's length in bytes; 0 when there is none.
  package var bodyCount: Int { body.count }

  /// The value of the request header `name`, or `nil` when it is absent.
  package func header(_ name: KnownHeaders.Name) -> String? {
    withHeaderBytes(name) { value in value.map { String(decoding: $0, as: UTF8.self) } }
  }

  /// Whether the request has a header `name`; reads it without copying.
  package func hasHeader(_ name: KnownHeaders.Name) -> Bool {
    withHeaderBytes(name) { $0 != nil }
  }

  /// Calls `body` with the bytes of the request header `name` (case-insensitive), or `nil` when
  /// it is absent, without copying them into a `String`.
  ///
  /// The buffer is valid only inside `body`: don't return it, store it or let a pointer derived
  /// from it escape; copy out the bytes that must outlive the call.
  package func withHeaderBytes<Result>(
    _ name: String, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
  ) rethrows -> Result {
    if let known = KnownHeaders.Name(name) { return try withHeaderBytes(known, body) }
    guard let connection else { return try withFieldBytes(name, body) }
    let found = name.withCString({ MHD_lookup_connection_value(connection, .HEADER_KIND, $0) })
    return try Self.withBytes(found, body)
  }

  /// `withHeaderBytes(_:_:)` for a header every request's framing pass keeps: one load, no
  /// search and no name compared.
  package func withHeaderBytes<Result>(
    _ name: KnownHeaders.Name, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
  ) rethrows -> Result {
    guard connection != nil else { return try withFieldBytes(name.text.description, body) }
    return try Self.withBytes(known[name], body)
  }

  /// Whether the bytes of the request header `name` (`nil` when it is absent) pass `test`.
  ///
  /// `withHeaderBytes(_:_:)` without its generic result: a generic method of a `package` type
  /// is not specialized in the modules that call it, and the handlers test headers on every
  /// request; inlinable, for the same reason.
  @inlinable
  package func header(
    _ name: KnownHeaders.Name, satisfies test: (UnsafeBufferPointer<UInt8>?) -> Bool
  ) -> Bool {
    guard connection != nil else { return fieldSatisfies(name, test) }
    guard let value = known[name] else { return test(nil) }
    let count = Self.valueLength(value)
    return value.withMemoryRebound(to: UInt8.self, capacity: count) {
      test(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// `header(_:satisfies:)` for a request made without a connection: apart, so that the call
  /// with one, on every request, is not made to set up the frame this one needs.
  @inline(never) @usableFromInline
  func fieldSatisfies(
    _ name: KnownHeaders.Name, _ test: (UnsafeBufferPointer<UInt8>?) -> Bool
  ) -> Bool {
    withFieldBytes(name.text.description, test)
  }

  /// The bytes of the field `name` of a request made without a connection.
  private func withFieldBytes<Result>(
    _ name: String, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
  ) rethrows -> Result {
    let wanted = name.lowercased()
    let matching = fields.filter { $0.name.lowercased() == wanted }
    guard var value = matching.first?.value else { return try body(nil) }
    if wanted == "content-encoding" {
      // As the framing keeps it on a connection (`RequestFraming`): the fields are one list, and
      // a coding in a later one makes the body coded (RFC 9110 §5.3).
      for field in matching {
        var coding = field.value
        let isIdentity = coding.withUTF8 { bytes in
          bytes.withMemoryRebound(to: CChar.self) {
            HTTPSyntax.isIdentityCoding($0.baseAddress!, count: $0.count)
          }
        }
        if !isIdentity {
          value = coding
          break
        }
      }
    }
    return try value.withUTF8 { try body($0) }
  }

  /// The length of the field value `value` (`count` bytes, else up to its NUL) without its
  /// trailing spaces and tabs.
  ///
  /// They are whitespace around the value, not part of it (RFC 9110 §5.5); libmicrohttpd 0.9.75
  /// skips the leading ones only.
  @inlinable @inline(__always)
  static func valueLength(_ value: UnsafePointer<CChar>, count: Int? = nil) -> Int {
    var count = count ?? strlen(value)
    while count > 0, value[count - 1] == 0x20 || value[count - 1] == 0x09 { count -= 1 }
    return count
  }

  /// Calls `body` with the bytes of the field value `value` (`valueLength`), or `nil`.
  @inline(__always)
  private static func withBytes<Result>(
    _ value: UnsafePointer<CChar>?, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
  ) rethrows -> Result {
    guard let value else { return try body(nil) }
    let count = valueLength(value)
    return try value.withMemoryRebound(to: UInt8.self, capacity: count) {
      try body(UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// Whether the request has more than one field `name`: its value is then their list
  /// (`headerList(_:)`), not the first one's.
  @inlinable @inline(__always)
  package func hasRepeatedHeader(_ name: KnownHeaders.Name) -> Bool {
    guard connection != nil else { return fieldIsRepeated(name) }
    return known.isRepeated(name)
  }

  /// `hasRepeatedHeader(_:)` for a request made without a connection, apart as `fieldSatisfies`.
  @inline(never) @usableFromInline
  func fieldIsRepeated(_ name: KnownHeaders.Name) -> Bool {
    let wanted = name.text.description.lowercased()
    return fields.count { $0.name.lowercased() == wanted } > 1
  }

  /// The values of every field `name` joined as one list, `first, second` (RFC 9110 §5.3: what a
  /// recipient may make of a list header sent in several fields), or `nil` when there is none.
  ///
  /// Reads the connection's fields again when the name came more than once
  /// (`MHD_get_connection_values_n`); a `String` is made either way.
  package func headerList(_ name: KnownHeaders.Name) -> String? {
    guard let connection else {
      let wanted = name.text.description.lowercased()
      let values = fields.filter { $0.name.lowercased() == wanted }.map(\.value)
      return values.isEmpty ? nil : values.joined(separator: ", ")
    }
    guard known.isRepeated(name) else { return header(name) }
    var collected = FieldValues(name: name)
    withUnsafeMutablePointer(to: &collected) {
      _ = MHD_get_connection_values_n(connection, .HEADER_KIND, collectFieldValue, $0)
    }
    return collected.values.joined(separator: ", ")
  }

  /// Whether the client waits for `100 Continue` before it sends the body (`Expect:
  /// 100-continue`, RFC 9110 §10.1.1).
  package var expectsContinue: Bool {
    withHeaderBytes(.expect) { value in
      guard let value else { return false }
      return String(decoding: value, as: UTF8.self).lowercased() == "100-continue"
    }
  }
}

/// The values of the fields of one name, as `headerList(_:)` collects them.
private struct FieldValues {
  let name: KnownHeaders.Name
  var values: [String] = []
}

/// `MHD_get_connection_values_n`'s iterator for `headerList(_:)`: keeps the value, trailing spaces
/// and tabs aside, of each field named as the `FieldValues` that `cls` points to.
private func collectFieldValue(
  _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ keySize: Int,
  _ value: UnsafePointer<CChar>?, _ valueSize: Int
) -> MHD_Result {
  guard let cls, let key, let value else { return .YES }
  let collected = cls.assumingMemoryBound(to: FieldValues.self)
  guard KnownHeaders.Name(key, length: keySize) == collected.pointee.name else { return .YES }
  let count = HTTPRequest.valueLength(value, count: valueSize)
  let text = value.withMemoryRebound(to: UInt8.self, capacity: count) {
    String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
  }
  collected.pointee.values.append(text)
  return .YES
}

/// An HTTP request method: a case-sensitive token such as `GET` or `POST`.
///
/// Any token is representable, so an unknown method such as `FOO` can be routed and answered
/// with `405 Method Not Allowed`.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method token as sent on the request line.
  package let rawValue: String
  /// The method's number among the common ones below (`GET` 1 … `TRACE` 8), 0 for any other
  /// token: what `==` compares, without reading the tokens, when either has one.
  private let code: UInt8

  private static let commonTokens = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"]

  /// Creates a method from its token.
  package init(rawValue: String) {
    self.rawValue = rawValue
    code = Self.commonTokens.firstIndex(of: rawValue).map { UInt8($0 + 1) } ?? 0
  }

  /// Creates a method from its token.
  package init(_ token: String) {
    self.init(rawValue: token)
  }

  /// The method a request line names: the common ones without reading the token into a new
  /// string.
  init(cString token: UnsafePointer<CChar>) {
    if strcmp(token, "POST") == 0 {
      self = .post
    } else if strcmp(token, "GET") == 0 {
      self = .get
    } else {
      self.init(String(cString: token))
    }
  }

  /// The method's token, e.g. `POST`.
  package var description: String { rawValue }

  /// Whether the two tokens are the same. (Written out: else `==` is the standard library's
  /// generic one for `RawRepresentable` types, which compares the tokens through `Equatable`.)
  package static func == (lhs: HTTPMethod, rhs: HTTPMethod) -> Bool {
    lhs.code | rhs.code != 0 ? lhs.code == rhs.code : lhs.rawValue == rhs.rawValue
  }

  /// Whether the two tokens differ (written out for the same reason as `==`).
  package static func != (lhs: HTTPMethod, rhs: HTTPMethod) -> Bool {
    !(lhs == rhs)
  }

  /// Hashes the token.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(rawValue)
  }

  /// `GET`.
  package static let get = HTTPMethod("GET")
  /// `HEAD`.
  package static let head = HTTPMethod("HEAD")
  /// `POST`.
  package static let post = HTTPMethod("POST")
  /// `PUT`.
  package static let put = HTTPMethod("PUT")
  /// `DELETE`.
  package static let delete = HTTPMethod("DELETE")
  /// `PATCH`.
  package static let patch = HTTPMethod("PATCH")
  /// `OPTIONS`.
  package static let options = HTTPMethod("OPTIONS")
  /// `TRACE`.
  package static let trace = HTTPMethod("TRACE")
}

/// One response header field.
package struct HTTPHeader: Hashable, Sendable {
  /// The field name, for example `Allow`.
  package var name: String
  /// The field value.
  package var value: String

  /// Creates a header field.
  package init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  /// `X-Request-Id`: the header that carries a request's id, in both directions.
  ///
  /// A `StaticString`, as every name `KnownHeaders` compares request fields with in place.
  package static let requestIDName: StaticString = "X-Request-Id"
}
