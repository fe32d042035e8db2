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
    mutating func quiesce() {
      guard let pointer, quiescedSocket < 0 else { return }
      let socket = MHD_quiesce_daemon(pointer)
      guard socket >= 0 else { return }
      quiescedSocket = socket
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
