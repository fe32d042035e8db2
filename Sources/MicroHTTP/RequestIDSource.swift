import Glibc
internal import LayoutJSON
import Synchronization

/// Issues request ids: 32 lowercase hex digits, a random 64-bit prefix chosen once per server
/// followed by a 64-bit count, so ids are unique across restarts and replicas in practice. The
/// count is per thread (`ThreadCount`): issuing an id writes no memory another thread writes.
final class RequestIDSource: Sendable {
  /// The longest client-sent id that is kept.
  static let maxLength = 128

  private let prefix: UInt64

  init(prefix: UInt64 = .random(in: .min ... .max)) {
    self.prefix = prefix
  }

  /// A new id.
  func next() -> String {
    let count = ThreadCount.next()
    return String(unsafeUninitializedCapacity: 32) { buffer in
      Self.writeHex(prefix, into: buffer, at: 0)
      Self.writeHex(count, into: buffer, at: 16)
      return 32
    }
  }

  /// Whether a client's id is kept as it is: 1 to 128 bytes of visible ASCII (`!` to `~`).
  static func isSane(_ value: UnsafePointer<CChar>) -> Bool {
    var index = 0
    while value[index] != 0 {
      guard index < maxLength, (0x21...0x7E).contains(value[index]) else { return false }
      index += 1
    }
    return index > 0
  }

  private static func writeHex(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int)
  {
    for index in 0..<16 {
      let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0x0F
      buffer[start + index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
  }
}

/// A count per thread, unique in the process: the top 24 bits are the thread's slot (handed out
/// once per thread), the low 40 bits its own count.
enum ThreadCount {
  /// One thread's count.
  private final class Count {
    var value: UInt64
    init(_ value: UInt64) { self.value = value }
  }

  private static let slots = Atomic<UInt64>(0)

  /// Each thread's count, starting at its slot (freed when the thread exits).
  private static let perThread = PerThread {
    Count((slots.wrappingAdd(1, ordering: .relaxed).oldValue & 0xFF_FFFF) << 40)
  }

  /// The calling thread's next count.
  static func next() -> UInt64 {
    let count = perThread.current
    count.value &+= 1
    return count.value
  }
}
