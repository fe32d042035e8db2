import Glibc

/// Facts about this process, read from the kernel for `/metrics`.
enum ProcessStats {
  /// Resident memory in bytes (`/proc/self/statm`), or 0 when unreadable.
  static func residentBytes() -> UInt64 {
    let text = readFile("/proc/self/statm")
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = UInt64(fields[1]) else { return 0 }
    return pages * UInt64(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// User plus system CPU time used so far, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// When the process started, in seconds since the Unix epoch: now minus the time since the
  /// process's start in `/proc/self/stat` (field 22, in clock ticks since boot).
  static func startTime() -> Double {
    let stat = readFile("/proc/self/stat")
    var uptime = timespec()
    var now = timespec()
    clock_gettime(CLOCK_BOOTTIME, &uptime)
    clock_gettime(CLOCK_REALTIME, &now)
    let wall = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    // The command name (field 2) may hold spaces; fields are counted after its closing `)`.
    guard let close = stat.lastIndex(of: ")") else { return wall }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]) else { return wall }
    let sinceBoot = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    let sinceStart = Double(uptime.tv_sec) + Double(uptime.tv_nsec) / 1e9 - sinceBoot
    return (wall - max(0, sinceStart)).rounded(.down)
  }

  /// The text of a small file (up to 4 KB), or "" when unreadable.
  private static func readFile(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return "" }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }
}
