/// The state of one request across libmicrohttpd's calls, kept in its `con_cls`.
///
/// Only ever touched by the worker thread that serves the connection.
final class RequestState {
  let method: HTTPMethod
  let path: String
  /// The routed path, or `nil` when no route has this path.
  var route: String?
  /// The handler that answers, or `nil` when `problem` does.
  var handler: Router.Handler?
  /// The answer decided before the body was read (404, 405, 413).
  var problem: HTTPError?
  /// The announced `Content-Length`, or -1 (none, or chunked).
  var contentLength = -1
  /// The body, when it arrived in more than one piece.
  var body: [UInt8] = []
  /// Body bytes received so far.
  var bytesIn = 0
  /// A response built while the body was still in libmicrohttpd's buffer, queued on the
  /// request's last call.
  var prepared: OpaquePointer?
  /// Whether an answer has been queued.
  var answered = false
  var status = 0
  var bytesOut = 0
  var startNanoseconds: UInt64 = 0
  var requestID: String?

  /// Whether a `Content-Length` body is still incomplete and no answer is queued.
  var isAwaitingBody: Bool {
    !answered && bytesIn < contentLength
  }

  init(method: HTTPMethod, path: String) {
    self.method = method
    self.path = path
  }
}
