import Glibc
import Posix
import Synchronization

/// Makes libmicrohttpd's epoll workers see a client's close that arrived with the last bytes of
/// its request.
///
/// libmicrohttpd 0.9.75 watches connections edge-triggered and takes a short read as "nothing
/// more to read" (connection.c, `recv_param_adapter`): when the last bytes and the FIN arrive as
/// one edge it reads the bytes, stops, and never reads the end of the stream, so the connection
/// stays open until the idle timeout (1.0.1 still does). The watcher holds every open
/// connection's socket in an epoll set of its own for `EPOLLRDHUP`, one report each
/// (`EPOLLONESHOT`). Once the client has closed its sending half and libmicrohttpd has read every
/// byte (`SIOCINQ` reads 0), it shuts the socket's receiving half (`SHUT_RD`): the worker gets a
/// fresh edge, reads end-of-stream and closes the connection as its poll workers do, after
/// answering what it has read, so a half-closing client still gets its answer (`SHUT_RDWR` would
/// drop it). While bytes are unread it looks again after 1 ms, then at doubling intervals up to
/// 128 ms, until they are read or the connection closes.
///
/// Once shut, a socket whose connection is still open after 8 ms is shut again, at doubling
/// intervals up to 128 ms, until it closes: each shutdown wakes the worker afresh. A worker can
/// miss the first: when its `epoll_wait` returns exactly 128 reports, libmicrohttpd 0.9.75
/// (`MHD_epoll` in daemon.c) calls it again with the same blocking timeout before acting on
/// them, and sleeps on them until another report comes or the idle timeout: many connections cut
/// at once can be those 128 (docs/operations.md).
///
/// A connection is watched from libmicrohttpd's `STARTED` notification to its `CLOSED`, which
/// libmicrohttpd sends before it closes the socket. Both, and every act on a socket, happen under
/// one lock, so the watcher never acts on a descriptor that has been closed and reused. Each watch
/// is a slot and a generation: a report or a retry from an earlier generation of its slot is
/// dropped.
///
/// Costs two `epoll_ctl` per connection and a wake-up per client close; nothing per request.
package final class CloseWatcher: @unchecked Sendable {
  // @unchecked: the watch table is reached only under its lock; the epoll set is a descriptor,
  // used through system calls that any thread may make.
  private let events: EpollSet
  private let table = Locked(WatchTable())
  /// Sockets whose receiving half the watcher has shut so far.
  private let shutCount = Atomic<Int>(0)
  /// System calls that failed where none should (`epoll_ctl`, `ioctl`, `shutdown`).
  private let failureCount = Atomic<Int>(0)

  /// Nanoseconds a connection must stay idle to be closed, once a drain has begun
  /// (`nudgeIdleSockets(idleGrace:)`); 0 before.
  private let drainIdleGrace = Atomic<UInt64>(0)
  /// Looks a drain has taken at connections to see whether they stayed idle.
  private let idleLookCount = Atomic<Int>(0)

  /// A new watcher with an empty epoll set (`epoll_create1`).
  package init() throws(Errno) {
    events = try EpollSet()
  }

  deinit {
    events.close()
  }

  /// The descriptor that `poll(2)` reports readable when `service()` has reports to take.
  package var descriptor: FileDescriptor { events.descriptor }

  /// Sockets shut so far because their client had closed (tests and diagnostics).
  package var shutSockets: Int { shutCount.load(ordering: .relaxed) }

  /// Looks a drain has taken so far at connections, to see whether they stayed idle (tests).
  package var idleLooks: Int { idleLookCount.load(ordering: .relaxed) }

  /// System calls that failed so far where none should; each such connection is left to the
  /// idle timeout. A call on a socket that is not open (the hazard the lock guards against) stops
  /// the process instead (`systemCall(_:mistakes:_:)`), so neither a test nor a server passes
  /// over it.
  package var failures: Int { failureCount.load(ordering: .relaxed) }

  /// Connections watched now: started and not yet closed.
  package var watchedSockets: Int { table.withLock { $0.watchCount } }

  /// Starts watching `socket` (libmicrohttpd's `STARTED`), whose requests `activity` tells of;
  /// nil when the epoll set refused it, and the connection is then left to the idle timeout.
  package func watch(_ socket: FileDescriptor, activity: Activity? = nil) -> Watch? {
    let watch = table.withLock { table -> Watch? in
      let watch = table.occupy(socket, activity: activity)
      // Started during a drain (accepted last, or queued behind a busy worker): looked at too.
      let grace = drainIdleGrace.load(ordering: .relaxed)
      if grace > 0 {
        table.retry(
          watch, after: grace, now: MonotonicClock.now, isNudge: true, idleSince: table.reading(of: watch))
      }
      do {
        try events.add(socket, for: [.peerClosedWriting, .oneShot], data: watch.packed)
        return watch
      } catch {
        table.release(watch)
        return nil
      }
    }
    if watch == nil { failureCount.add(1, ordering: .relaxed) }
    return watch
  }

  /// Stops watching (libmicrohttpd's `CLOSED`, before it closes the socket).
  package func unwatch(_ watch: Watch) {
    let removed = table.withLock { table -> Bool in
      guard let socket = table.socket(of: watch) else { return true }
      table.release(watch)
      return (try? events.remove(socket)) != nil
    }
    if !removed { failureCount.add(1, ordering: .relaxed) }
  }

  /// Takes the epoll set's reports and acts on them, and on the retries that are due; call when
  /// `descriptor` is readable or `retryTimeout` has passed. Never waits.
  package func service() {
    let reports = (try? events.wait(limit: 256, timeoutMilliseconds: 0)) ?? []
    settle(reports.map { Watch(packed: $0.data) })
  }

  /// Acts on `watches` as on reports of their sockets, then on the retries that are due.
  /// `service()` with the reports in hand: a test hands it stale ones.
  ///
  /// The lock is taken for each socket, not once for them all: a worker takes it to close each
  /// connection (`unwatch(_:)`), and a stop that nudges a thousand sockets again and again would
  /// otherwise hold the worker off for whole rounds of shutdowns, one close per round.
  package func settle(_ watches: [Watch]) {
    let now = MonotonicClock.now
    var outcome = Outcome()
    for watch in watches {
      table.withLock { table in
        settle(watch, after: WatchTable.firstRetryDelay, now: now, in: &table, outcome: &outcome)
      }
    }
    for retry in table.withLock({ $0.takeDueRetries(now: now) }) {
      let delay = min(retry.delay * 2, WatchTable.longestRetryDelay)
      table.withLock { table in
        if retry.isNudge, let idleSince = retry.idleSince {
          // A drain's look at a connection: shut it if it stayed idle (no request begun, none in
          // progress, no byte of one waiting unread), else look again a grace later.
          guard let socket = table.socket(of: retry.watch) else { return }
          idleLookCount.add(1, ordering: .relaxed)
          let reading = table.reading(of: retry.watch)
          let unread = (try? socket.unreadByteCount()) ?? 1
          guard reading == idleSince, reading & 1 == 0, unread == 0 else {
            table.retry(
              retry.watch, after: drainIdleGrace.load(ordering: .relaxed), now: now, isNudge: true,
              idleSince: reading)
            return
          }
          // The shut wakes the watcher's own epoll set too: not a client's close to act on.
          table.markShutByDrain(retry.watch)
          // Shut again 8 ms after the first shutdown, then at doubling intervals, as any nudge.
          let first = retry.delay > WatchTable.longestRetryDelay
          shut(
            retry.watch, nudgingAgainAfter: first ? WatchTable.firstNudgeDelay : delay, idleSince: idleSince,
            now: now, in: &table, outcome: &outcome)
        } else if retry.isNudge {
          shut(retry.watch, nudgingAgainAfter: delay, now: now, in: &table, outcome: &outcome)
        } else {
          settle(retry.watch, after: delay, now: now, in: &table, outcome: &outcome)
        }
      }
    }
    if outcome.shut > 0 { shutCount.add(outcome.shut, ordering: .relaxed) }
    if outcome.failed > 0 { failureCount.add(outcome.failed, ordering: .relaxed) }
  }

  /// The server is stopping: shuts the receiving half of every watched socket, and again at the
  /// usual intervals until its connection closes, from the next `service()` on.
  ///
  /// libmicrohttpd 0.9.75 signals its workers to stop through their inter-thread channel; a
  /// worker whose `epoll_wait` returned that signal among exactly 128 reports calls it again with
  /// its blocking timeout before it looks at the stop (`MHD_epoll` in daemon.c), and sleeps
  /// until another report or the idle timeout, while `MHD_stop_daemon` waits for it. Each
  /// shutdown is such a report.
  package func nudgeEverySocket() {
    let now = MonotonicClock.now
    table.withLock { table in
      for watch in table.watches { table.retry(watch, after: 0, now: now, isNudge: true) }
    }
  }

  /// The server drains: shuts the receiving half of every watched socket whose connection stays
  /// idle for `idleGrace` nanoseconds from now (no request begins or is in progress), and again at
  /// the usual intervals until it closes or a request comes.
  ///
  /// libmicrohttpd reads end-of-stream and closes such a connection at once, where it would
  /// otherwise wait for its idle timeout (`connectionTimeout`): a client's keep-alive connection
  /// would hold the drain that long. A connection in use is left to its answers, the first of
  /// which closes it (`Connection: close`, as every answer during a drain), so a client that
  /// sends request after request loses none to the drain; one idle for the grace and sending just
  /// as it is shut meets the close every keep-alive client must expect (RFC 9112 §9.3.1).
  package func nudgeIdleSockets(idleGrace: UInt64) {
    let now = MonotonicClock.now
    drainIdleGrace.store(max(1, idleGrace), ordering: .relaxed)
    table.withLock { table in
      for watch in table.watches {
        table.retry(watch, after: idleGrace, now: now, isNudge: true, idleSince: table.reading(of: watch))
      }
    }
  }

  /// Milliseconds until the next retry is due (0 when one is due now), or -1 when none waits:
  /// the timeout of the `poll(2)` that waits for `descriptor`.
  package var retryTimeout: Int32 {
    guard let due = table.withLock({ $0.earliestRetry }) else { return -1 }
    let now = MonotonicClock.now
    guard now < due else { return 0 }
    return Int32(clamping: (due.nanoseconds - now.nanoseconds + 999_999) / 1_000_000)
  }

  /// What settling some watches did.
  private struct Outcome {
    var shut = 0
    var failed = 0
  }

  /// The client of `watch`'s socket has closed its sending half: shuts the receiving half if
  /// libmicrohttpd has read every byte, else retries after `delay`. Drops a stale watch.
  private func settle(
    _ watch: Watch, after delay: UInt64, now: MonotonicClock.Instant, in table: inout WatchTable,
    outcome: inout Outcome
  ) {
    guard let socket = table.socket(of: watch), !table.isShutByDrain(watch) else { return }
    do throws(Errno) {
      guard try socket.unreadByteCount() == 0 else {
        table.retry(watch, after: delay, now: now, isNudge: false)
        return
      }
    } catch {
      outcome.failed += 1
      return
    }
    outcome.shut += 1
    shut(watch, nudgingAgainAfter: WatchTable.firstNudgeDelay, now: now, in: &table, outcome: &outcome)
  }

  /// Shuts the receiving half of `watch`'s socket, which wakes its worker, and does it again
  /// after `delay` unless the connection has closed by then. Drops a stale watch.
  private func shut(
    _ watch: Watch, nudgingAgainAfter delay: UInt64, idleSince: UInt64? = nil, now: MonotonicClock.Instant,
    in table: inout WatchTable, outcome: inout Outcome
  ) {
    guard let socket = table.socket(of: watch) else { return }
    do throws(Errno) {
      // False (ENOTCONN): the connection was reset; the call has woken the worker all the same.
      try socket.shutdownRead()
    } catch {
      outcome.failed += 1
      return
    }
    table.retry(watch, after: delay, now: now, isNudge: true, idleSince: idleSince)
  }
}

