import Foundation
import HTTPTesting
import Posix
import Testing

@testable import LayoutService

/// SIGTERM under load with stderr a pipe of one page that nobody reads, or that is read slowly,
/// against the real `layoutd` process: the drain runs by the clock, every answer is whole, and
/// the log drops lines instead of holding anyone up.
@Suite("Drain with a stalled log", .serialized)
struct StalledLogProcessTests {
  static let drainDelay = 1.0
  /// Long enough that a starved machine (a CPU hog and compilers beside the suite) still serves
  /// every connection accepted before the listener closed: the drain ends as soon as they are
  /// served, and an answer cut off by the grace's end would count as lost. A stalled log that
  /// held the exit up would still pass it: before the log's own thread, layoutd hung until killed.
  static let shutdownGrace = 15.0
  static let arguments = [
    "--port", "0", "--log-format", "json", "--drain-delay", "1", "--shutdown-grace", "15",
  ]

  @Test func theLogGetsWhatIsLeftOfTheDrainAtMostTwoSecondsAndAtLeastATenth() {
    var options = LayoutdOptions()
    options.drainDelay = 1
    options.server.drainTimeout = 5
    /// `flushDeadline`'s seconds from just before the call, for a signal `ago` seconds before.
    func budget(signalledSecondsAgo ago: Double) -> Double {
      let before = MonotonicClock.now
      let start = MonotonicClock.Instant(nanoseconds: before.nanoseconds - UInt64(ago * 1e9))
      return Layoutd.flushDeadline(start: start, options: options).seconds(since: before)
    }
    // The function reads the clock a moment after `before`: ranges, not equalities.
    let early = budget(signalledSecondsAgo: 1)
    #expect(early >= 2 && early < 2.5, "at most 2 s: \(early)")
    let late = budget(signalledSecondsAgo: 5)
    #expect(late == 1, "what is left of the 6 s: \(late)")
    let over = budget(signalledSecondsAgo: 60)
    #expect(over >= 0.1 && over < 0.6, "at least 0.1 s: \(over)")
  }

  @Test(.timeLimit(.minutes(3)))
  func aLogNobodyReadsNeitherHoldsUpTheDrainNorCutsAnAnswer() throws {
    let layoutd = try LayoutdProcess(Self.arguments, reading: .startUpLineOnly, stderrPipeBytes: 4096)
    try Self.drainUnderLoad(layoutd)
  }

  @Test(.timeLimit(.minutes(3)))
  func aSlowLogReaderNeitherHoldsUpTheDrainNorCutsAnAnswer() throws {
    let layoutd = try LayoutdProcess(
      Self.arguments, reading: .slowly(bytes: 256, pauseMicroseconds: 2_000), stderrPipeBytes: 4096)
    try Self.drainUnderLoad(layoutd)
    // The reader reads on to the end (60 s only bounds a failure): the lifecycle messages got
    // past the backlog of access lines, and the drops were told.
    #expect(layoutd.waitForStderrEnd(seconds: 60))
    let stderr = layoutd.stderr
    #expect(stderr.contains("layoutd: SIGTERM, /readyz answers 503"))
    #expect(stderr.contains("layoutd: stopped at +"))
    #expect(stderr.contains(/layoutd: \d+ log lines? dropped \(standard error could not keep up\)/))
  }

  /// Starts 8 clients posting `/avoid`, waits until each has 20 answers and layoutd counts
  /// dropped log lines, sends SIGTERM and checks the drain: exit 0 within `--drain-delay` plus
  /// `--shutdown-grace`, every answer whole, every client refused at connect in the end.
  static func drainUnderLoad(_ layoutd: LayoutdProcess) throws {
    let port = try layoutd.waitForPort()
    let load = AvoidLoad(port: port)
    // 60 s only bounds a failure.
    let deadline = Date().addingTimeInterval(60)
    var dropped = 0
    while dropped == 0, Date() < deadline {
      if load.warmedUp { dropped = droppedLines(port: port) ?? 0 }
      if dropped == 0 { usleep(20_000) }
    }
    #expect(load.warmedUp)
    #expect(dropped > 0, "layoutd_log_lines_dropped_total counts the lines stderr could not take")

    let signalled = MonotonicClock.now
    layoutd.signal(SIGTERM)
    let exitCode = layoutd.waitForExit(seconds: 40)
    let took = MonotonicClock.now.seconds(since: signalled)
    let all = try #require(load.waitForTallies(seconds: 120))

    #expect(exitCode == 0)
    // layoutd ends its timeline by then; the margin is the signal's delivery, the process's
    // teardown and this test's polling for its exit, on a busy machine.
    let margin = 0.5
    #expect(
      took >= drainDelay && took < drainDelay + shutdownGrace + margin, "exited \(took) s after SIGTERM")
    #expect(all.count == 8)
    #expect(all.allSatisfy { $0.answered >= 20 })
    #expect(all.allSatisfy { $0.refusedAtConnect == 1 }, "every client ends refused at connect")
    let failures = all.flatMap(\.failures)
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  /// `layoutd_log_lines_dropped_total` from the `/metrics` of the layoutd on `port`, or nil.
  static func droppedLines(port: Int) -> Int? {
    guard let client = try? HTTPTestClient(port: port, timeout: 5),
      let response = try? client.request(path: "/metrics")
    else { return nil }
    let sample = response.bodyString.split(separator: "\n").first {
      $0.hasPrefix("layoutd_log_lines_dropped_total ")
    }
    return sample.flatMap { Int($0.split(separator: " ")[1]) }
  }
}
