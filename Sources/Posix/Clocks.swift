import Glibc

/// The monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`): for durations and deadlines.
package enum MonotonicClock {
  /// A reading of the monotonic clock, in nanoseconds since an arbitrary start.
  package struct Instant: Comparable, Hashable, Sendable {
    /// Nanoseconds since the clock's start.
    package var nanoseconds: UInt64

    /// The reading `nanoseconds`.
    package init(nanoseconds: UInt64) {
      self.nanoseconds = nanoseconds
    }

    /// The instant `seconds` later (negative seconds count as 0).
    package func adding(seconds: Double) -> Instant {
      Instant(nanoseconds: nanoseconds &+ UInt64(max(0, seconds) * 1e9))
    }

    /// Seconds from `earlier` to this instant.
    package func seconds(since earlier: Instant) -> Double {
      Double(Int64(bitPattern: nanoseconds &- earlier.nanoseconds)) / 1e9
    }

    /// The reading as a `timespec`.
    package var timespec: Glibc.timespec {
      Glibc.timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
  }

  /// The time now.
  @inline(__always)
  package static var now: Instant {
    var time = timespec()
    systemCallOrStop("clock_gettime") { clock_gettime(CLOCK_MONOTONIC, &time) }
    return Instant(nanoseconds: UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec))
  }

  /// Sleeps `seconds` (`clock_nanosleep(2)` to a deadline on this clock, `TIMER_ABSTIME`: after
  /// an interruption it sleeps on to the same deadline); holds no lock.
  package static func sleep(seconds: Double) {
    var deadline = now.adding(seconds: seconds).timespec
    pthreadCall("clock_nanosleep") { clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) }
  }
}

/// The wall clock (`clock_gettime(CLOCK_REALTIME)`): for timestamps people read.
package enum WallClock {
  /// A reading of the wall clock.
  package struct Instant: Hashable, Sendable {
    /// Whole seconds since the Unix epoch.
    package var seconds: Int
    /// Nanoseconds past `seconds`, 0…999,999,999.
    package var nanoseconds: Int

    /// The reading `seconds` and `nanoseconds` after the epoch.
    package init(seconds: Int, nanoseconds: Int) {
      self.seconds = seconds
      self.nanoseconds = nanoseconds
    }

    /// The instant `seconds` later.
    package func adding(seconds: Double) -> Instant {
      let whole = seconds.rounded(.down)
      let total = nanoseconds + Int((seconds - whole) * 1e9)
      return Instant(
        seconds: self.seconds + Int(whole) + total / 1_000_000_000, nanoseconds: total % 1_000_000_000)
    }

    /// The reading as a `timespec`.
    package var timespec: Glibc.timespec { Glibc.timespec(tv_sec: seconds, tv_nsec: nanoseconds) }

    /// Seconds since the epoch, with the fraction.
    package var secondsSinceEpoch: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
  }

  /// The time now.
  @inline(__always)
  package static var now: Instant {
    var time = timespec()
    systemCallOrStop("clock_gettime") { clock_gettime(CLOCK_REALTIME, &time) }
    return Instant(seconds: time.tv_sec, nanoseconds: time.tv_nsec)
  }
}
