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
    case EBADF: "EBADF"
    case EFAULT: "EFAULT"
    case ENOTCONN: "ENOTCONN"
    case ENOENT: "ENOENT"
    default: "errno \(rawValue)"
    }
  }
}

/// The one seam every system call of the package goes through: calls `call` again while it
/// fails with `EINTR`, and throws the `errno` it left otherwise.
///
/// `name` is the C function `call` makes, e.g. `"epoll_ctl"`. `call` is a system call that
/// returns -1 (or another negative value) and sets `errno` on failure; `errno` is read right after
/// it, before anything else can change it.
///
/// An error in `mistakes` means the program is wrong, not the world: a descriptor that is not open
/// (`EBADF`: closed already, and its number perhaps another's by now), a pointer outside the
/// process's memory (`EFAULT`). It stops the process in every build, with a message naming `name`
/// and the error, as SwiftNIO's system calls do: going on would act on another's descriptor.
/// Pass fewer where the error can come from outside: a descriptor the process inherited
/// (`FileDescriptor.isStandardStream`). `EINVAL` is thrown as any other error: the kernel says it
/// of values as well as of code (a file system's names, a socket's state, a limit's range).
@inline(__always)
package func systemCall<Result: BinaryInteger>(
  _ name: StaticString, mistakes: Errno.Mistakes = .all, _ call: () -> Result
) throws(Errno) -> Result {
  try systemCallOutcome(name, mistakes: mistakes, call).get()
}

/// `systemCall(_:mistakes:_:)` for a caller to whom some failure is an answer, not an error: the
/// same seam, with the `errno` returned rather than thrown.
///
/// A throw can cost far more than the call: a test process captures a backtrace for every error
/// thrown (Swift Testing's hook), so a failure that is routine (`ENOTCONN` from a socket the peer
/// has reset, met for each of a thousand connections) is handed back as a value.
@inline(__always)
package func systemCallOutcome<Value: BinaryInteger>(
  _ name: StaticString, mistakes: Errno.Mistakes = .all, _ call: () -> Value
) -> Result<Value, Errno> {
  while true {
    let result = call()
    if result >= 0 { return .success(result) }
    let error = Errno.current
    if error != .interrupted {
      if mistakes.contains(error) { stopProcess(name, failedWith: error) }
      return .failure(error)
    }
  }
}

/// `systemCallOutcome(_:mistakes:_:)` without the retry, for `close`: Linux releases the
/// descriptor whatever `close` returns, `EINTR` too, and a retry could close one another thread
/// has just opened.
@inline(__always)
package func systemCallOnce<Value: BinaryInteger>(
  _ name: StaticString, mistakes: Errno.Mistakes = .all, _ call: () -> Value
) -> Result<Value, Errno> {
  let result = call()
  if result >= 0 { return .success(result) }
  let error = Errno.current
  if mistakes.contains(error) { stopProcess(name, failedWith: error) }
  return .failure(error)
}

/// `systemCall(_:mistakes:_:)` for a call that fails only when the program is wrong (a clock
/// the system has, a semaphore the program made): stops the process on any error.
@inline(__always)
@discardableResult
package func systemCallOrStop<Value: BinaryInteger>(_ name: StaticString, _ call: () -> Value) -> Value {
  switch systemCallOutcome(name, call) {
  case .success(let value): return value
  case .failure(let error): stopProcess(name, failedWith: error)
  }
}

extension Errno {
  /// The errors a system call fails with when the program, not its input or the system, is wrong
  /// (`systemCall(_:mistakes:_:)`).
  package struct Mistakes: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    /// The set `rawValue`.
    package init(rawValue: UInt8) {
      self.rawValue = rawValue
    }

    /// `EBADF`: a descriptor that is not open (closed already, or never opened).
    package static let badDescriptor = Mistakes(rawValue: 1 << 0)
    /// `EFAULT`: a pointer outside the process's memory.
    package static let badAddress = Mistakes(rawValue: 1 << 1)
    /// Both: for a call whose every descriptor the program opened itself.
    package static let all: Mistakes = [.badDescriptor, .badAddress]

    /// Whether `error` is one of these.
    package func contains(_ error: Errno) -> Bool {
      switch error.rawValue {
      case EBADF: contains(.badDescriptor)
      case EFAULT: contains(.badAddress)
      default: false
      }
    }
  }
}

/// Calls `call`, a function that returns 0 or an error number and leaves `errno` alone (the
/// pthread functions, `sigwait`, `clock_nanosleep`), again while it returns `EINTR`, and stops
/// the process when it fails otherwise: such a call that fails means the program is broken, not
/// that the input was bad.
@inline(__always)
package func pthreadCall(_ name: StaticString, _ call: () -> Int32) {
  while true {
    let result = call()
    if result == 0 { return }
    if result != EINTR { stopProcess(name, failedWith: Errno(rawValue: result)) }
  }
}

/// `pthreadCall(_:_:)` for a call one of whose errors is an answer, not a failure: false when it
/// returns `answer` (`ETIMEDOUT` from a timed wait), true when it succeeds.
@inline(__always)
package func pthreadCall(_ name: StaticString, answering answer: Errno, _ call: () -> Int32) -> Bool {
  while true {
    let result = call()
    if result == 0 { return true }
    if result == answer.rawValue { return false }
    if result != EINTR { stopProcess(name, failedWith: Errno(rawValue: result)) }
  }
}

/// Stops the process with a message naming the call and its error, in every build: `fatalError`,
/// since an optimized build drops a `precondition`'s message.
@inline(never)
func stopProcess(_ name: StaticString, failedWith error: Errno) -> Never {
  fatalError("\(name) failed with \(error) (\(error.message)): a programming error")
}
