import Glibc
import LayoutJSON
import MicroHTTP
import Posix

/// The bytes of one access log line.
enum AccessLogLine {
  /// The wall-clock time now.
  static func now() -> timespec {
    WallClock.now.timespec
  }

  /// `2026-01-01T12:00:00.000Z POST /avoid 200 84us in=218 out=120 id=…`, then
  /// ` trace=<trace id>-<span id>` with a valid `traceparent`, each note as ` name=value` (a
  /// batch's ` items=N`, the access key's ` key=NAME`) and ` incomplete` when the answer was not
  /// sent in full. Bytes outside visible ASCII
  /// in the method, path and id are written as `\xNN`, so a line is always one line.
  static func text(_ request: CompletedRequest, at time: timespec, into line: inout [UInt8]) {
    var clock = TimestampWriter()
    LineBuffer.write(room: room(for: request), into: &line) {
      text(request, at: time, clock: &clock, into: &$0)
    }
  }

  /// `text(_:at:into:)` with the date and time of day from `clock`, into `room(for:)` bytes.
  static func text(
    _ request: borrowing CompletedRequest, at time: timespec, clock: inout TimestampWriter,
    into buffer: inout LineBuffer
  ) {
    clock.write(time, into: &buffer)
    buffer.put(UInt8(ascii: " "))
    buffer.putVisible(request.method.rawValue)
    buffer.put(UInt8(ascii: " "))
    buffer.putVisible(request.path)
    buffer.put(UInt8(ascii: " "))
    buffer.putDecimal(UInt64(max(0, request.status)))
    buffer.put(UInt8(ascii: " "))
    buffer.putDecimal(request.durationNanoseconds / 1000)
    buffer.put("us in=")
    buffer.putDecimal(UInt64(max(0, request.bytesIn)))
    buffer.put(" out=")
    buffer.putDecimal(UInt64(max(0, request.bytesOut)))
    buffer.put(" id=")
    if let requestID = request.requestID {
      requestID.withUTF8 { buffer.putVisible($0) }
    } else {
      buffer.put(UInt8(ascii: "-"))
    }
    if let trace = request.trace {
      buffer.put(" trace=")
      buffer.putHex(trace.traceIDHigh)
      buffer.putHex(trace.traceIDLow)
      buffer.put(UInt8(ascii: "-"))
      buffer.putHex(trace.parentID)
    }
    if !request.notes.isEmpty { text(request.notes, into: &buffer) }
    if !request.completed { buffer.put(" incomplete") }
    buffer.put(UInt8(ascii: "\n"))
  }

  /// Each note as ` name=value`.
  private static func text(_ notes: RequestNotes, into buffer: inout LineBuffer) {
    notes.forEach { note in
      buffer.put(UInt8(ascii: " "))
      buffer.put(note.name)
      buffer.put(UInt8(ascii: "="))
      switch note.value {
      case .count(let count): buffer.putDecimal(UInt64(max(0, count)))
      case .text(let text): buffer.putVisible(text)
      }
    }
  }

  /// One JSON object: `time`, `method`, `path`, `status`, `duration_us`, `bytes_in`,
  /// `bytes_out`, `request_id` (`null` when none), `trace_id` and `span_id` (the caller's W3C
  /// trace context, when it sent a valid `traceparent`), each note (a batch's `items`, the access
  /// key's `key`, its name) and `completed`.
  static func json(_ request: CompletedRequest, at time: timespec, into line: inout [UInt8]) {
    var clock = TimestampWriter()
    LineBuffer.write(room: room(for: request), into: &line) {
      json(request, at: time, clock: &clock, into: &$0)
    }
  }

