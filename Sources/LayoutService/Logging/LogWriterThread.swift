import Posix

extension LogWriter {
  /// How long the writer lets lines gather after the first one arrives: one pass then carries
  /// many of them, and request threads rarely find their shard empty (only then do they wake
  /// the writer).
  static let batchSeconds = 0.010
  /// The most bytes one `write(2)` carries: `PIPE_BUF`, what a pipe that `poll(2)` calls
  /// writable takes without blocking.
  static let chunkBytes = 4096
  /// The longest one `poll(2)` waits, so that the writer looks at the close deadline that often.
  static let pollMilliseconds = 100
  /// The least time between two lines saying how many lines were dropped.
  static let noticeSeconds = 1.0

  /// The line that says `count` lines were dropped.
  static func droppedNotice(_ count: Int) -> String {
    "layoutd: \(count) log line\(count == 1 ? "" : "s") dropped (standard error could not keep up)"
  }

  /// Starts the thread that moves buffered lines to the descriptor. It holds the writer until
  /// it has written everything after `close`, or the close deadline has passed.
  func startWriter() {
    PosixThread { [self] in
      var thread = LogWriterThread(log: self)
      thread.run()
    }.detach()
  }
}

/// The writer thread's loop and what only it knows: the bytes it is writing, and the drops it
/// has told of.
struct LogWriterThread {
  /// What became of bytes the writer tried to write.
  enum Outcome {
    /// Every byte was written.
    case written
    /// The descriptor failed (`EPIPE`, `EBADF`…): the rest was dropped and counted.
    case failed
    /// The close deadline passed: the rest was dropped and counted.
    case gaveUp
  }

  let log: LogWriter
  private var batch: [UInt8] = []
  private var waiting: [UInt8] = []
  /// Drops already told of, and when.
  private var reported = 0
  private var lastNotice: MonotonicClock.Instant?
  /// Whether the last write went through: the descriptor takes lines again.
  private var lastWriteWent = true

  init(log: LogWriter) {
    self.log = log
    batch.reserveCapacity(64 << 10)
  }

  /// Whether a line saying how many lines were dropped is due now (`closing`: whatever the
  /// interval).
  private func noticeIsDue(closing: Bool) -> Bool {
    guard lastWriteWent, log.droppedLineCount > reported else { return false }
    guard !closing, let lastNotice else { return true }
    return MonotonicClock.now.seconds(since: lastNotice) >= LogWriter.noticeSeconds
  }

  /// Waits for lines, moves every buffer's lines out under its lock and writes them outside,
  /// until the log is closed.
  mutating func run() {
    while true {
      if lastWriteWent, log.droppedLineCount > reported, let lastNotice {
        // A notice held back by its interval is written when due, with or without new lines.
        let due = lastNotice.adding(seconds: LogWriter.noticeSeconds)
        _ = log.wakeup.wait(seconds: max(0.001, due.seconds(since: MonotonicClock.now)))
      } else if !noticeIsDue(closing: false) {
        log.wakeup.wait()
      }
      if !log.isClosed.load(ordering: .acquiring) { MonotonicClock.sleep(seconds: LogWriter.batchSeconds) }
      // One pass is enough: a line that lands in a shard after the pass took it finds the shard
      // empty and wakes the writer again; after `close` no line lands (see `isOpen`).
      let closing = log.isClosed.load(ordering: .acquiring)
      for shard in log.shards { Self.take(shard, into: &batch) }
      // The pass's messages after its access lines when they go out in one write (`stopped`
      // after the last line), else before them: a message does not wait behind a backlog.
      Self.take(log.messages, into: &waiting)
      if batch.count + waiting.count <= LogWriter.chunkBytes {
        batch += waiting
      } else {
        batch.insert(contentsOf: waiting, at: 0)
      }
      waiting.removeAll(keepingCapacity: true)
      var outcome = write(batch, interleaving: true)
      batch.removeAll(keepingCapacity: true)
      if outcome != .gaveUp, noticeIsDue(closing: closing) { outcome = writeNotice() }
      if closing || outcome == .gaveUp {
        log.wroteEverything.store(outcome == .written, ordering: .sequentiallyConsistent)
        log.isFinished.store(true, ordering: .sequentiallyConsistent)
        log.finished.notifyIfAwaited()
        return
      }
    }
  }

