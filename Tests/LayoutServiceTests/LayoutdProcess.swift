import Foundation
import Testing

/// The `layoutd` executable run as a child process, with its stderr collected.
final class LayoutdProcess: @unchecked Sendable {
  // @unchecked: `stderrText` is only touched under `lock`; the rest is set in init.
  let process = Process()
  private let stderrPipe = Pipe()
  private let stdoutPipe = Pipe()
  private let lock = NSLock()
  private var stderrText = ""

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

  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = Self.executable
    process.arguments = arguments
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
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    // Keeps the pipe from filling while the process runs; `stderr` reads what is left.
    stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
      if self?.readStderr() ?? true { handle.readabilityHandler = nil }
    }
    try process.run()
  }

  /// Everything the process has written to stderr so far: once it has exited, all of it.
  var stderr: String {
    _ = readStderr()
    return lock.withLock { stderrText }
  }

  /// Appends what stderr holds now to `stderrText`; whether end-of-file was reached.
  private func readStderr() -> Bool {
    let descriptor = stderrPipe.fileHandleForReading.fileDescriptor
    var chunk = [UInt8](repeating: 0, count: 4096)
    return lock.withLock {
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          stderrText += String(decoding: chunk[0..<count], as: UTF8.self)
        } else {
          return count == 0 || (errno != EAGAIN && errno != EINTR)
        }
      }
    }
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