extension CloseWatcher {
  /// A connection's requests: counted by its worker as each begins (its headers are read) and
  /// ends, read by a drain that closes the connections that stay idle
  /// (`nudgeIdleSockets(idleGrace:)`).
  ///
  /// One counter, odd while a request is in progress: a connection whose count is even and the
  /// same at two looks has had no request between them. Nothing on the request path but the two
  /// increments.
  package final class Activity: Sendable {
    private let count = Atomic<UInt64>(0)

    package init() {}

    /// The count now: odd while a request is in progress.
    package var reading: UInt64 { count.load(ordering: .sequentiallyConsistent) }

    /// A request's headers were read.
    package func begin() { count.wrappingAdd(1, ordering: .sequentiallyConsistent) }

    /// The request ended.
    package func end() { count.wrappingAdd(1, ordering: .sequentiallyConsistent) }
  }

  /// One connection's watch: its slot in the watch table and the slot's generation.
  package struct Watch: Hashable, Sendable {
    package let slot: UInt32
    package let generation: UInt32

    init(slot: UInt32, generation: UInt32) {
      self.slot = slot
      self.generation = generation
    }

    /// The watch the epoll set carried as its 64 bits.
    init(packed: UInt64) {
      slot = UInt32(truncatingIfNeeded: packed)
      generation = UInt32(truncatingIfNeeded: packed >> 32)
    }

    /// The 64 bits the epoll set carries: the generation above the slot.
    var packed: UInt64 { UInt64(generation) << 32 | UInt64(slot) }
  }
}