  /// Moves `shard`'s bytes to the end of `bytes`, under its lock.
  private static func take(_ shard: LogShard, into bytes: inout [UInt8]) {
    shard.lock.lock()
    shard.takeAll(into: &bytes)
    shard.lock.unlock()
  }

  /// Writes the line that says how many lines were dropped since the last such line.
  private mutating func writeNotice() -> Outcome {
    let count = log.droppedLineCount
    let outcome = write(Array((LogWriter.droppedNotice(count - reported) + "\n").utf8), interleaving: false)
    if outcome == .written {
      reported = count
      lastNotice = MonotonicClock.now
    }
    return outcome
  }

  /// Writes `bytes`, at most `chunkBytes` at a time, each time `poll(2)` says the descriptor
  /// takes them. With `interleaving`, between two lines, messages that arrived meanwhile and a
  /// notice of drops that is due go first.
  private mutating func write(_ bytes: [UInt8], interleaving: Bool) -> Outcome {
    let newline = UInt8(ascii: "\n")
    var offset = 0
    while offset < bytes.count {
      if interleaving, offset == 0 || bytes[offset - 1] == newline {
        var outcome = Outcome.written
        if noticeIsDue(closing: false) { outcome = writeNotice() }
        var messages: [UInt8] = []
        Self.take(log.messages, into: &messages)
        if !messages.isEmpty, outcome != .gaveUp { outcome = write(messages, interleaving: false) }
        if outcome == .gaveUp { return drop(bytes[offset...], .gaveUp) }
      }
      guard waitUntilWritable() else { return drop(bytes[offset...], .gaveUp) }
      // A chunk ends on a line's end where one fits, so that each write(2) carries whole lines.
      var end = min(bytes.count, offset + LogWriter.chunkBytes)
      if end < bytes.count, let last = bytes[offset..<end].lastIndex(of: newline) { end = last + 1 }
      let written = bytes.withUnsafeBytes { [log, offset] buffer -> Result<Int, Errno> in
        Result { () throws(Errno) in
          try log.descriptor.write(UnsafeRawBufferPointer(rebasing: buffer[offset..<end]))
        }
      }
      switch written {
      case .success(let count):
        offset += count
        lastWriteWent = true
      case .failure(.wouldBlock):
        // Standard error was made non-blocking by another process sharing it: wait again.
        break
      case .failure:
        lastWriteWent = false
        return drop(bytes[offset...], .failed)
      }
    }
    return .written
  }

  /// Counts the lines of `rest` as dropped; `outcome`.
  private func drop(_ rest: ArraySlice<UInt8>, _ outcome: Outcome) -> Outcome {
    log.dropped.wrappingAdd(max(1, rest.count { $0 == UInt8(ascii: "\n") }), ordering: .relaxed)
    return outcome
  }

  /// Waits until the descriptor takes a write; false once the close deadline has passed.
  private func waitUntilWritable() -> Bool {
    while true {
      let deadline = log.closeDeadline.load(ordering: .sequentiallyConsistent)
      let now = Int(clamping: MonotonicClock.now.nanoseconds)
      if now >= deadline { return false }
      let left = (deadline - now) / 1_000_000 + 1
      let timeout = Int32(min(LogWriter.pollMilliseconds, left))
      // A failure of poll(2) itself lets the write(2) that follows report it.
      if (try? Poll.writable(log.descriptor, timeoutMilliseconds: timeout)) ?? true { return true }
    }
  }
}
