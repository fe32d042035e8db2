import Posix

/// A request's id: the client's own when it is sane, else one the server issued.
///
/// An issued id is held as its two 64-bit halves and written as 32 lowercase hex digits only
/// where it is read (the answer's header, the log line), so issuing one allocates nothing.
package struct RequestID: Sendable, CustomStringConvertible {
  private enum Storage {
    case issued(prefix: UInt64, count: UInt64)
    case given(String)
  }

  private let storage: Storage

  /// The id a client sent, kept as it is.
  package init(_ text: String) {
    storage = .given(text)
  }

  fileprivate init(prefix: UInt64, count: UInt64) {
    storage = .issued(prefix: prefix, count: count)
  }

  /// How many bytes the id has.
  package var utf8Count: Int {
    switch storage {
    case .issued: 32
    case .given(let text): text.utf8.count
    }
  }

  /// The id as text.
  package var description: String {
    var text = ""
    withUTF8 { text = String(decoding: $0, as: UTF8.self) }
    return text
  }

  // Not generic, these two: a generic method of a `package` type is not specialized in the
  // modules that call it, and the log writes every id through `withUTF8`.

  /// Calls `body` with the id's UTF-8 bytes, valid only inside `body`.
  package func withUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    switch storage {
    case .issued(let prefix, let count):
      Self.withIssued(prefix, count) { body(UnsafeBufferPointer(start: $0, count: 32)) }
    case .given(var text):
      text.withUTF8(body)
    }
  }

  /// Calls `body` with the id as a NUL-terminated C string, valid only inside `body`.
  func withCString(_ body: (UnsafePointer<CChar>) -> Void) {
    switch storage {
    case .issued(let prefix, let count):
      Self.withIssued(prefix, count) { $0.withMemoryRebound(to: CChar.self, capacity: 33, body) }
    case .given(let text):
      text.withCString(body)
    }
  }

  /// Calls `body` with the 32 hex digits of an issued id, followed by a NUL, on the stack.
  @inline(__always)
  private static func withIssued(_ prefix: UInt64, _ count: UInt64, _ body: (UnsafePointer<UInt8>) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 33) { buffer in
      let base = buffer.baseAddress!
      HexDigits.write(prefix, into: base)
      HexDigits.write(count, into: base + 16)
      base[32] = 0
      body(base)
    }
  }
}

/// Issues request ids: a random 64-bit prefix chosen once per server followed by a 64-bit
/// count, so ids are unique across restarts and replicas in practice. The count is per thread
/// (`ThreadIndex.nextUnique()`): issuing an id writes no memory another thread writes.
final class RequestIDSource: Sendable {
  /// The longest client-sent id that is kept.
  static let maxLength = 128

  private let prefix: UInt64

  init(prefix: UInt64 = .random(in: .min ... .max)) {
    self.prefix = prefix
  }

  /// A new id.
  func next() -> RequestID {
    RequestID(prefix: prefix, count: ThreadIndex.nextUnique())
  }

  /// Whether a client's id is kept as it is: 1 to 128 bytes of visible ASCII (`!` to `~`).
  static func isSane(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    guard value.count > 0, value.count <= maxLength else { return false }
    for byte in value where !(0x21...0x7E).contains(byte) { return false }
    return true
  }
}

/// Lowercase hex digits of 64-bit values: request ids, trace ids in log lines.
package enum HexDigits {
  /// Writes `value` as 16 lowercase hex digits at `destination`, most significant first.
  ///
  /// Eight digits at a time: the nibbles of a 32-bit half are spread into the bytes of a word,
  /// each becomes its digit by adding `0` and, from ten up, the distance from `9` to `a`.
  @inline(__always)
  package static func write(_ value: UInt64, into destination: UnsafeMutablePointer<UInt8>) {
    let raw = UnsafeMutableRawPointer(destination)
    raw.storeBytes(of: digits(value &>> 32), as: UInt64.self)
    raw.storeBytes(of: digits(value & 0xFFFF_FFFF), toByteOffset: 8, as: UInt64.self)
  }

  /// The eight digits of `half` (below 2^32) as the bytes of a word, in memory order.
  @inline(__always)
  private static func digits(_ half: UInt64) -> UInt64 {
    var spread = (half | half &<< 16) & 0x0000_FFFF_0000_FFFF
    spread = (spread | spread &<< 8) & 0x00FF_00FF_00FF_00FF
    spread = (spread | spread &<< 4) & 0x0F0F_0F0F_0F0F_0F0F
    let fromTen = ((spread &+ 0x0606_0606_0606_0606) &>> 4) & 0x0101_0101_0101_0101
    let ascii = spread &+ 0x3030_3030_3030_3030 &+ fromTen &* 0x27
    // The most significant nibble is in the highest byte: swapped, it comes first in memory.
    return UInt64(bigEndian: ascii)
  }
}

/// How a server names and issues request ids.
///
/// A class: the pipeline reads it on every request, and a reference costs one retain to copy
/// where a struct holding a string costs several.
package final class RequestIDPolicy: Sendable {
  /// The header that carries a request's id, in both directions.
  package let header: String
  /// `header`, when the framing pass keeps it (as it keeps `X-Request-Id`).
  let knownHeader: KnownHeaders.Name?
  let source: RequestIDSource

  /// Ids in `header`: the client's own when it is 1 to 128 characters of visible ASCII, else a
  /// new one (32 hex digits).
  package init(header: String = HTTPHeader.requestIDName.description) {
    self.header = header
    self.knownHeader = KnownHeaders.Name(header)
    self.source = RequestIDSource()
  }
}
