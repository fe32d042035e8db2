import Glibc
import MicroHTTP
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
    /// `bytes_out`, `request_id`, `items` (batches only), `completed`.
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

extension AccessLog {
  /// Starts the thread that moves buffered lines to the descriptor. It holds the log until it
  /// has written everything after `close()`.
  func startWriter() {
    let retained = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        let log = Unmanaged<AccessLog>.fromOpaque(context!).takeRetainedValue()
        log.runWriter()
        return nil
      }, retained)
    if created == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<AccessLog>.fromOpaque(retained).release()
      pending.withLock { $0.isClosed = true }
      finished.signal()
    }
  }

  /// How long the writer waits after the first line of a batch arrives.
  static let batchMicroseconds: UInt32 = 10_000

  /// Waits for lines, swaps the buffer out under the lock and writes it outside the lock.
  private func runWriter() {
    var batch: [UInt8] = []
    batch.reserveCapacity(64 << 10)
    while true {
      wakeup.wait()
      // Let lines gather for a moment: one write(2) then carries many of them, and request
      // threads rarely find the buffer empty (only then do they signal this thread).
      if !pending.withLock({ $0.isClosed }) { usleep(Self.batchMicroseconds) }
      var closed = false
      repeat {
        closed = pending.withLock { pending in
          swap(&pending.bytes, &batch)
          return pending.isClosed
        }
        writeAll(batch)
        batch.removeAll(keepingCapacity: true)
      } while pending.withLock({ !$0.bytes.isEmpty })
      if closed {
        finished.signal()
        return
      }
    }
  }

  private func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}

/// The bytes of one access log line.
enum AccessLogLine {
  /// The wall-clock time now.
  static func now() -> timespec {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return time
  }

  /// `2026-01-01T12:00:00.000Z POST /avoid 200 84us in=218 out=120 id=…`, then ` items=N` for a
  /// batch and ` incomplete`
  /// when the answer was not sent in full. Bytes outside visible ASCII in the method, path and
  /// id are written as `\xNN`, so a line is always one line.
  static func text(_ request: CompletedRequest, at time: timespec, into line: inout [UInt8]) {
    timestamp(time, into: &line)
    line.append(UInt8(ascii: " "))
    visible(request.method.rawValue, into: &line)
    line.append(UInt8(ascii: " "))
    visible(request.path, into: &line)
    line.append(UInt8(ascii: " "))
    decimal(UInt64(max(0, request.status)), into: &line)
    line.append(UInt8(ascii: " "))
    decimal(request.durationNanoseconds / 1000, into: &line)
    line.append(contentsOf: "us in=".utf8)
    decimal(UInt64(max(0, request.bytesIn)), into: &line)
    line.append(contentsOf: " out=".utf8)
    decimal(UInt64(max(0, request.bytesOut)), into: &line)
    line.append(contentsOf: " id=".utf8)
    visible(request.requestID ?? "-", into: &line)
    if let items = request.items {
      line.append(contentsOf: " items=".utf8)
      decimal(UInt64(max(0, items)), into: &line)
    }
    if !request.completed { line.append(contentsOf: " incomplete".utf8) }
    line.append(UInt8(ascii: "\n"))
  }

  /// One JSON object: `time`, `method`, `path`, `status`, `duration_us`, `bytes_in`,
  /// `bytes_out`, `request_id` (`null` when none), `items` (for a batch) and `completed`.
  static func json(_ request: CompletedRequest, at time: timespec, into line: inout [UInt8]) {
    line.append(contentsOf: #"{"time":""#.utf8)
    timestamp(time, into: &line)
    line.append(contentsOf: #"","method":"#.utf8)
    jsonString(request.method.rawValue, into: &line)
    line.append(contentsOf: #","path":"#.utf8)
    jsonString(request.path, into: &line)
    line.append(contentsOf: #","status":"#.utf8)
    decimal(UInt64(max(0, request.status)), into: &line)
    line.append(contentsOf: #","duration_us":"#.utf8)
    decimal(request.durationNanoseconds / 1000, into: &line)
    line.append(contentsOf: #","bytes_in":"#.utf8)
    decimal(UInt64(max(0, request.bytesIn)), into: &line)
    line.append(contentsOf: #","bytes_out":"#.utf8)
    decimal(UInt64(max(0, request.bytesOut)), into: &line)
    line.append(contentsOf: #","request_id":"#.utf8)
    if let requestID = request.requestID {
      jsonString(requestID, into: &line)
    } else {
      line.append(contentsOf: "null".utf8)
    }
    if let items = request.items {
      line.append(contentsOf: #","items":"#.utf8)
      decimal(UInt64(max(0, items)), into: &line)
    }
    line.append(contentsOf: (request.completed ? #","completed":true}"# : #","completed":false}"#).utf8)
    line.append(UInt8(ascii: "\n"))
  }

  /// RFC 3339 UTC with milliseconds: `2026-01-01T12:00:00.000Z`.
  static func timestamp(_ time: timespec, into line: inout [UInt8]) {
    var seconds = time.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    digits(Int(parts.tm_year) + 1900, 4, into: &line)
    line.append(UInt8(ascii: "-"))
    digits(Int(parts.tm_mon) + 1, 2, into: &line)
    line.append(UInt8(ascii: "-"))
    digits(Int(parts.tm_mday), 2, into: &line)
    line.append(UInt8(ascii: "T"))
    digits(Int(parts.tm_hour), 2, into: &line)
    line.append(UInt8(ascii: ":"))
    digits(Int(parts.tm_min), 2, into: &line)
    line.append(UInt8(ascii: ":"))
    digits(Int(parts.tm_sec), 2, into: &line)
    line.append(UInt8(ascii: "."))
    digits(time.tv_nsec / 1_000_000, 3, into: &line)
    line.append(UInt8(ascii: "Z"))
  }

  /// Appends `value` in decimal, without building a `String`.
  private static func decimal(_ value: UInt64, into line: inout [UInt8]) {
    var divisor: UInt64 = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      line.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  private static func digits(_ value: Int, _ width: Int, into line: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      line.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  private static func visible(_ text: String, into line: inout [UInt8]) {
    for byte in text.utf8 {
      if (0x21...0x7E).contains(byte), byte != UInt8(ascii: "\\") {
        line.append(byte)
      } else {
        line.append(contentsOf: "\\x".utf8)
        line.append(hexDigit(byte >> 4))
        line.append(hexDigit(byte & 0x0F))
      }
    }
  }

  private static func jsonString(_ text: String, into line: inout [UInt8]) {
    line.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        line.append(UInt8(ascii: "\\"))
        line.append(byte)
      case 0x00..<0x20, 0x7F:
        line.append(contentsOf: "\\u00".utf8)
        line.append(hexDigit(byte >> 4))
        line.append(hexDigit(byte & 0x0F))
      default:
        line.append(byte)
      }
    }
    line.append(UInt8(ascii: "\""))
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}
