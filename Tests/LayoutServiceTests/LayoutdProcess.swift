import Foundation
import Testing

/// The `layoutd` executable run as a child process, with its stderr collected.
final class LayoutdProcess: @unchecked Sendable {
  // @unchecked: `stderrText` and `stderrEnded` are only touched under `lock`; the rest is set
  // in init.
  let process = Process()
  private let stderrPipe = Pipe()
  private let stdoutPipe = Pipe()
  private let lock = NSLock()
  private var stderrText = ""
  /// Whether the pipe reached its end: every byte the process wrote to stderr is in `stderrText`.
  private var stderrEnded = false

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
    stderrPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self else { return }
      if data.isEmpty {
        handle.readabilityHandler = nil
        self.lock.withLock { self.stderrEnded = true }
      } else {
        self.lock.withLock { self.stderrText += String(decoding: data, as: UTF8.self) }
      }
    }
    try process.run()
  }

  var stderr: String { lock.withLock { stderrText } }

  var stdout: String {
    String(decoding: stdoutPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Waits for the process to exit (up to `seconds`) and returns its exit code, or nil; once it
  /// has exited, also waits (within the same bound) until its stderr is read to the end, so
  /// `stderr` then holds every line it wrote.
  func waitForExit(seconds: Double = 15) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      return nil
    }
    while !lock.withLock({ stderrEnded }), Date() < deadline { usleep(10_000) }
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
