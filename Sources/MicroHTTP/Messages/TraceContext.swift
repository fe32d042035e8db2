/// A caller's W3C Trace Context (level 1): the `traceparent` request header, so that a request
/// can be followed across services in their logs.
///
/// `00-<32 hex trace-id>-<16 hex parent-id>-<2 hex flags>`, lowercase; all-zero ids and version
/// `ff` are invalid. A later version is read for its first four fields, as the recommendation
/// asks. An invalid header is ignored: it never makes the request fail. Held as integers, so
/// reading it allocates nothing.
package struct TraceContext: Hashable, Sendable {
  /// The trace id's high and low 64 bits.
  package let traceIDHigh: UInt64
  package let traceIDLow: UInt64
  /// The caller's span: the parent id.
  package let parentID: UInt64
  /// The trace flags (bit 0: sampled).
  package let flags: UInt8

  /// The header's name.
  package static let headerName: StaticString = "traceparent"

  /// The context a `traceparent` value carries, or nil when it is not a valid one.
  package init?(header value: UnsafeBufferPointer<UInt8>) {
    // version "-" trace-id "-" parent-id "-" flags: 2 + 1 + 32 + 1 + 16 + 1 + 2.
    guard value.count >= 55 else { return nil }
    guard let version = Self.hex(value, 0, 2), version != 0xFF else { return nil }
    if version == 0 {
      guard value.count == 55 else { return nil }
    } else if value.count > 55, value[55] != UInt8(ascii: "-") {
      return nil
    }
    guard value[2] == UInt8(ascii: "-"), value[35] == UInt8(ascii: "-"), value[52] == UInt8(ascii: "-"),
      let high = Self.hex(value, 3, 16), let low = Self.hex(value, 19, 16),
      let parent = Self.hex(value, 36, 16),
      let flags = Self.hex(value, 53, 2), high | low != 0, parent != 0
    else { return nil }
    traceIDHigh = high
    traceIDLow = low
    parentID = parent
    self.flags = UInt8(flags)
  }

  /// The value of `count` lowercase hex digits at `start`, or nil when one is not.
  private static func hex(_ value: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> UInt64? {
    var result: UInt64 = 0
    for index in start..<start + count {
      let byte = value[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
      default: return nil
      }
      result = result << 4 | UInt64(digit)
    }
    return result
  }
}
