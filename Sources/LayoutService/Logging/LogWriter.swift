import Posix
import Synchronization

/// The one writer of layoutd's log (standard error): access-log lines and lifecycle messages go
/// into bounded buffers, and one thread of its own writes them out. No caller ever waits for
/// the descriptor.
///
/// Access-log lines are formatted by their threads into the buffer of their thread's shard
/// (`shards`, up to `shardCapacity` bytes each; `AccessLog`); lifecycle messages (`message(_:)`)
/// have a room of their own (`messageCapacity` bytes), so a flood of access lines cannot crowd
/// them out. A line that does not fit is dropped and counted (`droppedLineCount`); once a write
/// succeeds again, the writer says how many in one line of its own (`droppedNotice`), at most
/// once a second.
///
/// The writer thread (`LogWriterThread`) collects every buffer about every 10 ms, waits for the
/// descriptor with `poll(2)` and writes at most `PIPE_BUF` bytes at a time, ending on a line's
/// end where one fits: on a pipe it never blocks in `write(2)`, so it gives up at the close
/// deadline even when nobody reads. Behind a backlog, a lifecycle message goes out before the
/// access lines still waiting.
package final class LogWriter: Sendable {
  /// Where the log goes.
  package let descriptor: FileDescriptor
  /// The most bytes one shard holds before its lines are dropped.
  let shardCapacity: Int
  /// The most bytes of lifecycle messages waiting before messages are dropped.
  let messageCapacity: Int
  /// The buffers access lines are formatted into, chosen by thread (`ThreadIndex`).
  let shards: [LogShard]
  /// The lifecycle messages waiting.
  let messages = LogShard()
  let wakeup = Semaphore()
  let dropped = Atomic<Int>(0)
  let isClosed = Atomic<Bool>(false)
  /// When the writer gives up once closed, in monotonic nanoseconds (the earliest asked for).
  /// An `Int`: `Atomic<UInt64>.min` compares as signed on Swift 6.3 (`UInt64.max` stays).
  let closeDeadline = Atomic<Int>(.max)
  let isFinished = Atomic<Bool>(false)
  /// Set, before `isFinished`, when the writer thread ends having written everything it took.
  let wroteEverything = Atomic<Bool>(false)
  let finished = ConditionSignal()

  /// Starts the writer thread. `capacity` bounds the bytes waiting in each shard (a shard's
  /// buffer grows to it only when the descriptor falls behind), `messageCapacity` those of the
  /// lifecycle messages.
  ///
  /// Start it after blocking the signals that another thread waits for: the writer inherits the
  /// calling thread's signal mask.
  package init(
    descriptor: FileDescriptor = .standardError, capacity: Int = 1 << 20, messageCapacity: Int = 16 << 10
  ) {
    self.descriptor = descriptor
    shardCapacity = max(1024, capacity)
    self.messageCapacity = max(1024, messageCapacity)
    shards = (0..<ThreadIndex.shardCount).map { _ in LogShard() }
    startWriter()
  }

  /// Lines dropped so far: their buffer was full, the descriptor failed, the log was closed, or
  /// the close deadline passed before they were written.
  package var droppedLineCount: Int {
    dropped.load(ordering: .relaxed)
  }

  /// Whether the writer thread has ended: after `close`, everything was written or the close
  /// deadline passed.
  var hasFinished: Bool {
    isFinished.load(ordering: .sequentiallyConsistent)
  }

  /// Whether lines are still taken (`close` has not been called). Read it under the lock of the
  /// buffer a line goes into: the writer's last pass takes every lock after `close`.
  var isOpen: Bool {
    !isClosed.load(ordering: .relaxed)
  }

  /// Counts a line a caller tried to put into a shard: `appended` is what `LogShard.commit`
  /// answered (nil: dropped; true: the shard was empty, so the writer is woken).
  @inline(__always)
  func settle(_ appended: Bool?) {
    switch appended {
    case nil: dropped.wrappingAdd(1, ordering: .relaxed)
    case true?: wakeup.signal()
    case false?: break
    }
  }

  /// Logs one line of text (a newline is added), in its own room. Never blocks on the
  /// descriptor; dropped and counted when the room is full or the log is closed.
  package func message(_ text: String) {
    var line = Array(text.utf8)
    line.append(UInt8(ascii: "\n"))
    messages.lock.lock()
    let appended = isOpen ? line.withUnsafeBytes { messages.append($0, limit: messageCapacity) } : nil
    messages.lock.unlock()
    settle(appended)
  }

  /// Stops taking lines and waits until everything taken has been written, or until
  /// `deadline`; whether it was all written.
  ///
  /// After `deadline` the writer thread counts what it could not write as dropped and ends.
  /// Several threads may call it: each waits until its own deadline, the writer keeps the
  /// earliest.
  @discardableResult
  package func close(until deadline: MonotonicClock.Instant) -> Bool {
    closeDeadline.min(Int(clamping: deadline.nanoseconds), ordering: .sequentiallyConsistent)
    if !isClosed.exchange(true, ordering: .sequentiallyConsistent) { wakeup.signal() }
    return finished.wait(until: deadline) { hasFinished }
      && wroteEverything.load(ordering: .sequentiallyConsistent)
  }

  /// `close(until:)` `timeout` seconds from now.
  @discardableResult
  package func close(timeout: Double = 2) -> Bool {
    close(until: MonotonicClock.now.adding(seconds: timeout))
  }
}
