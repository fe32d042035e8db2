import Posix

/// Issues request ids: 32 lowercase hex digits, a random 64-bit prefix chosen once per server
/// followed by a 64-bit count, so ids are unique across restarts and replicas in practice. The
/// count is per thread (`ThreadIndex.nextUnique()`): issuing an id writes no memory another thread
/// writes.
final class RequestIDSource: Sendable {
  /// The longest client-sent id that is kept.
  static let maxLength = 128

  private let prefix: UInt64

  init(prefix: UInt64 = .random(in: .min ... .max)) {
    self.prefix = prefix
  }

  /// A new id.
  func next() -> String {
    let count = ThreadIndex.nextUnique()
    return String(unsafeUninitializedCapacity: 32) { buffer in
      Self.writeHex(prefix, into: buffer, at: 0)
      Self.writeHex(count, into: buffer, at: 16)
      return 32
    }
  }

  /// Whether a client's id is kept as it is: 1 to 128 bytes of visible ASCII (`!` to `~`).
  static func isSane(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    guard value.count > 0, value.count <= maxLength else { return false }
    for byte in value where !(0x21...0x7E).contains(byte) { return false }
    return true
  }

  private static func writeHex(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int)
  {
    for index in 0..<16 {
      let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0x0F
      buffer[start + index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
  }
}
