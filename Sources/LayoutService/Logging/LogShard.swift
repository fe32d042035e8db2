import Posix

/// The bytes of one shard of the log waiting for the writer thread (`LogWriter`), under the
/// shard's lock.
///
/// Its own lock and its own memory: a line is formatted straight into the bytes waiting
/// (`reserve`, then `commit`: no temporary copy, no closure), and a generic method of Posix's
/// `Locked` would not be specialized in this module.
final class LogShard: @unchecked Sendable {
  // @unchecked: `storage`, `count` and `capacity` are only touched between the pthread mutex's
  // lock and unlock (every method is called holding `lock`; hence `@exclusivity(unchecked)`:
  // the lock is the exclusivity).
  let lock = Lock()
  @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>?
  @exclusivity(unchecked) private var count = 0
  @exclusivity(unchecked) private var capacity = 0

  deinit {
    storage?.deallocate()
  }

  /// Where a line of at most `room` bytes is to be written, right after the bytes waiting; the
  /// caller holds `lock`, writes there and then calls `commit`.
  @inline(__always)
  func reserve(_ room: Int, limit: Int) -> UnsafeMutablePointer<UInt8>? {
    if capacity - count < room { grow(toHold: count + room, limit: limit) }
    return storage.map { $0 + count }
  }

  /// Keeps the `length` bytes just written where `reserve` said; the caller holds `lock`.
  /// Whether the shard held no line before, or nil when the line would take the shard past
  /// `limit` bytes (it is dropped).
  @inline(__always)
  func commit(_ length: Int, limit: Int) -> Bool? {
    guard count + length <= limit else { return nil }
    count += length
    return count == length
  }

  /// Appends the whole line `bytes` when it fits under `limit`, as `commit` answers.
  func append(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Bool? {
    guard let base = reserve(bytes.count, limit: limit) else { return nil }
    if let source = bytes.baseAddress {
      UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: bytes.count)
    }
    return commit(bytes.count, limit: limit)
  }

  /// Makes room for `needed` bytes: 64 KiB at first, doubling, up to `limit` (and past it by
  /// at most one line's room, which a line written there cannot keep).
  private func grow(toHold needed: Int, limit: Int) {
    let grown = max(needed, min(max(2 * capacity, 64 << 10), limit))
    let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    if let storage {
      memory.update(from: storage, count: count)
      storage.deallocate()
    }
    storage = memory
    capacity = grown
  }

  /// Moves the waiting bytes to the end of `batch`; the caller holds `lock`.
  func takeAll(into batch: inout [UInt8]) {
    guard let storage, count > 0 else { return }
    batch.append(contentsOf: UnsafeBufferPointer(start: storage, count: count))
    count = 0
  }

  /// Whether no byte is waiting; the caller holds `lock`.
  var isEmpty: Bool { count == 0 }
}
