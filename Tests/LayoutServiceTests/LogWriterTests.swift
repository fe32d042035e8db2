import Foundation
import Posix
import Synchronization
import Testing

@testable import LayoutService

/// The log writer: its bounded buffers, and that a pipe nobody reads never blocks a caller.
@Suite("Log writer", .tags(.threads))
struct LogWriterTests {
  /// Appends `line` to `shard` as `AccessLog` does, reserving `room` bytes (at least the line's).
  static func append(_ line: [UInt8], to shard: LogShard, room: Int? = nil, limit: Int) -> Bool? {
    guard let base = shard.reserve(max(room ?? 0, line.count), limit: limit) else { return nil }
    base.update(from: line, count: line.count)
    return shard.commit(line.count, limit: limit)
  }

  @Test func aShardKeepsWholeLinesUpToItsLimitAndDropsTheLineThatWouldPassIt() {
    let shard = LogShard()
    let short = Array("2023-11-14T22:13:20.005Z POST /avoid 200 84us in=218 out=120 id=id-1\n".utf8)
    let long = Array(repeating: UInt8(ascii: "a"), count: 2_000) + [UInt8(ascii: "\n")]
    shard.lock.lock()
    defer { shard.lock.unlock() }
    #expect(Self.append(short, to: shard, limit: 1024) == true, "the first line finds it empty")
    #expect(Self.append(long, to: shard, limit: 1024) == nil, "a line past the limit is dropped")
    // Room reserved for a long line that turns out short: the line is kept while it fits.
    var kept = 1
    while Self.append(short, to: shard, room: 600, limit: 1024) == false { kept += 1 }
    var batch: [UInt8] = []
    shard.takeAll(into: &batch)
    #expect(batch == Array([[UInt8]](repeating: short, count: kept).joined()))
    #expect(batch.count <= 1024 && batch.count + short.count > 1024)
    #expect(shard.isEmpty)
    #expect(Self.append(short, to: shard, limit: 1024) == true, "taken: empty again")
  }

  @Test func aShardGrowingPastItsFirstMemoryKeepsEveryLine() {
    let shard = LogShard()
    shard.lock.lock()
    defer { shard.lock.unlock() }
    // About 90 bytes a line: 2,000 lines take the shard from 64 KiB to 256 KiB.
    let lines = (0..<2_000).map {
      Array("1970-01-02T00:00:00.000Z POST /avoid 200 84us in=218 out=120 id=line-\($0)\n".utf8)
    }
    for line in lines {
      #expect(Self.append(line, to: shard, room: 300, limit: 1 << 20) != nil)
    }
    var batch: [UInt8] = []
    shard.takeAll(into: &batch)
    #expect(batch.count > 128 << 10)
    #expect(batch == Array(lines.joined()))
  }

  /// Runs `body` on `count` threads of their own; whether they all returned within `seconds`
  /// (a call that blocked would keep its thread from returning).
  static func onThreads(_ count: Int, seconds: Double, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let done = Atomic<Int>(0)
    for index in 0..<count {
      Thread {
        body(index)
        done.add(1, ordering: .sequentiallyConsistent)
      }.start()
    }
    let deadline = Date().addingTimeInterval(seconds)
    while done.load(ordering: .sequentiallyConsistent) < count, Date() < deadline { usleep(1000) }
    return done.load(ordering: .sequentiallyConsistent) == count
  }

  @Test(.timeLimit(.minutes(3)))
  func linesAndMessagesNeverWaitForAPipeNobodyReadsAndTheDropsAreToldOnceItIsRead() throws {
    // A pipe of one page that nobody reads until the end: the writer waits for it.
    let pipe = AccessLogTests.LogPipe(capacity: 4096)
    let writer = LogWriter(descriptor: pipe.writeEnd, capacity: 4096)
    let log = AccessLog(format: .json, writer: writer)
    // 60 s only bounds a failure: a thread that waited for the pipe would never return.
    let returned = Self.onThreads(4, seconds: 60) { thread in
      for index in 0..<5_000 {
        log.record(AccessLogTests.record(id: "line-\(thread)-\(index)"))
        if index % 100 == 0 { writer.message("layoutd: message \(thread)-\(index)") }
      }
    }
    try #require(returned, "every call returned though nobody reads the pipe")
    let flooded = writer.droppedLineCount
    #expect(flooded > 0)
    // The messages have a room of their own: the flood of access lines left it room.
    writer.message("layoutd: a message after the flood")
    #expect(writer.droppedLineCount == flooded, "the message is kept")
    // The room is bounded too: messages are dropped once it is full.
    var sent = 0
    while writer.droppedLineCount == flooded, sent < 10_000 {
      writer.message("layoutd: filling the room \(sent)")
      sent += 1
    }
    #expect(writer.droppedLineCount == flooded + 1)
    let dropped = writer.droppedLineCount

    // Now read: the lines kept come out, with lines saying how many were dropped that add up to
    // every drop (30 s only bounds a failure).
    let total = 4 * 5_000 + 4 * 50 + 1 + sent
    var text = ""
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      let (lines, notices) = AccessLogTests.split(text)
      if lines.count + dropped == total, notices.reduce(0, +) == dropped { break }
      var ready = pollfd(fd: pipe.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, 100)
      text += pipe.drain()
    }
    #expect(writer.close(timeout: 30), "everything kept was written")
    text += pipe.drain()
    let (lines, notices) = AccessLogTests.split(text)
    #expect(notices.reduce(0, +) == dropped)
    #expect(writer.droppedLineCount == dropped)
    #expect(text.contains("layoutd: a message after the flood\n"))
    #expect(text.last == "\n")
    #expect(lines.count { $0.hasPrefix("layoutd: filling the room ") } == sent - 1)
    for line in lines where !line.hasPrefix("layoutd: ") {
      #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], "\(line)")
    }
    #expect(lines.count + dropped == total)
  }

  @Test(.timeLimit(.minutes(3)))
  func closeGivesUpAtItsDeadlineWhenNobodyReadsAndCountsWhatItCouldNotWrite() throws {
    let pipe = AccessLogTests.LogPipe(capacity: 4096)
    let writer = LogWriter(descriptor: pipe.writeEnd, capacity: 4096)
    let log = AccessLog(format: .text, writer: writer)
    var index = 0
    while writer.droppedLineCount == 0, index < 1_000_000 {
      log.record(AccessLogTests.record(id: "line-\(index)"))
      index += 1
    }
    try #require(writer.droppedLineCount > 0)
    // More than the pipe holds is waiting, whatever the writer has written so far.
    for message in 0..<50 {
      writer.message("layoutd: message \(message) " + String(repeating: "-", count: 80))
    }
    let before = writer.droppedLineCount
    let start = MonotonicClock.now
    #expect(!writer.close(timeout: 0.5), "not everything was written")
    #expect(MonotonicClock.now.seconds(since: start) >= 0.5)
    // The writer gives up on its own (30 s only bounds a failure) and counts what it kept.
    let finished = ContinuousClock.now + .seconds(30)
    while !writer.hasFinished, ContinuousClock.now < finished {
      usleep(1000)
    }
    #expect(writer.hasFinished)
    #expect(writer.droppedLineCount > before)
    // Closed: later lines are dropped and counted.
    let after = writer.droppedLineCount
    writer.message("layoutd: too late")
    log.record(AccessLogTests.record(id: "too-late"))
    #expect(writer.droppedLineCount == after + 2)
  }
}
