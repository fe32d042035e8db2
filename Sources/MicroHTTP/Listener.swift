internal import CMicroHTTPD
import Glibc

/// The listen socket and the thread that accepts on it, handing every connection to
/// libmicrohttpd with `MHD_add_connection`.
///
/// Why the server listens itself rather than letting libmicrohttpd do it: with a thread pool,
/// every libmicrohttpd worker watches the one listen socket and whichever wakes first accepts,
/// so a burst of connects can land on one worker (seen: 32 of 32) while the other cores idle.
/// `MHD_add_connection` gives a connection to worker `socket % pool size`, which spreads them
/// evenly. Stopping to accept is then this type's own act too (closing its socket), without
/// `MHD_quiesce_daemon`.
final class Listener {
  /// The listening socket; -1 once closed.
  private(set) var socket: Int32
  /// The port the socket is bound to (the real one when port 0 was asked for).
  let port: Int
  /// The pipe that wakes the accept thread to stop: its read end, then its write end.
  private let wake: (read: Int32, write: Int32)
  private var thread: pthread_t?

  /// Binds `address` (`SO_REUSEADDR`, IPv6 only for an IPv6 address) and listens with a
  /// queue of `backlog` completed connects.
  init(address: ListenAddress, backlog: Int) throws(ListenFailure) {
    let fd = Glibc.socket(
      address.isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw ListenFailure(errno: errno) }
    var on: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    if address.isIPv6 {
      setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
    }
    let bound = address.withSockaddr { bind(fd, $0, address.length) == 0 ? 0 : errno }
    guard bound == 0 else {
      close(fd)
      throw ListenFailure(errno: bound)
    }
    guard listen(fd, Int32(clamping: backlog)) == 0 else {
      let failure = errno
      close(fd)
      throw ListenFailure(errno: failure)
    }
    // Non-blocking: the accept loop takes every completed connect after one wake-up.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      let failure = errno
      close(fd)
      throw ListenFailure(errno: failure)
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    self.socket = fd
    self.wake = (ends[0], ends[1])
    self.port = Self.boundPort(fd)
  }

  deinit {
    stop()
    close(wake.read)
    close(wake.write)
  }

  /// Starts the accept thread, which hands each connection to `daemon` until `stop()`.
  func start(daemon: OpaquePointer) throws(ListenFailure) {
    let loop = AcceptLoop(socket: socket, wake: wake.read, daemon: daemon)
    let retained = Unmanaged.passRetained(loop).toOpaque()
    var thread = pthread_t()
    let failure = pthread_create(
      &thread, nil,
      { argument in
        Unmanaged<AcceptLoop>.fromOpaque(argument!).takeRetainedValue().run()
        return nil
      }, retained)
    guard failure == 0 else {
      Unmanaged<AcceptLoop>.fromOpaque(retained).release()
      throw ListenFailure(errno: failure)
    }
    self.thread = thread
  }

  /// Stops accepting: connects the kernel completed before now are still accepted and handed
  /// over (their clients believe they are connected), then the socket is closed, so that new
  /// connects are refused. Returns when the accept thread has ended. Idempotent.
  func stop() {
    if let thread {
      var byte: UInt8 = 1
      _ = write(wake.write, &byte, 1)
      pthread_join(thread, nil)
      self.thread = nil
    }
    if socket >= 0 {
      close(socket)
      socket = -1
    }
  }

  private static func boundPort(_ fd: Int32) -> Int {
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let found = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard found == 0 else { return 0 }
    return withUnsafeBytes(of: address) { bytes in
      // `sin_port` and `sin6_port` are both at offset 2, in network byte order.
      Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: 2, as: UInt16.self)))
    }
  }
}

/// Why a `Listener` could not listen: the `errno` of the call that failed.
struct ListenFailure: Error {
  let errno: Int32
}

/// The accept thread's loop, on its own object so that the thread owns what it reads.
private final class AcceptLoop {
  let socket: Int32
  let wake: Int32
  let daemon: OpaquePointer

  init(socket: Int32, wake: Int32, daemon: OpaquePointer) {
    self.socket = socket
    self.wake = wake
    self.daemon = daemon
  }

  /// Waits (`poll`) for connects or the wake-up; accepts every completed connect each time.
  /// After the wake-up it accepts what is left and ends.
  func run() {
    var watched = [
      pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&watched, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      let stopping = watched[1].revents != 0
      acceptAll()
      if stopping { return }
    }
  }

  /// Accepts until the queue is empty, handing each connection to libmicrohttpd
  /// (`MHD_add_connection`, which makes the socket non-blocking, applies the server's
  /// admission policy and owns the socket from then on, closing it on failure).
  private func acceptAll() {
    while true {
      var address = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let client = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          accept(socket, $0, &length)
        }
      }
      if client < 0 {
        switch errno {
        case EINTR, ECONNABORTED, EPROTO: continue
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
          // Out of descriptors or memory: the connect waits in the queue; try again after a
          // pause rather than spinning on a socket that stays readable.
          var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
          nanosleep(&pause, nil)
          return
        default: return
        }
      }
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          MHD_add_connection(daemon, client, $0, length)
        }
      }
    }
  }
}
