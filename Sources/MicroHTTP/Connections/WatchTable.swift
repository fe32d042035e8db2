import Posix

/// The sockets a `CloseWatcher` watches, by slot, and its retries; reached only under the
/// watcher's lock.
///
/// A slot is reused once its watch has ended, with the next generation, so a watch names one
/// connection's life even when its descriptor number is reused at once.
struct WatchTable {
  /// How long after a report whose bytes libmicrohttpd has not read yet the watcher looks
  /// again, in nanoseconds: 1 ms.
  static let firstRetryDelay: UInt64 = 1_000_000
  /// How long after shutting a socket the watcher shuts it again if its connection is still
  /// open: 8 ms.
  static let firstNudgeDelay: UInt64 = 8_000_000
  /// The longest interval between two looks at the same socket: 128 ms.
  static let longestRetryDelay: UInt64 = 128_000_000

  /// A socket to look at again once `due`.
  struct Retry {
    let watch: CloseWatcher.Watch
    let due: MonotonicClock.Instant
    /// The interval that led to `due`, doubled for the next.
    let delay: UInt64
    /// Whether the socket is shut already and is to be shut again (else it had bytes unread).
    let isNudge: Bool
    /// For a drain's closing of idle connections: the connection's activity reading
    /// (`CloseWatcher.Activity`) at the last look; it is shut only while the reading stays that,
    /// even. Nil for a stop, which shuts whatever the connection does.
    var idleSince: UInt64? = nil
  }

  /// Per slot: the watched socket's descriptor, or -1 when the slot is free.
  private var sockets: [Int32] = []
  /// Per slot: the generation of its current watch, or of its next one when it is free.
  private var generations: [UInt32] = []
  /// Per slot: its connection's request count (`CloseWatcher.Activity`), when it was told.
  private var activities: [CloseWatcher.Activity?] = []
  /// Per slot: whether a drain has shut the socket as idle (its own shutdown then reports as a
  /// client's close would, and is not one).
  private var shutByDrain: [Bool] = []
  /// The free slots, the most recently freed last.
  private var free: [UInt32] = []
  /// The sockets to look at again, in no order.
  private var retries: [Retry] = []

  /// Takes a slot for `socket` and returns its watch.
  mutating func occupy(_ socket: FileDescriptor, activity: CloseWatcher.Activity?) -> CloseWatcher.Watch {
    let slot: UInt32
    if let reused = free.popLast() {
      slot = reused
      sockets[Int(slot)] = socket.rawValue
      activities[Int(slot)] = activity
      shutByDrain[Int(slot)] = false
    } else {
      slot = UInt32(sockets.count)
      sockets.append(socket.rawValue)
      generations.append(0)
      activities.append(activity)
      shutByDrain.append(false)
    }
    return CloseWatcher.Watch(slot: slot, generation: generations[Int(slot)])
  }

  /// The socket `watch` names, or nil when its watch has ended (the slot is free or has moved
  /// on to another generation).
  func socket(of watch: CloseWatcher.Watch) -> FileDescriptor? {
    let slot = Int(watch.slot)
    guard slot < sockets.count, generations[slot] == watch.generation, sockets[slot] >= 0 else {
      return nil
    }
    return FileDescriptor(rawValue: sockets[slot])
  }

  /// Ends `watch` and frees its slot for the next generation; a retry of it still waiting is
  /// dropped when it comes due.
  mutating func release(_ watch: CloseWatcher.Watch) {
    let slot = Int(watch.slot)
    guard slot < sockets.count, generations[slot] == watch.generation else { return }
    sockets[slot] = -1
    activities[slot] = nil
    generations[slot] &+= 1
    free.append(watch.slot)
  }

  /// Notes that a drain has shut `watch`'s socket as idle.
  mutating func markShutByDrain(_ watch: CloseWatcher.Watch) {
    guard socket(of: watch) != nil else { return }
    shutByDrain[Int(watch.slot)] = true
  }

  /// Whether a drain has shut `watch`'s socket as idle.
  func isShutByDrain(_ watch: CloseWatcher.Watch) -> Bool {
    socket(of: watch) != nil && shutByDrain[Int(watch.slot)]
  }

  /// `watch`'s connection's activity reading (`CloseWatcher.Activity`); 0 when it was not told.
  func reading(of watch: CloseWatcher.Watch) -> UInt64 {
    guard socket(of: watch) != nil else { return 0 }
    return activities[Int(watch.slot)]?.reading ?? 0
  }

  /// Looks at `watch`'s socket again `delay` nanoseconds after `now`.
  mutating func retry(
    _ watch: CloseWatcher.Watch, after delay: UInt64, now: MonotonicClock.Instant, isNudge: Bool,
    idleSince: UInt64? = nil
  ) {
    let due = MonotonicClock.Instant(nanoseconds: now.nanoseconds + delay)
    retries.append(Retry(watch: watch, due: due, delay: delay, isNudge: isNudge, idleSince: idleSince))
  }

  /// Removes and returns the retries due at `now`.
  mutating func takeDueRetries(now: MonotonicClock.Instant) -> [Retry] {
    guard retries.contains(where: { $0.due <= now }) else { return [] }
    let due = retries.filter { $0.due <= now }
    retries.removeAll { $0.due <= now }
    return due
  }

  /// When the earliest retry is due, or nil when none waits.
  var earliestRetry: MonotonicClock.Instant? {
    retries.lazy.map(\.due).min()
  }

  /// Watches in progress.
  var watchCount: Int { sockets.count - free.count }

  /// Every watch in progress.
  var watches: [CloseWatcher.Watch] {
    sockets.indices.filter { sockets[$0] >= 0 }.map {
      CloseWatcher.Watch(slot: UInt32($0), generation: generations[$0])
    }
  }
}
