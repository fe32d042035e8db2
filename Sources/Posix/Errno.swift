import Glibc

/// A POSIX error number, as a system call leaves it in `errno`.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The number, e.g. `EPIPE`.
  package let rawValue: Int32

  /// The error `rawValue`.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The calling thread's `errno` now: read it right after the call that set it.
  package static var current: Errno { Errno(rawValue: errno) }

  /// `EINTR`: a signal interrupted the call.
  package static let interrupted = Errno(rawValue: EINTR)
  /// `EAGAIN`: a non-blocking call would block, or a socket timeout ran out.
  package static let wouldBlock = Errno(rawValue: EAGAIN)
  /// `EPIPE`: the peer closed the connection this side still writes to.
  package static let brokenPipe = Errno(rawValue: EPIPE)
  /// `ECONNRESET`: the peer reset the connection.
  package static let connectionReset = Errno(rawValue: ECONNRESET)
  /// `ECONNREFUSED`: nobody listens at the address.
  package static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  /// `EADDRINUSE`: another socket is bound to the address.
  package static let addressInUse = Errno(rawValue: EADDRINUSE)
  /// `ETIMEDOUT`: a timed wait ran out.
  package static let timedOut = Errno(rawValue: ETIMEDOUT)

  /// The C library's sentence for the error (`strerror`), e.g. "Connection refused".
  package var message: String { String(cString: strerror(rawValue)) }

  /// Whether the error says the peer is gone (`EPIPE`, `ECONNRESET`).
  package var meansPeerClosed: Bool { self == .brokenPipe || self == .connectionReset }

  /// The symbolic name where it is a common one (`EPIPE`), else `errno N`.
  package var description: String {
    switch rawValue {
    case EINTR: "EINTR"
    case EAGAIN: "EAGAIN"
    case EPIPE: "EPIPE"
    case ECONNRESET: "ECONNRESET"
    case ECONNREFUSED: "ECONNREFUSED"
    case EADDRINUSE: "EADDRINUSE"
    case EADDRNOTAVAIL: "EADDRNOTAVAIL"
    case EACCES: "EACCES"
    case EMFILE: "EMFILE"
    case ENFILE: "ENFILE"
    case ENOMEM: "ENOMEM"
    case ETIMEDOUT: "ETIMEDOUT"
    case EINVAL: "EINVAL"
    case ENOENT: "ENOENT"
    default: "errno \(rawValue)"
    }
  }
}

/// The one seam every system call of the package goes through: calls `call` again while it
/// fails with `EINTR`, and throws the `errno` it left otherwise.
///
/// `call` is a system call that returns -1 (or another negative value) and sets `errno` on
/// failure; `errno` is read right after it, before anything else can change it.
@inline(__always)
package func systemCall<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
  while true {
    let result = call()
    if result >= 0 { return result }
    let error = Errno.current
    if error != .interrupted { throw error }
  }
}

/// Calls `call`, a pthread function that returns 0 or an error number (it does not set
/// `errno`), and stops the process when it fails: a lock or thread call that fails means the
/// program is broken, not that the input was bad.
@inline(__always)
package func pthreadCall(_ name: StaticString, _ call: () -> Int32) {
  let result = call()
  precondition(result == 0, "\(name) failed: \(Errno(rawValue: result))")
}
