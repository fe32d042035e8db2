import Glibc
import LayoutJSON
import MicroHTTP
import Posix
import Synchronization

/// The access log: one line per request, written to a file descriptor (standard error by
/// default) by a dedicated thread.
///
/// Request threads format their line straight into a buffer of their own shard (one lock that
/// no other request thread normally takes) and never wait for the descriptor; the writer thread
/// collects every shard's lines about every 10 ms and hands them whole to one `write(2)`. When a
/// shard's buffer is full (the reader of standard error is slower than the traffic) the line is
/// dropped and counted in `droppedLineCount`.
package final class AccessLog: HTTPMiddleware {
  /// How each line is written.
  package enum Format: String, Sendable, CaseIterable {
    /// `2026-01-01T12:00:00.000Z POST /avoid 200 84us in=218 out=120 id=…`
    case text
    /// One JSON object per line: `time`, `method`, `path`, `status`, `duration_us`, `bytes_in`,
    /// `bytes_out`, `request_id`, `trace_id` and `span_id` (with a valid `traceparent`), `items`
    /// (batches only), `completed`.
    case json
  }

  /// The line format.
  package let format: Format
  let descriptor: FileDescriptor
  /// The most bytes one shard holds before lines are dropped.
  let shardCapacity: Int
  /// The buffers lines are formatted into, chosen by thread (`ThreadIndex`).
  let shards: [PendingLines]
  let wakeup = Semaphore()
  let finished = Semaphore()
  let dropped = Atomic<Int>(0)
  let isClosed = Atomic<Bool>(false)

  /// Starts the writer thread. `capacity` bounds the bytes waiting to be written in each shard
  /// (a shard's buffer grows to it only when the descriptor falls behind).
  package init(format: Format, descriptor: FileDescriptor = .standardError, capacity: Int = 1 << 20) {
    self.format = format
    self.descriptor = descriptor
    shardCapacity = max(1024, capacity)
    shards = (0..<ThreadIndex.shardCount).map { _ in PendingLines() }
    startWriter()
  }

  /// Lines dropped so far because a buffer was full (or the log was closed).
  package var droppedLineCount: Int {
    dropped.load(ordering: .relaxed)
  }

  /// Logs one finished request (`record(_:)`).
  package func requestEnded(_ request: borrowing CompletedRequest) {
    record(request)
  }

  /// Logs one finished request. Never blocks on the descriptor.
  package func record(_ request: borrowing CompletedRequest) {
    let time = AccessLogLine.now()
    let pending = shards[ThreadIndex.shard]
    // The lock taken and released here, not around a closure: a closure would copy the
    // borrowed record in (and destroy the copy) on every request.
    pending.lock.lock()
    // Checked under the shard's lock: the writer's last pass takes it after `close()`.
    let wasEmpty =
      isClosed.load(ordering: .relaxed)
      ? nil : pending.append(request, at: time, format: format, limit: shardCapacity)
    pending.lock.unlock()
    switch wasEmpty {
    case nil: dropped.wrappingAdd(1, ordering: .relaxed)
    case true?: wakeup.signal()
    case false?: break
    }
  }

  /// Writes what is buffered and stops the writer, waiting at most `timeout` seconds (standard
  /// error may be stuck). Later lines are dropped.
  package func close(timeout: Double = 2) {
    guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    wakeup.signal()
    _ = finished.wait(seconds: timeout)
  }
}

/// The lines of one shard waiting for the writer thread, and the clock their times are
/// written with, under the shard's lock.
///
/// Its own lock and its own memory: a line is written straight into the bytes waiting (no
/// temporary copy, no closure), and a generic method of Posix's `Locked` would not be
/// specialized in this module.
final class PendingLines: @unchecked Sendable {
  // @unchecked: `storage`, `count`, `capacity` and `clock` are only touched between the pthread
  // mutex's lock and unlock (`append` and `takeAll` are called holding `lock`; hence
  // `@exclusivity(unchecked)`: the lock is the exclusivity).
  let lock = Lock()
  @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>?
  @exclusivity(unchecked) private var count = 0
  @exclusivity(unchecked) private var capacity = 0
  @exclusivity(unchecked) private var clock = AccessLogLine.Clock()

  deinit {
    storage?.deallocate()
  }

  /// Appends `request`'s line in `format`; the caller holds `lock`. Whether the shard held no
  /// line before, or nil when the line would take the shard past `limit` bytes (it is dropped).
  @inline(__always)
  func append(
    _ request: borrowing CompletedRequest, at time: timespec, format: AccessLog.Format, limit: Int
  ) -> Bool? {
    let room = AccessLogLine.room(for: request)
    if capacity - count < room { grow(toHold: count + room, limit: limit) }
    guard let storage else { return nil }
    var line = LineBuffer(base: storage + count)
    switch format {
    case .text: AccessLogLine.text(request, at: time, clock: &clock, into: &line)
    case .json: AccessLogLine.json(request, at: time, clock: &clock, into: &line)
    }
    guard count + line.count <= limit else { return nil }
    count += line.count
    return count == line.count
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

  /// Moves the waiting lines to the end of `batch`; the caller holds `lock`.
  func takeAll(into batch: inout [UInt8]) {
    guard let storage, count > 0 else { return }
    batch.append(contentsOf: UnsafeBufferPointer(start: storage, count: count))
    count = 0
  }
}

extension AccessLog {
  /// Starts the thread that moves buffered lines to the descriptor. It holds the log until it
  /// has written everything after `close()`.
  func startWriter() {
    PosixThread { [self] in runWriter() }.detach()
  }

  /// How long the writer waits after the first line of a batch arrives.
  static let batchMicroseconds: UInt32 = 10_000

  /// Waits for lines, moves every shard's lines out under its lock and writes them outside.
  private func runWriter() {
    var batch: [UInt8] = []
    batch.reserveCapacity(64 << 10)
    while true {
      wakeup.wait()
      // Let lines gather for a moment: one write(2) then carries many of them, and request
      // threads rarely find their buffer empty (only then do they signal this thread).
      if !isClosed.load(ordering: .acquiring) {
        MonotonicClock.sleep(seconds: Double(Self.batchMicroseconds) / 1e6)
      }
      // One pass is enough: a line that lands in a shard after the pass took it finds the shard
      // empty and signals again; after `close()` no line lands (see `record`).
      let closed = isClosed.load(ordering: .acquiring)
      for shard in shards {
        shard.lock.lock()
        shard.takeAll(into: &batch)
        shard.lock.unlock()
      }
      if !batch.isEmpty {
        // A failed write has nowhere to be reported: the lines are dropped.
        try? descriptor.writeAll(batch)
        batch.removeAll(keepingCapacity: true)
      }
      if closed {
        finished.signal()
        return
      }
    }
  }

}
