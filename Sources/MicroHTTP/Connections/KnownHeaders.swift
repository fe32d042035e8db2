import Glibc

/// The request headers an HTTP API reads on every request (content negotiation, CORS, request
/// ids, trace context, credentials) and the server's own framing headers, found in the one pass over the header
/// fields that `RequestFraming` makes anyway, so that reading them later is a load instead of a
/// search of the connection's fields.
///
/// Each holds the first field of its name, as `MHD_lookup_connection_value` would find it; the
/// values are libmicrohttpd's, valid while the request lasts.
@usableFromInline
package struct KnownHeaders {
  /// The headers kept: `HTTPRequest.withHeaderBytes(_:_:)` reads one by a load.
  @usableFromInline
  package enum Name: Int, CaseIterable, Sendable {
    case contentType, accept, origin, requestID, traceparent, host, expect, accessControlRequestMethod
    case contentEncoding, authorization

    /// The field name, as sent (compared without regard to case).
    var text: StaticString {
      switch self {
      case .contentType: "Content-Type"
      case .accept: "Accept"
      case .origin: "Origin"
      case .requestID: HTTPHeader.requestIDName
      case .traceparent: TraceContext.headerName
      case .host: "Host"
      case .expect: "Expect"
      case .accessControlRequestMethod: "Access-Control-Request-Method"
      case .contentEncoding: "Content-Encoding"
      case .authorization: "Authorization"
      }
    }

    /// The kept header a field name is, if any: its length decides which one it can be.
    @inline(__always)
    init?(_ name: UnsafePointer<CChar>, length: Int) {
      let candidate: Name
      switch length {
      case 12: candidate = name[0] | 0x20 == 0x63 ? .contentType : .requestID  // c…, x…
      case 6: candidate = name[0] | 0x20 == 0x61 ? .accept : name[0] | 0x20 == 0x6F ? .origin : .expect
      case 11: candidate = .traceparent
      case 4: candidate = .host
      case 29: candidate = .accessControlRequestMethod
      case 16: candidate = .contentEncoding
      case 13: candidate = .authorization
      default: return nil
      }
      guard
        candidate.text.withUTF8Buffer({
          strncasecmp(name, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), length)
        }) == 0
      else { return nil }
      self = candidate
    }

    /// The kept header `name` names, if any.
    init?(_ name: String) {
      var name = name
      guard
        let found = name.withUTF8({ bytes in
          bytes.withMemoryRebound(to: CChar.self) { Name(UnsafePointer($0.baseAddress!), length: $0.count) }
        })
      else { return nil }
      self = found
    }
  }

  @usableFromInline var values:
    (
      UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
      UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
      UnsafePointer<CChar>?, UnsafePointer<CChar>?
    ) = (nil, nil, nil, nil, nil, nil, nil, nil, nil, nil)
  /// A bit per kept header that came in more than one field.
  @usableFromInline var repeatedNames: UInt16 = 0

  /// Keeps `value` for the field `name` of `length` bytes, unless a field of that name came
  /// first; returns the kept header `name` names, if any.
  @inline(__always)
  @discardableResult
  mutating func note(_ name: UnsafePointer<CChar>, length: Int, value: UnsafePointer<CChar>) -> Name? {
    guard let known = Name(name, length: length) else { return nil }
    guard self[known] == nil else {
      repeatedNames |= 1 << UInt16(known.rawValue)
      return known
    }
    withUnsafeMutableBytes(of: &values) {
      $0.storeBytes(
        of: value, toByteOffset: known.rawValue * MemoryLayout<UnsafePointer<CChar>?>.stride,
        as: UnsafePointer<CChar>?.self)
    }
    return known
  }

  /// Keeps `value` for `name` in place of the value kept so far.
  mutating func replace(_ name: Name, with value: UnsafePointer<CChar>) {
    withUnsafeMutableBytes(of: &values) {
      $0.storeBytes(
        of: value, toByteOffset: name.rawValue * MemoryLayout<UnsafePointer<CChar>?>.stride,
        as: UnsafePointer<CChar>?.self)
    }
  }

  /// Whether the request has more than one field `name`.
  @inlinable
  func isRepeated(_ name: Name) -> Bool {
    repeatedNames & (1 << UInt16(name.rawValue)) != 0
  }

  /// The value of the first field `name`, or nil when the request has none.
  ///
  /// A switch over the names: reading the tuple's bytes (`withUnsafeBytes(of:)`) would copy all
  /// ten first.
  @inlinable @inline(__always)
  subscript(name: Name) -> UnsafePointer<CChar>? {
    switch name {
    case .contentType: values.0
    case .accept: values.1
    case .origin: values.2
    case .requestID: values.3
    case .traceparent: values.4
    case .host: values.5
    case .expect: values.6
    case .accessControlRequestMethod: values.7
    case .contentEncoding: values.8
    case .authorization: values.9
    }
  }
}
