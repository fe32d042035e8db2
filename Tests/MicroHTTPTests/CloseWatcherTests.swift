import Glibc
import HTTPTesting
import MicroHTTP
import Posix
import Testing

/// `CloseWatcher` on its own, over connected pairs of sockets on 127.0.0.1: the server's side is
/// watched as libmicrohttpd's would be, the client's side plays the client.
@Suite("Close watcher", .tags(.threads))
struct CloseWatcherTests {
  /// A connected pair of TCP sockets on 127.0.0.1; the caller closes both.
  static func connectedPair() throws -> (server: FileDescriptor, client: FileDescriptor) {
    let address = try #require(SocketAddress(host: "127.0.0.1", port: 0))
    let listener = try FileDescriptor.tcpSocket(for: address)
    defer { listener.close() }
    try listener.bind(to: address)
    try listener.listen(backlog: 1)
    let client = try FileDescriptor.tcpSocket(for: address)
    try client.connect(to: try #require(SocketAddress(host: "127.0.0.1", port: listener.localPort)))
    let server = try listener.accept { socket, _, _ in socket }
    return (server, client)
  }

  /// Whether `socket`'s receiving half is still open: the byte its peer sends arrives, where a
  /// shut half reads end-of-stream at once.
  static func stillReceives(_ socket: FileDescriptor, from peer: FileDescriptor) throws -> Bool {
    var byte: UInt8 = 0x2A
    _ = try withUnsafeBytes(of: &byte) { (bytes) throws(Errno) in try peer.send(bytes) }
    return try withUnsafeMutableBytes(of: &byte) { (buffer) throws(Errno) in try socket.receive(into: buffer)
    } == 1
  }

  @Test func aClientsCloseShutsTheReceivingHalfOnceEveryByteIsRead() throws {
    let watcher = try CloseWatcher()
    let (server, client) = try Self.connectedPair()
    defer { server.close() }
    let watch = try #require(watcher.watch(server))
    // Two bytes and the close: libmicrohttpd has not read them yet, so the watcher waits.
    _ = try [UInt8](repeating: 0x61, count: 2).withUnsafeBytes { (bytes) throws(Errno) in
      try client.send(bytes)
    }
    client.close()
    #expect(
      waitUntil {
        watcher.service(); return watcher.retryTimeout >= 0
      })
    #expect(watcher.shutSockets == 0)
    var two = (UInt8(0), UInt8(0))
    #expect(
      try withUnsafeMutableBytes(of: &two) { (buffer) throws(Errno) in try server.receive(into: buffer) } == 2
    )
    // Read: the next look shuts it.
    #expect(
      waitUntil {
        watcher.service(); return watcher.shutSockets == 1
      })
    watcher.unwatch(watch)
    #expect(watcher.watchedSockets == 0)
    #expect(watcher.failures == 0)
  }

  @Test func anEarlierWatchOfAReusedDescriptorIsDropped() throws {
    let watcher = try CloseWatcher()
    let first = try Self.connectedPair()
    let earlier = try #require(watcher.watch(first.server))
    first.client.close()
    // Closed as libmicrohttpd closes: unwatched, then the descriptor closed, its number freed.
    watcher.unwatch(earlier)
    first.server.close()
    let second = try Self.connectedPair()
    defer {
      second.server.close()
      second.client.close()
    }
    // Mostly the freed number again (a test running beside this one may take it first); the
    // slot is reused either way, and the generation is what tells the two watches apart.
    let later = try #require(watcher.watch(second.server))
    #expect(later.slot == earlier.slot)
    #expect(later.generation != earlier.generation)
    // A report of the earlier watch taken before its end, acted on after it: dropped.
    watcher.settle([earlier])
    #expect(watcher.shutSockets == 0)
    #expect(try Self.stillReceives(second.server, from: second.client))
    watcher.service()
    #expect(watcher.shutSockets == 0)
    watcher.unwatch(later)
    #expect(watcher.failures == 0)
  }

  @Test func aHalfClosedSocketStillSends() throws {
    let watcher = try CloseWatcher()
    let (server, client) = try Self.connectedPair()
    defer {
      server.close()
      client.close()
    }
    let watch = try #require(watcher.watch(server))
    #expect(try client.shutdownWrite())
    #expect(
      waitUntil {
        watcher.service(); return watcher.shutSockets == 1
      })
    // Only the receiving half is shut: the answer still reaches the client.
    #expect(try Self.stillReceives(client, from: server))
    watcher.unwatch(watch)
    #expect(watcher.failures == 0)
  }

  /// `ENOTCONN` (a socket no longer connected, as one the peer has reset) is an answer of
  /// `shutdownRead()`, not an error: a stop's nudges meet it for every connection cut at once.
  @Test func aNudgeOfASocketNoLongerConnectedIsNoFailure() throws {
    let (server, client) = try Self.connectedPair()
    defer {
      server.close()
      client.close()
    }
    #expect(try server.shutdownRead())
    let address = try #require(SocketAddress(host: "127.0.0.1", port: 0))
    let unconnected = try FileDescriptor.tcpSocket(for: address)
    defer { unconnected.close() }
    #expect(try unconnected.shutdownRead() == false)

    let watcher = try CloseWatcher()
    let watch = try #require(watcher.watch(unconnected))
    watcher.nudgeEverySocket()
    watcher.service()
    // Nudged, and to be nudged again until its connection closes; no failure counted.
    #expect(watcher.retryTimeout >= 0)
    #expect(watcher.failures == 0)
    watcher.unwatch(watch)
    #expect(watcher.watchedSockets == 0)
    #expect(watcher.failures == 0)
  }

  /// A socket closed while still watched: a later look at it is a call on a descriptor that is
  /// not open, which the watcher's lock exists to prevent. The process stops there, in every
  /// build, naming the call, rather than counting a failure a test could pass over.
  @Test func actingOnASocketClosedUnwatchedStopsTheProcess() async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent],
      performing: {
        let watcher = try CloseWatcher()
        let (server, client) = try CloseWatcherTests.connectedPair()
        let watch = try #require(watcher.watch(server))
        client.close()
        server.close()
        watcher.settle([watch])
      })
    #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("ioctl failed with EBADF"))
  }
}
