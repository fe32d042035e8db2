internal import CGlibcShims
import Glibc

/// An epoll set (`epoll_create1`): descriptors watched for readiness, each registered with 64
/// bits of the caller's own that come back with its events.
///
/// A plain value, as `FileDescriptor`: its owner calls `close()` once. The set is itself a
/// descriptor that `poll(2)` reports readable while events are waiting, so one thread's `poll`
/// can wait for it beside other descriptors.
package struct EpollSet: Sendable {
  /// The set's own descriptor.
  package let descriptor: FileDescriptor

  /// What a descriptor is watched for, and what `wait` reports (`EPOLLRDHUP` and so on).
  package struct Events: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32

    /// The events `rawValue`, as `epoll_event.events` holds them.
    package init(rawValue: UInt32) {
      self.rawValue = rawValue
    }

    /// `EPOLLRDHUP`: the peer has closed its sending half (a stream socket's end of input).
    package static let peerClosedWriting = Events(rawValue: EPOLLRDHUP.rawValue)
    /// `EPOLLONESHOT`: after one report the descriptor stays in the set but reports nothing
    /// more until it is modified.
    package static let oneShot = Events(rawValue: EPOLLONESHOT.rawValue)
  }

  /// One descriptor's report: its events and the 64 bits it was added with.
  package struct Report: Sendable {
    package let events: Events
    package let data: UInt64
  }

  /// A new, empty set, close-on-exec (`epoll_create1`).
  package init() throws(Errno) {
    descriptor = FileDescriptor(
      rawValue: try systemCall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) })
  }

  /// Closes the set (`close(2)`); the descriptors in it stay open.
  package func close() {
    descriptor.close()
  }

  /// Watches `watched` for `events`; `data` comes back with each of its reports
  /// (`epoll_ctl`, `EPOLL_CTL_ADD`).
  package func add(_ watched: FileDescriptor, for events: Events, data: UInt64) throws(Errno) {
    var event = epoll_event()
    event.events = events.rawValue
    event.data.u64 = data
    _ = try systemCall("epoll_ctl") {
      epoll_ctl(descriptor.rawValue, EPOLL_CTL_ADD, watched.rawValue, &event)
    }
  }

  /// Stops watching `watched` (`epoll_ctl`, `EPOLL_CTL_DEL`); its reports not yet taken by
  /// `wait` are dropped.
  package func remove(_ watched: FileDescriptor) throws(Errno) {
    var event = epoll_event()
    _ = try systemCall("epoll_ctl") {
      epoll_ctl(descriptor.rawValue, EPOLL_CTL_DEL, watched.rawValue, &event)
    }
  }

  /// Takes up to `limit` waiting reports, waiting up to `timeoutMilliseconds` for the first
  /// (0: not at all, -1: no limit) (`epoll_wait`).
  package func wait(limit: Int, timeoutMilliseconds: Int32) throws(Errno) -> [Report] {
    try withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: max(1, limit)) {
      (buffer) throws(Errno) -> [Report] in
      let count = try systemCall("epoll_wait") {
        epoll_wait(
          descriptor.rawValue, buffer.baseAddress, Int32(clamping: buffer.count), timeoutMilliseconds)
      }
      return buffer[..<Int(count)].map { Report(events: Events(rawValue: $0.events), data: $0.data.u64) }
    }
  }
}