  /// `json(_:at:into:)` with the date and time of day from `clock`, into `room(for:)` bytes.
  static func json(
    _ request: borrowing CompletedRequest, at time: timespec, clock: inout TimestampWriter,
    into buffer: inout LineBuffer
  ) {
    buffer.put(#"{"time":""#)
    clock.write(time, into: &buffer)
    buffer.put(#"","method":"#)
    buffer.putJSONString(request.method.rawValue)
    buffer.put(#","path":"#)
    buffer.putJSONString(request.path)
    buffer.put(#","status":"#)
    buffer.putDecimal(UInt64(max(0, request.status)))
    buffer.put(#","duration_us":"#)
    buffer.putDecimal(request.durationNanoseconds / 1000)
    buffer.put(#","bytes_in":"#)
    buffer.putDecimal(UInt64(max(0, request.bytesIn)))
    buffer.put(#","bytes_out":"#)
    buffer.putDecimal(UInt64(max(0, request.bytesOut)))
    buffer.put(#","request_id":"#)
    if let requestID = request.requestID {
      requestID.withUTF8 { buffer.putJSONString(UnsafeRawBufferPointer($0)) }
    } else {
      buffer.put("null")
    }
    if let trace = request.trace {
      buffer.put(#","trace_id":""#)
      buffer.putHex(trace.traceIDHigh)
      buffer.putHex(trace.traceIDLow)
      buffer.put(#"","span_id":""#)
      buffer.putHex(trace.parentID)
      buffer.put(UInt8(ascii: "\""))
    }
    if !request.notes.isEmpty { json(request.notes, into: &buffer) }
    buffer.put(request.completed ? #","completed":true}"# : #","completed":false}"#)
    buffer.put(UInt8(ascii: "\n"))
  }

  /// Each note as `,"name":value`.
  private static func json(_ notes: RequestNotes, into buffer: inout LineBuffer) {
    notes.forEach { note in
      buffer.put(#",""#)
      buffer.put(note.name)
      buffer.put(#"":"#)
      switch note.value {
      case .count(let count): buffer.putDecimal(UInt64(max(0, count)))
      case .text(let text): buffer.putJSONString(text)
      }
    }
  }

  /// The most bytes a line of `request` takes: its fixed parts, and every byte of its method, path,
  /// id and notes escaped at the widest (six bytes).
  static func room(for request: borrowing CompletedRequest) -> Int {
    var notes = 0
    if !request.notes.isEmpty {
      request.notes.forEach { note in
        notes += note.name.utf8CodeUnitCount + 24
        if case .text(let text) = note.value { notes += text.utf8.count }
      }
    }
    return 256 + 6
      * (request.method.rawValue.utf8.count + request.path.utf8.count + (request.requestID?.utf8Count ?? 1)
        + notes)
  }

  /// Writes timestamps, converting the date and time of day only when the second changes
  /// (`gmtime_r` takes glibc's time zone lock).
  struct TimestampWriter {
    private var second = -1
    /// `2026-01-01T12:00:00.` for `second`.
    private var prefix: [UInt8] = []

    /// Appends RFC 3339 UTC with milliseconds: `2026-01-01T12:00:00.000Z`.
    mutating func write(_ time: timespec, into line: inout LineBuffer) {
      if time.tv_sec != second {
        second = time.tv_sec
        prefix.removeAll(keepingCapacity: true)
        AccessLogLine.dateAndTime(time.tv_sec, into: &prefix)
      }
      prefix.withUnsafeBytes { line.put($0) }
      let milliseconds = time.tv_nsec / 1_000_000
      line.put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: milliseconds / 100))
      line.put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: milliseconds / 10 % 10))
      line.put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: milliseconds % 10))
      line.put(UInt8(ascii: "Z"))
    }
  }

  /// `2026-01-01T12:00:00.`: the date and time of day of `seconds` since the epoch, in UTC.
  static func dateAndTime(_ seconds: Int, into line: inout [UInt8]) {
    var seconds = seconds
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
  }

  fileprivate static func digits(_ value: Int, _ width: Int, into line: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      line.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
      rest %= divisor
      divisor /= 10
    }
  }

}

/// The bytes of one access-log line as it is written: plain stores into room reserved up front
/// (`AccessLogLine.room(for:)`), straight into a shard's waiting bytes.
struct LineBuffer {
  private let base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0

  /// Writes a line of at most `room` bytes with `body` and appends it to `line` (for tests and
  /// tools: a copy through a temporary buffer).
  static func write(room: Int, into line: inout [UInt8], _ body: (inout LineBuffer) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { memory in
      var buffer = LineBuffer(base: memory.baseAddress!)
      body(&buffer)
      line.append(contentsOf: UnsafeBufferPointer(start: memory.baseAddress, count: buffer.count))
    }
  }

  /// A line written from `base`, which has room for it.
  init(base: UnsafeMutablePointer<UInt8>) {
    self.base = base
  }

  @inline(__always)
  mutating func put(_ byte: UInt8) {
    base[count] = byte
    count &+= 1
  }

  @inline(__always)
  mutating func put(_ literal: StaticString) {
    let source = literal.utf8Start
    for index in 0..<literal.utf8CodeUnitCount { base[count &+ index] = source[index] }
    count &+= literal.utf8CodeUnitCount
  }

  mutating func put(_ bytes: UnsafeRawBufferPointer) {
    if let source = bytes.baseAddress {
      UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
    }
    count &+= bytes.count
  }

  /// `value` in decimal.
  mutating func putDecimal(_ value: UInt64) {
    var digits = 1
    var probe = value / 10
    while probe > 0 {
      digits &+= 1
      probe /= 10
    }
    count &+= digits
    var index = count
    var rest = value
    repeat {
      index &-= 1
      base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while rest > 0
  }

  /// `value` as 16 lowercase hex digits.
  mutating func putHex(_ value: UInt64) {
    HexDigits.write(value, into: base + count)
    count &+= 16
  }

  /// `text` as a JSON string, quoted and escaped (`JSONWriter`'s escaper).
  mutating func putJSONString(_ text: String) {
    var text = text
    text.withUTF8 { putJSONString(UnsafeRawBufferPointer($0)) }
  }

  /// The UTF-8 `bytes` as a JSON string, quoted and escaped (`JSONWriter`'s escaper).
  mutating func putJSONString(_ bytes: UnsafeRawBufferPointer) {
    count &+= JSONWriter.writeQuoted(bytes, into: base + count)
  }

  /// `text` with every byte outside visible ASCII, and the backslash, written as `\xNN`.
  mutating func putVisible(_ text: String) {
    var text = text
    text.withUTF8 { putVisible($0) }
  }

  /// `bytes` with every byte outside visible ASCII, and the backslash, written as `\xNN`.
  mutating func putVisible(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes {
      if (0x21...0x7E).contains(byte), byte != UInt8(ascii: "\\") {
        put(byte)
      } else {
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "x"))
        put(Self.hexDigit(byte >> 4))
        put(Self.hexDigit(byte & 0x0F))
      }
    }
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}
