import Foundation
import Testing

/// The `layoutd` executable run as a child process, with its stderr collected (all of it, only
/// the start-up line, or slowly: `StderrReading`).
final class LayoutdProcess: @unchecked Sendable {
  // @unchecked: `stderrText` and `stoppedReading` are only touched under `lock`; the rest is
  // set in init.
  let process = Process()
  private let stderrPipe = Pipe()
  private let stdoutPipe = Pipe()
  private let lock = NSLock()
  private var stderrText = ""
  private var stoppedReading = false
  private let reading: StderrReading
  /// Ends when the slow reader has read stderr to its end (`.slowly` only).
  private let slowReaderDone = DispatchSemaphore(value: 0)

  /// How the test reads the process's stderr.
  enum StderrReading {
    /// As it comes, so that the pipe never fills.
    case all
    /// Up to the start-up line, then never again while the process runs: the pipe fills, and
    /// layoutd's writes to stderr stall.
    case startUpLineOnly
    /// `bytes` at a time with a pause of `pauseMicroseconds` between reads, from a thread of
    /// its own, until the end: a reader slower than the log.
    case slowly(bytes: Int, pauseMicroseconds: UInt32)
  }

  /// The built `layoutd` binary, next to the test bundle.
  static var executable: URL {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = bundle.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("layoutd").path),
      folder.path != "/"
    {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("layoutd")
  }

  /// Starts `layoutd` with `arguments` and `environment` added to this process's, through
  /// `launcher` when given (a command such as `taskset -c 0` that runs what follows it); stderr is
  /// a pipe of `stderrPipeBytes` (the kernel's default when nil) read as `reading` says.
  init(
    _ arguments: [String], environment: [String: String] = [:], reading: StderrReading = .all,
    stderrPipeBytes: Int32? = nil, launcher: [String] = []
  ) throws {
    self.reading = reading
    if let command = launcher.first {
      process.executableURL = URL(fileURLWithPath: command)
      process.arguments = launcher.dropFirst() + [Self.executable.path] + arguments
    } else {
      process.executableURL = Self.executable
      process.arguments = arguments
    }
    var merged = ProcessInfo.processInfo.environment
    merged["LAYOUTD_PORT"] = nil
    merged["PORT"] = nil
    merged["LAYOUTD_HOST"] = nil
    // No drain delay unless a test asks for one: SIGTERM then closes the listener at once.
    merged["LAYOUTD_DRAIN_DELAY"] = "0"
    merged.merge(environment) { $1 }
    process.environment = merged
    process.standardError = stderrPipe
    process.standardOutput = stdoutPipe
    let descriptor = stderrPipe.fileHandleForReading.fileDescriptor
    if let stderrPipeBytes {
      // F_SETPIPE_SZ (Linux): the pipe holds this many bytes (a page at least).
      #expect(fcntl(descriptor, 1031, stderrPipeBytes) >= stderrPipeBytes)
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    switch reading {
    case .all, .startUpLineOnly:
      // Keeps the pipe from filling (up to the start-up line with `.startUpLineOnly`); `stderr`
      // reads what is left.
      stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
        if self?.readStderr() ?? true { handle.readabilityHandler = nil }
      }
    case .slowly(let bytes, let pauseMicroseconds):
      let pipe = stderrPipe
      Thread { [weak self] in
        Self.readSlowly(pipe, bytes: bytes, pauseMicroseconds: pauseMicroseconds) { text in
          self?.lock.withLock { self?.stderrText += text }
        }
        self?.slowReaderDone.signal()
      }.start()
    }
    try process.run()
  }

  /// Everything the process has written to stderr so far and the test has read: with `.all`,
  /// once the process has exited, all of it.
  var stderr: String {
    if case .all = reading { _ = readStderr() }
    return lock.withLock { stderrText }
  }

  /// Appends what stderr holds now to `stderrText`; whether to stop reading (end of file, or
  /// the start-up line read with `.startUpLineOnly`).
  private func readStderr() -> Bool {
    let descriptor = stderrPipe.fileHandleForReading.fileDescriptor
    var chunk = [UInt8](repeating: 0, count: 4096)
    return lock.withLock {
      while !stoppedReading {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          stderrText += String(decoding: chunk[0..<count], as: UTF8.self)
          if case .startUpLineOnly = reading, let line = stderrText.range(of: "listening on http://"),
            stderrText[line.upperBound...].contains("\n")
          {
            stoppedReading = true
          }
        } else {
          return count == 0 || (errno != EAGAIN && errno != EINTR)
        }
      }
      return true
    }
  }

  /// Reads `pipe` `bytes` at a time, pausing `pauseMicroseconds` after each read, until its end
  /// or 5 minutes; hands each piece to `append`.
  private static func readSlowly(
    _ pipe: Pipe, bytes: Int, pauseMicroseconds: UInt32, append: (String) -> Void
  ) {
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    var chunk = [UInt8](repeating: 0, count: bytes)
    let deadline = Date().addingTimeInterval(300)
    while Date() < deadline {
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, 100)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        append(String(decoding: chunk[0..<count], as: UTF8.self))
        usleep(pauseMicroseconds)
      } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
        return
      }
    }
  }

  /// With `.slowly`: waits until the reader has read stderr to its end (up to `seconds`);
  /// whether it has.
  func waitForStderrEnd(seconds: Double) -> Bool {
    slowReaderDone.wait(timeout: .now() + seconds) == .success
  }

  var stdout: String {
    String(decoding: stdoutPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Waits for the process to exit (up to `seconds`) and returns its exit code, or nil.
  func waitForExit(seconds: Double = 15) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      return nil
    }
    return process.terminationStatus
  }

  /// Waits for the start-up line and returns the port it names.
  func waitForPort(seconds: Double = 15) throws -> Int {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let text = stderr
      if let range = text.range(of: "listening on http://") {
        let rest = text[range.upperBound...]
        if let colon = rest.lastIndex(of: ":", before: rest.firstIndex(of: " ") ?? rest.endIndex),
          let port = Int(rest[rest.index(after: colon)...].prefix { $0.isNumber })
        {
          return port
        }
      }
      if !process.isRunning { break }
      usleep(10_000)
    }
    throw LayoutdProcessError.noStartupLine(stderr)
  }

  func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}

enum LayoutdProcessError: Error {
  case noStartupLine(String)
}

extension Substring {
  fileprivate func lastIndex(of character: Character, before end: Index) -> Index? {
    self[..<end].lastIndex(of: character)
  }
}
