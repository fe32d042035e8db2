import Glibc

/// The shutdown signals, blocked in every thread and received with `sigwait`.
///
/// Call `blockShutdownSignals()` before any thread starts (libmicrohttpd's workers inherit the
/// mask), so SIGINT and SIGTERM are never delivered to a worker; then `waitForShutdownSignal()`
/// in the main thread.
public enum Signals {
  /// Blocks SIGINT and SIGTERM in the calling thread and all threads it starts; ignores SIGPIPE.
  public static func blockShutdownSignals() {
    var set = shutdownSet()
    pthread_sigmask(SIG_BLOCK, &set, nil)
    signal(SIGPIPE, SIG_IGN)
  }

  /// Waits for SIGINT or SIGTERM (`sigwait`) and returns it.
  public static func waitForShutdownSignal() -> Int32 {
    var set = shutdownSet()
    var received: Int32 = 0
    while sigwait(&set, &received) != 0 {}
    return received
  }

  private static func shutdownSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    return set
  }
}
