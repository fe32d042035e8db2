import Glibc
import MicroHTTP
import Posix

/// The access log: one line per request, formatted into a `LogWriter`'s buffers.
///
/// A request thread formats its line straight into the buffer of its thread's shard (one lock
/// that no other request thread normally takes) and never waits for the descriptor: the
/// writer's own thread writes the lines out. When the shard's buffer is full (the reader of
/// standard error is slower than the traffic) the line is dropped and counted in the writer's
/// `droppedLineCount`.
package final class AccessLog: HTTPObserver {
  /// How each line is written, or that none is (`layoutd --log-format`).
  package enum Format: String, Sendable, CaseIterable {
    /// No line: `layoutd` installs no access log, and one in this format records nothing.
    case off
    /// `2026-01-01T12:00:00.000Z POST /avoid 200 84us in=218 out=120 id=…`
    case text
    /// One JSON object per line: `time`, `method`, `path`, `status`, `duration_us`, `bytes_in`,
    /// `bytes_out`, `request_id`, `trace_id` and `span_id` (with a valid `traceparent`), `items`
    /// (batches only), `key` (the access key's name, with `--api-keys`), `unauthorized` (`missing`
    /// or `invalid`, a request the access keys refused), `completed`.
    case json
  }

  /// The line format.
  package let format: Format
  /// Where the lines go.
  package let writer: LogWriter

  /// Formats lines in `format` into `writer`.
  package init(format: Format, writer: LogWriter) {
    self.format = format
    self.writer = writer
  }

  /// Formats lines in `format` into a writer of its own on `descriptor` (`LogWriter`'s
  /// `capacity` per shard).
  package convenience init(
    format: Format, descriptor: FileDescriptor = .standardError, capacity: Int = 1 << 20
  ) {
    self.init(format: format, writer: LogWriter(descriptor: descriptor, capacity: capacity))
  }

  /// Logs one finished request (`record(_:)`).
  package func requestEnded(_ request: borrowing CompletedRequest) {
    record(request)
  }

  /// Logs one finished request. Never blocks on the descriptor.
  package func record(_ request: borrowing CompletedRequest) {
    guard format != .off else { return }
    let time = AccessLogLine.now()
    let room = AccessLogLine.room(for: request)
    let stamp = Self.stamps.current
    let shard = writer.shards[ThreadIndex.shard]
    let limit = writer.shardCapacity
    // The lock taken and released here, not around a closure: a closure would copy the
    // borrowed record in (and destroy the copy) on every request.
    shard.lock.lock()
    var appended: Bool?
    if writer.isOpen, let base = shard.reserve(room, limit: limit) {
      var line = LineBuffer(base: base)
      switch format {
      case .off: break  // `record` returned before.
      case .text: AccessLogLine.text(request, at: time, clock: &stamp.clock, into: &line)
      case .json: AccessLogLine.json(request, at: time, clock: &stamp.clock, into: &line)
      }
      appended = shard.commit(line.count, limit: limit)
    }
    shard.lock.unlock()
    writer.settle(appended)
  }

  /// The clock each thread writes its lines' times with.
  private static let stamps = PerThread { Stamp() }

  /// A thread's `AccessLogLine.TimestampWriter`: the date and time of day of the second it last wrote.
  private final class Stamp {
    // Only the thread that owns it (`PerThread`) touches it, so the exclusivity is the
    // thread's own.
    @exclusivity(unchecked) var clock = AccessLogLine.TimestampWriter()
  }
}
