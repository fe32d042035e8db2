extension HTTPServer {
  /// How libmicrohttpd spreads connections over threads.
  public enum Threading: Hashable, Sendable {
    /// Internal poll(2) event loops, one per configured thread, each serving many connections.
    case eventLoopPool
    /// One thread per connection (plus a listening thread); for comparison and debugging.
    case threadPerConnection
  }
}
