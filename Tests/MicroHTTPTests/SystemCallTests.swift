import Glibc
import Posix
import Testing

/// The seam every system call goes through (`systemCall`, `pthreadCall`): which failures it
/// answers, which it throws, and which stop the process.
@Suite struct SystemCallTests {
  /// Closing a descriptor that is not open (`EBADF`; closed already, its number perhaps another's
  /// by now) stops the process, naming the call, in every build.
  @Test func closingADescriptorThatIsNotOpenStopsTheProcess() async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent],
      performing: {
        // Above any limit on open descriptors: never open.
        FileDescriptor(rawValue: .max).close()
      })
    #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("close failed with EBADF"))
  }

  /// `EINVAL` is thrown as any other error: here `accept` on a socket that does not listen.
  @Test func invalidArgumentIsThrown() throws {
    let address = try #require(SocketAddress(host: "127.0.0.1", port: 0))
    let socket = try FileDescriptor.tcpSocket(for: address)
    defer { socket.close() }
    #expect(throws: Errno(rawValue: EINVAL)) { try socket.accept { _, _, _ in } }
  }

  /// A socket that is not connected (`ENOTCONN`, as one the peer has reset) answers false to
  /// either shutdown, without throwing.
  @Test func shuttingDownASocketNotConnectedIsAnAnswer() throws {
    let address = try #require(SocketAddress(host: "127.0.0.1", port: 0))
    let socket = try FileDescriptor.tcpSocket(for: address)
    defer { socket.close() }
    #expect(try socket.shutdownWrite() == false)
    #expect(try socket.shutdownRead() == false)
  }

  /// `MonotonicClock.sleep(seconds:)` sleeps at least that long.
  @Test func sleepLastsAtLeastItsSeconds() {
    let start = MonotonicClock.now
    MonotonicClock.sleep(seconds: 0.02)
    #expect(MonotonicClock.now.seconds(since: start) >= 0.02)
  }

  /// `SignalSet.wait()` returns a blocked signal sent to the thread (`sigwait`).
  @Test func waitReturnsTheSignalSent() async {
    await #expect(processExitsWith: .success) {
      let set = SignalSet([SIGUSR1])
      set.block()
      pthreadCall("pthread_kill") { pthread_kill(pthread_self(), SIGUSR1) }
      exit(set.wait() == SIGUSR1 ? EXIT_SUCCESS : EXIT_FAILURE)
    }
  }
}
