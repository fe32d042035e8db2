internal import CGlibcShims
import Glibc

/// The running process: its environment, its limits, its signals and what the kernel says of it.
package enum CurrentProcess {
  /// Every `NAME=value` pair of `environ`.
  package static var environment: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }

  /// The cores the process may run on, at least 1: those its CPU affinity allows
  /// (`Cpus_allowed` in `/proc/self/status`, which a container's cpuset narrows, `docker run
  /// --cpuset-cpus`), fewer when a cgroup v2 quota (`/sys/fs/cgroup/cpu.max`, `docker run --cpus`)
  /// allows less, rounded up; the online cores (`sysconf(_SC_NPROCESSORS_ONLN)`) when the
  /// affinity cannot be read.
  package static var coreCount: Int {
    let status = FileDescriptor.contents(ofFile: "/proc/self/status").map {
      String(decoding: $0, as: UTF8.self)
    }
    var cores = status.flatMap(allowedCores(status:)) ?? 0
    if cores <= 0 { cores = sysconf(Int32(_SC_NPROCESSORS_ONLN)) }
    if let quota = cgroupCoreQuota { cores = min(cores, quota) }
    return max(1, cores)
  }

  /// The CPUs the `Cpus_allowed` line of a `/proc/<pid>/status` text allows (a hexadecimal mask
  /// in 32-bit groups separated by commas: `3`, `ffffffff,00000001`), or nil without one.
  package static func allowedCores(status text: String) -> Int? {
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else {
      return nil
    }
    var count = 0
    for digit in line.dropFirst("Cpus_allowed:".count) where digit != "," && !digit.isWhitespace {
      guard let value = digit.hexDigitValue else { return nil }
      count += value.nonzeroBitCount
    }
    return count
  }

  /// The cores a cgroup v2 CPU quota allows, rounded up (`cpu.max`: `150000 100000` is 2), or nil
  /// when there is none (`max`) or no such file.
  static var cgroupCoreQuota: Int? {
    guard let bytes = FileDescriptor.contents(ofFile: "/sys/fs/cgroup/cpu.max") else { return nil }
    return coreQuota(cpuMax: String(decoding: bytes, as: UTF8.self))
  }

  /// The cores the `cpu.max` line `text` allows, rounded up; nil for `max` or a line that does not
  /// read.
  package static func coreQuota(cpuMax text: String) -> Int? {
    let fields = text.split(whereSeparator: \.isWhitespace)
    guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0
    else { return nil }
    return (quota + period - 1) / period
  }

  /// Raises the soft limit on open descriptors (`RLIMIT_NOFILE`) so that `needed` can be open,
  /// up to the hard limit; returns the soft limit in force afterwards.
  @discardableResult
  package static func raiseOpenFileLimit(toAtLeast needed: Int) -> Int {
    var limit = rlimit()
    guard (try? systemCall("getrlimit") { getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }) != nil else {
      return 0
    }
    // RLIM_INFINITY (all ones) is imported as a literal that does not fit `rlim_t`.
    let infinity = rlim_t.max
    let wanted = rlim_t(max(0, needed))
    if limit.rlim_cur < wanted, limit.rlim_cur != infinity {
      var raised = limit
      raised.rlim_cur = limit.rlim_max == infinity ? wanted : min(wanted, limit.rlim_max)
      if (try? systemCall("setrlimit") { setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) }) != nil {
        limit = raised
      }
    }
    return limit.rlim_cur == infinity ? Int.max : Int(limit.rlim_cur)
  }

  /// Makes the allocator give large blocks back to the system as soon as they are freed
  /// (`mallopt(3)`, `M_MMAP_THRESHOLD`): every block of `threshold` bytes or more is a mapping of
  /// its own, unmapped by `free`.
  ///
  /// glibc's threshold otherwise follows the largest block freed so far, up to 32 MiB: after
  /// one large request the next one's buffers come from the heap, whose freed memory the process
  /// keeps, and resident memory grows with the largest requests seen rather than those in
  /// flight. Setting the threshold also fixes the heap's trim threshold, so the heap's own top is
  /// given back too. The default, 256 KiB, keeps a batch of the size apps send (1,000 items,
  /// 219 KB) in heap memory the next batch reuses: as mappings of their own, its blocks would be
  /// faulted in page by page and unmapped again on every batch (docs/performance.md has the
  /// figures). Call it before other threads start.
  package static func returnLargeBlocksToTheSystem(threshold: Int = 256 << 10) {
    _ = mallopt(M_MMAP_THRESHOLD, Int32(threshold))
  }

  /// Resident memory in bytes (`/proc/self/statm`), or 0 when unreadable.
  package static var residentBytes: UInt64 {
    guard let bytes = FileDescriptor.contents(ofFile: "/proc/self/statm") else { return 0 }
    let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = UInt64(fields[1]) else { return 0 }
    return pages * UInt64(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// User plus system CPU time used so far, in seconds (`getrusage(2)`).
  package static var cpuSeconds: Double {
    var usage = rusage()
    systemCallOrStop("getrusage") { getrusage(RUSAGE_SELF.rawValue, &usage) }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// When the process started, in whole seconds since the Unix epoch: now minus the time since
  /// its start in `/proc/self/stat` (field 22, clock ticks since boot).
  package static var startTime: Double {
    let stat =
      FileDescriptor.contents(ofFile: "/proc/self/stat").map { String(decoding: $0, as: UTF8.self) } ?? ""
    var uptime = timespec()
    systemCallOrStop("clock_gettime") { clock_gettime(CLOCK_BOOTTIME, &uptime) }
    let wall = WallClock.now.secondsSinceEpoch
    // The command name (field 2) may hold spaces; fields are counted after its closing `)`.
    guard let close = stat.lastIndex(of: ")") else { return wall.rounded(.down) }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return wall.rounded(.down) }
    let sinceBoot = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    let sinceStart = Double(uptime.tv_sec) + Double(uptime.tv_nsec) / 1e9 - sinceBoot
    return (wall - max(0, sinceStart)).rounded(.down)
  }

  /// Ends the process with `status` (`exit(3)`), flushing standard output.
  package static func exit(_ status: Int32) -> Never {
    Glibc.exit(status)
  }

  /// Ends the process at once with `status` (`_exit(2)`): no atexit handlers, no flushing.
  package static func exitNow(_ status: Int32) -> Never {
    _exit(status)
  }
}

/// A set of signals (`sigset_t`) that threads block and one thread waits for with `sigwait`.
///
/// Block the set before any other thread starts (threads inherit the mask), so the signals are
/// never delivered to a thread that does not expect them; then `wait()` where they are handled.
package struct SignalSet: Sendable {
  private let signals: [Int32]

  /// The set of `signals`.
  package init(_ signals: [Int32]) {
    self.signals = signals
  }

  /// SIGINT and SIGTERM: how a process is asked to stop.
  package static let shutdown = SignalSet([SIGINT, SIGTERM])
  /// SIGHUP: how a daemon is asked to read its configuration again.
  package static let reload = SignalSet([SIGHUP])

  private var set: sigset_t {
    var set = sigset_t()
    systemCallOrStop("sigemptyset") { sigemptyset(&set) }
    for signal in signals { systemCallOrStop("sigaddset") { sigaddset(&set, signal) } }
    return set
  }

  /// Blocks the set in the calling thread and the threads it starts (`pthread_sigmask`).
  package func block() {
    var set = self.set
    pthreadCall("pthread_sigmask") { pthread_sigmask(SIG_BLOCK, &set, nil) }
  }

  /// Waits for one of the set's signals (`sigwait`) and returns it.
  package func wait() -> Int32 {
    var set = self.set
    var received: Int32 = 0
    pthreadCall("sigwait") { sigwait(&set, &received) }
    return received
  }

  /// Waits at most `seconds` for one of the set's signals (`sigtimedwait`) and returns it, or nil
  /// when none came in that time.
  package func wait(seconds: Double) -> Int32? {
    var set = self.set
    var timeout = timespec(
      tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1_000_000_000))
    switch systemCallOutcome("sigtimedwait", { sigtimedwait(&set, nil, &timeout) }) {
    case .success(let signal): return signal
    case .failure(let error):
      precondition(error == .wouldBlock, "sigtimedwait failed with \(error)")
      return nil
    }
  }

  /// Ignores SIGPIPE in the whole process (`sigaction(2)`, `SIG_IGN`): a peer that closes shows
  /// as `EPIPE` instead.
  package static func ignoreBrokenPipes() {
    var action = sigaction()
    action.__sigaction_handler = unsafeBitCast(
      SIG_IGN, to: sigaction.__Unnamed_union___sigaction_handler.self)
    systemCallOrStop("sigaction") { sigaction(SIGPIPE, &action, nil) }
  }

  /// The signal's name: `SIGTERM`, `SIGINT` or `signal N`.
  package static func name(_ signal: Int32) -> String {
    switch signal {
    case SIGTERM: "SIGTERM"
    case SIGINT: "SIGINT"
    case SIGHUP: "SIGHUP"
    default: "signal \(signal)"
    }
  }
}
