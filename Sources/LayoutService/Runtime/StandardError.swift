import Glibc

/// Writes to file descriptor 2 directly (Glibc's `stderr` global is not concurrency-safe).
public enum StandardError {
  /// Writes `text` and a newline in one `write(2)` call.
  public static func line(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(UInt8(ascii: "\n"))
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
