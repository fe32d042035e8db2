import Glibc
import HTTPServer
import Synchronization

/// The access log: one line per request, written to a file descriptor (standard error by
/// default) by a dedicated thread.
///
/// Request threads only format their line and append it to a bounded buffer; they never wait
/// for the descriptor. When the buffer is full (the reader of standard error is slower than the
/// traffic) the line is dropped and counted in `droppedLineCount`.
public final class AccessLog: Sendable {
  /// How each line is written.
  public enum Format: String, Sendable, CaseIterable {
    /// `2026-01-01T12:00:00.000Z POST /avoid 200 84us in=218 out=120 id=…`
    case text
    /// One JSON object per line: `time`, `method`, `path`, `status`, `duration_us`, `bytes_in`,
    /// `bytes_out`, `request_id`, `completed`.
    case json
  }

  /// The line format.
  public let format: Format
  let descriptor: Int32
  let capacity: Int
  let pending: PosixLocked<PendingLines>
  let wakeup = PosixSemaphore()
  let finished = PosixSemaphore()
  let dropped = Atomic<Int>(0)

  /// Starts the writer thread. `capacity` bounds the bytes waiting to be written.
  public init(format: Format, descriptor: Int32 = 2, capacity: Int = 1 << 20) {
    self.format = format
    self.descriptor = descriptor
    self.capacity = max(1024, capacity)
    pending = PosixLocked(PendingLines(capacity: min(self.capacity, 64 << 10)))
    startWriter()
  }

  /// Lines dropped so far because the buffer was full.
  public var droppedLineCount: Int {
    dropped.load(ordering: .relaxed)
  }

  /// Logs one finished request. Never blocks on the descriptor.
  public func record(_ request: CompletedRequest) {
    var line: [UInt8] = []
    line.reserveCapacity(256)
    switch format {
    case .text: AccessLogLine.text(request, at: AccessLogLine.now(), into: &line)
    case .json: AccessLogLine.json(request, at: AccessLogLine.now(), into: &line)
    }
    let capacity = self.capacity
    let wasEmpty = pending.withLock { pending -> Bool? in
      guard !pending.isClosed, pending.bytes.count + line.count <= capacity else { return nil }
      let wasEmpty = pending.bytes.isEmpty
      pending.bytes.append(contentsOf: line)
      return wasEmpty
    }
    switch wasEmpty {
    case nil: dropped.wrappingAdd(1, ordering: .relaxed)
    case true?: wakeup.signal()
    case false?: break
    }
  }

  /// Writes what is buffered and stops the writer, waiting at most `timeout` seconds (standard
  /// error may be stuck). Later lines are dropped.
  public func close(timeout: Double = 2) {
    let wasOpen = pending.withLock { pending in
      defer { pending.isClosed = true }
      return !pending.isClosed
    }
    guard wasOpen else { return }
    wakeup.signal()
    _ = finished.wait(seconds: timeout)
  }
}

/// The lines waiting for the writer thread.
struct PendingLines {
  var bytes: [UInt8] = []
  var isClosed = false

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }
}
