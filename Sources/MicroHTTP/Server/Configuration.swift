internal import CMicroHTTPD
import Posix

extension HTTPServer {
  /// Everything an `HTTPServer` is started with.
  package struct Configuration: Equatable, Sendable {
    /// The address to bind: `localhost` (127.0.0.1), an IPv4 literal, or an IPv6 literal
    /// (brackets optional). Only this address is bound.
    package var host: String
    /// The TCP port; 0 picks a free one (read it back from `HTTPServer.port`).
    package var port: Int
    /// Worker threads (epoll(7) event loops); 0, the default, for one per core the process may run
    /// on: its CPU affinity, or fewer under a cgroup CPU quota (`CurrentProcess.usableCores`; the
    /// server's `configuration` has the number chosen).
    package var threads: Int
    /// The largest request body accepted, in bytes. A larger `Content-Length` is answered 413
    /// before any of the body is read, and the connection is closed after the answer. A chunked
    /// body that grows past the limit is discarded as it arrives (never buffered) and answered
    /// 413 when it ends: libmicrohttpd 0.9.75 cannot queue an answer in the middle of a body.
    package var maxBodyBytes = Self.defaultMaxBodyBytes
    /// `maxBodyBytes` unless set otherwise: 64 KiB.
    package static let defaultMaxBodyBytes = 65_536
    /// Seconds a connection may stay idle before it is closed (0: never).
    package var connectionTimeout = 10
    /// The most connections open at once; further ones are closed as soon as they are
    /// accepted, never left waiting.
    package var maxConnections = 1024
    /// The most connections open at once from one client IP address (0: no limit).
    package var perClientConnectionLimit = 256
    /// The most memory a request line and header block may take in libmicrohttpd's connection
    /// memory: its bytes, and 64 for libmicrohttpd's record of each field. A request that takes
    /// more is answered `431 Request Header Fields Too Large` (a request line alone over it:
    /// `414 URI Too Long`) and its connection closed. The connection memory is this plus
    /// `answerReserve`; a request that does not fit even that is answered by libmicrohttpd
    /// itself, with HTML.
    ///
    /// 16 KiB, as Node's default: libmicrohttpd keeps a `Cookie` field twice, with 64 bytes per
    /// cookie, so a browser's request carrying a few KB of cookies for the host (every
    /// `localhost` server's, on a developer's machine) takes more than 8 KiB.
    package var maxHeaderBytes = 16384
    /// The connection memory kept beyond `maxHeaderBytes` for the answer's own header block.
    package static let answerReserve = 1024
    /// Seconds `stop()` and `drain()` wait for requests in flight to be answered.
    package var drainTimeout = 10.0
    /// Seconds a keep-alive connection must stay idle during a drain to be closed
    /// (`HTTPServer.drain()`): a client sending request after request is never idle that long.
    package var drainIdleGrace = 1.0
    /// The most request-body and answer bytes held at once over all connections (`BodyMemory`):
    /// a request whose announced body would take the total over it is answered 503 with
    /// `Retry-After` before its body is read, a chunked body that crosses it when it ends. An
    /// eighth of it is kept for requests and answers of at most `maxBodyBytes`, so that large
    /// bodies (routes with a larger limit) never starve small ones.
    package var maxBodyMemory = 64 << 20

    /// Creates a configuration; everything not given has its documented default.
    package init(host: String = "127.0.0.1", port: Int = 8080, threads: Int = 0) {
      self.host = host
      self.port = port
      self.threads = threads
    }
  }
}

extension HTTPServer {
  /// The daemon flags: epoll(7) worker threads of libmicrohttpd's own
  /// (`MHD_USE_EPOLL_INTERNAL_THREAD`), which do not listen: `Listener` accepts and hands them
  /// every connection (`MHD_USE_NO_LISTEN_SOCKET`; the inter-thread channel, `MHD_USE_ITC`,
  /// wakes a worker when one is added).
  ///
  /// In epoll mode libmicrohttpd 0.9.75 takes a short read as "no more to read" (connection.c,
  /// `recv_param_adapter`), so a client's close that arrives with the last bytes of a request
  /// would go unseen until the idle timeout: the server's `CloseWatcher` sees it and makes the
  /// worker see it. poll(2) workers see every close but cost CPU per request when the workers
  /// share their cores (docs/performance.md).
  static let flags =
    MHD_USE_ITC.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue | MHD_USE_EPOLL_INTERNAL_THREAD.rawValue

  /// The daemon options for `configuration`, without the end marker; the callbacks get `state`
  /// (a `ServerState`).
  static func options(_ configuration: Configuration, state: UnsafeMutableRawPointer) -> [MHD_OptionItem] {
    func item(_ option: MHD_OPTION, _ value: Int) -> MHD_OptionItem {
      MHD_OptionItem(option: option, value: value, ptr_value: nil)
    }
    var options = [
      item(.CONNECTION_TIMEOUT, max(0, configuration.connectionTimeout)),
      // The limit is enforced by `admitConnection`, which closes extra connects at once;
      // libmicrohttpd's own limit (per worker thread) is set above it so that no worker refuses
      // a connection the policy admitted.
      item(.CONNECTION_LIMIT, (max(1, configuration.maxConnections) + 1) * max(1, configuration.threads)),
      item(.PER_IP_CONNECTION_LIMIT, max(0, configuration.perClientConnectionLimit)),
      // The room kept for the answer's own header block: headers that fill the connection's
      // memory left libmicrohttpd none, and it closed the connection unanswered.
      item(.CONNECTION_MEMORY_LIMIT, max(1024, configuration.maxHeaderBytes) + Configuration.answerReserve),
      // libmicrohttpd's default, chosen: in 0.9.75 level 1 drops requests with a space in the
      // target unanswered and answers a missing `Host` with its doubled-header defect, and
      // level -1 answers whitespace before a colon with HTML; `RequestFraming` makes the checks
      // that matter (docs/operations.md has the measurements).
      item(.STRICT_FOR_CLIENT, 0),
      CMicroHTTPD_option_notify_completed(endRequest, state),
      CMicroHTTPD_option_notify_connection(noteConnection, state),
      CMicroHTTPD_option_unescape(decodeUnreserved, nil),
      CMicroHTTPD_option_uri_log(noteTarget, nil),
    ]
    if configuration.threads > 1 {
      options.append(item(.THREAD_POOL_SIZE, configuration.threads))
    }
    return options
  }
}
