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
    let format = self.format
    let limit = shardCapacity
    let pending = shards[ThreadIndex.shard]
    let wasEmpty: Bool? = pending.withLock {
      // Checked under the shard's lock: the writer's last pass takes it after `close()`.
      guard !isClosed.load(ordering: .relaxed) else { return nil }
      let start = pending.bytes.count
      if pending.bytes.capacity == 0 { pending.bytes.reserveCapacity(min(limit, 64 << 10)) }
      switch format {
      case .text: AccessLogLine.text(request, at: time, clock: &pending.clock, into: &pending.bytes)
      case .json: AccessLogLine.json(request, at: time, clock: &pending.clock, into: &pending.bytes)
      }
      guard pending.bytes.count <= limit else {
        pending.bytes.removeLast(pending.bytes.count - start)
        return nil
      }
      return start == 0
    }
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
/// Its own lock rather than a `Locked` value: a generic method of Posix's `Locked` is not
/// specialized in this module, and every request's line is written under this lock.
final class PendingLines: @unchecked Sendable {
  // @unchecked: `bytes` and `clock` are only touched inside `withLock`, between the pthread
  // mutex's lock and unlock (hence `@exclusivity(unchecked)`: the lock is the exclusivity).
  private let lock = Lock()
  @exclusivity(unchecked) var bytes: [UInt8] = []
  @exclusivity(unchecked) var clock = AccessLogLine.Clock()

  /// Runs `body` while holding the shard's lock.
  @inline(__always)
  func withLock<Result>(_ body: () -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body()
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
        shard.withLock {
          batch.append(contentsOf: shard.bytes)
          shard.bytes.removeAll(keepingCapacity: true)
        }
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
