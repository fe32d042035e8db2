internal import CGlibcShims
import Glibc

/// An open file descriptor: a file, a pipe's end or a socket.
///
/// A plain value, as in swift-system: it does not close itself; its owner calls `close()` once.
package struct FileDescriptor: Hashable, Sendable {
  /// The descriptor number.
  package let rawValue: Int32

  /// The descriptor `rawValue`.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Standard error, descriptor 2.
  package static let standardError = FileDescriptor(rawValue: 2)

  /// Opens `path` read-only and close-on-exec (`open(2)`).
  package static func open(readingFrom path: String) throws(Errno) -> FileDescriptor {
    let descriptor = try systemCall("open") { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
    return FileDescriptor(rawValue: descriptor)
  }

  /// Opens `path` write-only and close-on-exec (`open(2)`), creating nothing.
  package static func open(writingTo path: String) throws(Errno) -> FileDescriptor {
    let descriptor = try systemCall("open") { Glibc.open(path, O_WRONLY | O_CLOEXEC) }
    return FileDescriptor(rawValue: descriptor)
  }

  /// Makes a pipe whose two ends are close-on-exec from the start (`pipe2(2)`, `O_CLOEXEC`).
  package static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    var ends: [Int32] = [-1, -1]
    _ = try systemCall("pipe2") { pipe2(&ends, O_CLOEXEC) }
    return (read: FileDescriptor(rawValue: ends[0]), write: FileDescriptor(rawValue: ends[1]))
  }

  /// Closes the descriptor (`close(2)`), once (`systemCallOnce(_:mistakes:_:)`).
  ///
  /// A descriptor that was not open (`EBADF`) was closed twice: that stops the process, since the
  /// first close may have let another thread's new descriptor take the number, which the second
  /// then closed. Any other error (`EINTR`, `EIO`) is ignored: the descriptor is released all the
  /// same, and what it could not write has no one left to tell.
  package func close() {
    _ = systemCallOnce("close", mistakes: mistakes) { Glibc.close(rawValue) }
  }

  /// Whether the descriptor is one of the standard streams (0, 1, 2): inherited, not opened by
  /// the process, so that one that is not open (`EBADF`) says where the process was started, not
  /// that its code is wrong.
  package var isStandardStream: Bool { (0...2).contains(rawValue) }

  /// The errors that mean the program is wrong when a call on this descriptor fails with them
  /// (`systemCall(_:mistakes:_:)`): both for a descriptor the process made, only a bad pointer for
  /// a standard stream, which may be closed from the start.
  var mistakes: Errno.Mistakes { isStandardStream ? .badAddress : .all }

  /// Reads up to `buffer.count` bytes (`read(2)`); 0 at end of file.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try systemCall("read", mistakes: mistakes) { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
  }

  /// Writes up to `bytes.count` bytes once (`write(2)`) and returns how many were written.
  package func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    try systemCall("write", mistakes: mistakes) { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
  }

  /// Writes all of `bytes`, as many `write(2)` calls as it takes.
  package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      offset += try write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }
  }

  /// Writes all of `bytes`.
  package func writeAll(_ bytes: [UInt8]) throws(Errno) {
    let failure = bytes.withUnsafeBytes { buffer -> Errno? in
      do throws(Errno) { try writeAll(buffer) } catch { return error }
      return nil
    }
    if let failure { throw failure }
  }

  /// Writes `text` and a newline in one `write(2)` where it fits, ignoring failures: for
  /// diagnostics on standard error, which have nowhere else to go.
  package func writeLine(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(UInt8(ascii: "\n"))
    try? writeAll(bytes)
  }

  /// The whole content of a small file (at most `limit` bytes), or nil when it cannot be read.
  package static func contents(ofFile path: String, limit: Int = 4096) -> [UInt8]? {
    guard let descriptor = try? open(readingFrom: path) else { return nil }
    defer { descriptor.close() }
    var bytes = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < limit {
      let read = bytes.withUnsafeMutableBytes { buffer in
        try? descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
      }
      guard let read else { return nil }
      if read == 0 { break }
      count += read
    }
    bytes.removeLast(limit - count)
    return bytes
  }

  /// Sets or clears `O_NONBLOCK` (`fcntl(2)`).
  package func setNonBlocking(_ nonBlocking: Bool = true) throws(Errno) {
    let flags = try systemCall("fcntl") { fcntl(rawValue, F_GETFL) }
    _ = try systemCall("fcntl") {
      fcntl(rawValue, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }
  }

  /// Whether the descriptor is a terminal: whether it has terminal attributes (`tcgetattr(3)`,
  /// as `isatty(3)` asks); false when it fails (`ENOTTY`).
  package var isTerminal: Bool {
    var attributes = termios()
    return switch systemCallOutcome("tcgetattr", mistakes: mistakes, { tcgetattr(rawValue, &attributes) }) {
    case .success: true
    case .failure: false
    }
  }
}

/// Waits for descriptors to become ready (`poll(2)`), again after `EINTR`.
package enum Poll {
  /// Waits until one of `descriptors` can be read (or has hung up) or `timeoutMilliseconds`
  /// pass (-1: no limit); returns, per descriptor, whether it is ready.
  package static func readable(
    _ descriptors: [FileDescriptor], timeoutMilliseconds: Int32 = -1
  ) throws(Errno) -> [Bool] {
    var watched = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
    _ = try watched.withUnsafeMutableBufferPointer { (watched) throws(Errno) in
      try systemCall("poll") { poll(watched.baseAddress, nfds_t(watched.count), timeoutMilliseconds) }
    }
    return watched.map { $0.revents != 0 }
  }

  /// Waits until `descriptor` can be written without blocking (or has failed or hung up, which
  /// the next write reports) or `timeoutMilliseconds` pass; returns whether it is ready.
  ///
  /// A pipe reported ready takes a write of up to `PIPE_BUF` bytes without blocking.
  package static func writable(_ descriptor: FileDescriptor, timeoutMilliseconds: Int32) throws(Errno) -> Bool
  {
    var watched = pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)
    return try systemCall("poll") { poll(&watched, 1, timeoutMilliseconds) } > 0 && watched.revents != 0
  }
}

/// What tells one version of a file from the next, as `stat(2)` reads it through every symbolic
/// link: its device and inode (a file swapped in by a rename, as Kubernetes swaps a mounted
/// Secret's), its size and its last modification (a file written in place).
package struct FileIdentity: Equatable, Sendable {
  private let device: UInt64
  private let inode: UInt64
  private let size: Int64
  private let modified: Int64
  private let modifiedNanoseconds: Int64

  /// The identity of the file at `path` now; throws when it cannot be read.
  package init(of path: String) throws(Errno) {
    var status = stat()
    _ = try systemCall("stat", mistakes: .badAddress) { stat(path, &status) }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec)
    modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
  }
}
