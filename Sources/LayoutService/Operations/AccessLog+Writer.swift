import Glibc

extension AccessLog {
  /// Starts the thread that moves buffered lines to the descriptor. It holds the log until it
  /// has written everything after `close()`.
  func startWriter() {
    let retained = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        let log = Unmanaged<AccessLog>.fromOpaque(context!).takeRetainedValue()
        log.runWriter()
        return nil
      }, retained)
    if created == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<AccessLog>.fromOpaque(retained).release()
      pending.withLock { $0.isClosed = true }
      finished.signal()
    }
  }

  /// How long the writer waits after the first line of a batch arrives.
  static let batchMicroseconds: UInt32 = 10_000

  /// Waits for lines, swaps the buffer out under the lock and writes it outside the lock.
  private func runWriter() {
    var batch: [UInt8] = []
    batch.reserveCapacity(64 << 10)
    while true {
      wakeup.wait()
      // Let lines gather for a moment: one write(2) then carries many of them, and request
      // threads rarely find the buffer empty (only then do they signal this thread).
      if !pending.withLock({ $0.isClosed }) { usleep(Self.batchMicroseconds) }
      var closed = false
      repeat {
        closed = pending.withLock { pending in
          swap(&pending.bytes, &batch)
          return pending.isClosed
        }
        writeAll(batch)
        batch.removeAll(keepingCapacity: true)
      } while pending.withLock({ !$0.bytes.isEmpty })
      if closed {
        finished.signal()
        return
      }
    }
  }

  private func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
