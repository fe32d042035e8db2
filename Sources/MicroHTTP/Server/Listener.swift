internal import CMicroHTTPD
import Glibc
import Posix

/// The listen socket and the thread that accepts on it, handing every connection to
/// libmicrohttpd with `MHD_add_connection`.
///
/// Why the server listens itself rather than letting libmicrohttpd do it: with a thread pool,
/// every libmicrohttpd worker watches the one listen socket and whichever wakes first accepts,
/// so a burst of connects can all land on one worker while the other cores idle
/// (docs/operations.md).
/// `MHD_add_connection` gives a connection to worker `socket % pool size`, which spreads them
/// evenly. Stopping to accept is then this type's own act too (closing its socket), without
/// `MHD_quiesce_daemon`.
final class Listener {
  /// The listening socket; nil once closed.
  private var socket: FileDescriptor?
  /// The port the socket is bound to (the real one when port 0 was asked for).
  let port: Int
  /// The pipe that wakes the accept thread to stop accepting, then to end (`Wake`).
  private let wake: (read: FileDescriptor, write: FileDescriptor)
  private var thread: PosixThread?
  /// Signalled by the accept thread once it has stopped accepting (or ended).
  private let stoppedAccepting = Posix.Semaphore()

  /// Binds `address` (`SO_REUSEADDR`, IPv6 only for an IPv6 address) and listens with a
  /// queue of `backlog` completed connects.
  init(address: SocketAddress, backlog: Int) throws(Errno) {
    let socket = try FileDescriptor.tcpSocket(for: address)
    do {
      try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1)
      if address.isIPv6 { try socket.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1) }
      try socket.bind(to: address)
      try socket.listen(backlog: backlog)
      // Non-blocking: the accept loop takes every completed connect after one wake-up.
      try socket.setNonBlocking()
      wake = try FileDescriptor.pipe()
    } catch {
      socket.close()
      throw error
    }
    self.socket = socket
    self.port = socket.localPort
  }

  deinit {
    stop()
    wake.read.close()
    wake.write.close()
  }

  /// Starts the accept thread, which hands each connection to `daemon` until `stopAccepting()`,
  /// counting it in `server`'s admitted connections until libmicrohttpd refuses or closes it,
  /// and serves `server.closeWatcher` until `stop()`.
  func start(daemon: OpaquePointer, server: ServerState) {
    guard let socket else { return }
    let loop = AcceptLoop(
      socket: socket, wake: wake.read, daemon: daemon, server: server, stoppedAccepting: stoppedAccepting)
    thread = PosixThread { loop.run() }
  }

  /// Stops accepting: connects the kernel completed before now are still accepted and handed
  /// over (their clients believe they are connected), then the socket is closed, so that new
  /// connects are refused. The close watcher is still served. Idempotent.
  func stopAccepting() {
    guard let socket else { return }
    if thread != nil {
      send(.stopAccepting)
      stoppedAccepting.wait()
    }
    socket.close()
    self.socket = nil
  }

  /// Wakes the accept thread to serve the close watcher's retries now (`CloseWatcher.nudgeEverySocket()`).
  func serveCloseWatcher() {
    if thread != nil { send(.serveCloseWatcher) }
  }

  /// Stops accepting, then ends the accept thread and returns when it has ended. Idempotent.
  func stop() {
    stopAccepting()
    if let thread = thread.take() {
      send(.end)
      thread.join()
    }
  }

  /// Writes `reason` into the wake-up pipe.
  private func send(_ reason: Wake) {
    var byte = reason.rawValue
    _ = try? withUnsafeBytes(of: &byte) { (bytes) throws(Errno) in try wake.write.write(bytes) }
  }
}

/// What the accept thread is woken for.
private enum Wake: UInt8 {
  /// Accept what is left, then stop accepting.
  case stopAccepting = 1
  /// End the thread.
  case end = 2
  /// Serve the close watcher's retries, which another thread has just added.
  case serveCloseWatcher = 3
}

/// The accept thread's loop, on its own value so that the thread owns what it reads.
private struct AcceptLoop: @unchecked Sendable {
  // @unchecked: `daemon` is libmicrohttpd's daemon, which `MHD_add_connection` may be called on
  // from any thread; the descriptors are plain numbers; the semaphore is made to be shared.
  let socket: FileDescriptor
  let wake: FileDescriptor
  let daemon: OpaquePointer
  let server: ServerState
  let stoppedAccepting: Posix.Semaphore

  /// Waits for connects, the close watcher's reports or retries, or a wake-up; accepts every
  /// completed connect each time. Woken to stop accepting, it accepts what is left and goes on
  /// serving the close watcher until it is woken to end.
  func run() {
    var accepting = true
    defer { if accepting { stoppedAccepting.signal() } }
    let watcher = server.closeWatcher
    while true {
      var watched = [wake]
      if accepting { watched.append(socket) }
      watched.append(watcher.descriptor)
      // Once it no longer accepts (a drain), retries come from workers too (a connection started
      // late is looked at): they are served within 100 ms even when nothing wakes the thread.
      let due = watcher.retryTimeout
      let timeout = accepting ? due : due < 0 ? 100 : min(due, 100)
      guard let ready = try? Poll.readable(watched, timeoutMilliseconds: timeout) else { return }
      if ready[watched.count - 1] || timeout >= 0 { watcher.service() }
      if accepting, ready[1] { acceptAll() }
      guard ready[0] else { continue }
      var byte: UInt8 = 0
      let read = withUnsafeMutableBytes(of: &byte) { try? wake.read(into: $0) }
      guard read == 1, let reason = Wake(rawValue: byte), reason != .end else { return }
      if reason == .serveCloseWatcher {
        watcher.service()
        continue
      }
      if accepting {
        acceptAll()
        accepting = false
        stoppedAccepting.signal()
      }
    }
  }

  /// Accepts until the queue is empty, handing each connection to libmicrohttpd
  /// (`MHD_add_connection`, which makes the socket non-blocking, applies the server's
  /// admission policy and owns the socket from then on, closing it on failure).
  ///
  /// A connection handed over is counted as admitted before the call, so that the admission
  /// policy inside it counts the connection too, and uncounted if libmicrohttpd refuses it.
  private func acceptAll() {
    while true {
      do {
        try socket.accept { client, address, length in
          server.gauges.admittedConnections.wrappingAdd(1, ordering: .sequentiallyConsistent)
          if MHD_add_connection(daemon, client.rawValue, address, length) != .YES {
            // Why, in errno: `EACCES` is the admission policy (`admitConnection` counted it),
            // `ENFILE` libmicrohttpd's per-address limit (its own limit is set above the policy's).
            if Errno.current == Errno(rawValue: ENFILE) {
              server.gauges.refusedPerClientConnections.wrappingAdd(1, ordering: .relaxed)
            }
            server.gauges.admittedConnections.wrappingSubtract(1, ordering: .sequentiallyConsistent)
          }
        }
      } catch let error {
        switch error.rawValue {
        case ECONNABORTED, EPROTO: continue
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
          // Out of descriptors or memory: the connect waits in the queue; try again after a
          // pause rather than spinning on a socket that stays readable.
          MonotonicClock.sleep(seconds: 0.05)
          return
        default: return
        }
      }
    }
  }
}
