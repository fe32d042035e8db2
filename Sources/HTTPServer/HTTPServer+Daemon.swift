internal import CMicroHTTPD
import Glibc

extension HTTPServer {
  /// The running libmicrohttpd daemon, its listen socket once quiesced, and the context
  /// retained on its behalf.
  struct Daemon: ~Copyable {
    var pointer: OpaquePointer?
    var context: Unmanaged<ServerContext>?
    var quiescedSocket: Int32 = -1

    init(pointer: OpaquePointer, context: Unmanaged<ServerContext>) {
      self.pointer = pointer
      self.context = context
    }

    /// Takes the listen socket from libmicrohttpd and shuts it down so that new connects are
    /// refused. It is closed only after the daemon stops: worker threads may still hold it.
    ///
    /// Connections the kernel completed before this but libmicrohttpd had not accepted yet are
    /// accepted and handed to the daemon first: shutting the socket down would reset them, and
    /// their clients believe they are connected.
    mutating func quiesce() {
      guard let pointer, quiescedSocket < 0 else { return }
      let socket = MHD_quiesce_daemon(pointer)
      guard socket >= 0 else { return }
      quiescedSocket = socket
      _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
      while true {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(socket, $0, &length) }
        }
        if client < 0 {
          if errno == EINTR { continue }
          break
        }
        // libmicrohttpd owns (and on failure closes) the socket from here on.
        _ = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            MHD_add_connection(pointer, client, $0, length)
          }
        }
      }
      shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Stops the daemon, closes the listen socket and releases the context.
    mutating func stop() {
      guard let pointer else { return }
      MHD_stop_daemon(pointer)
      self.pointer = nil
      if quiescedSocket >= 0 {
        close(quiescedSocket)
        quiescedSocket = -1
      }
      context?.release()
      context = nil
    }
  }
}
