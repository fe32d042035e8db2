internal import CMicroHTTPD
import Glibc
import Posix

// The C functions libmicrohttpd calls. They capture nothing: the server arrives as `cls` (its
// `ServerState`, which holds the engine), a request as `con_cls` (its connection's
// `RequestState`, which the connection's socket context holds retained from the connection's
// start to its close).

/// libmicrohttpd's accept policy: admits a new connection unless `maxConnections` are admitted
/// already, open or waiting in a worker's queue.
///
/// `MHD_add_connection` calls it on the accept thread (`Listener`); a refused connection is
/// closed at once. libmicrohttpd's own limit counts per worker thread, not per server. The
/// policy only compares: a connection is counted from being handed over (`Listener`) to its
/// close (`noteConnection`); one libmicrohttpd refuses is uncounted at once.
func admitConnection(
  _ cls: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> MHD_Result {
  guard let cls else { return .YES }
  let server = Unmanaged<ServerState>.fromOpaque(cls).takeUnretainedValue()
  // Counts this connection too: the listener counts it before handing it over.
  let gauges = server.gauges
  guard gauges.admittedConnections.load(ordering: .sequentiallyConsistent) <= server.maxConnections else {
    gauges.refusedConnections.wrappingAdd(1, ordering: .relaxed)
    return .NO
  }
  return .YES
}

/// libmicrohttpd's connection notification: counts connections as they start and close, and
/// gives each the `RequestState` its requests use, one after another.
///
/// libmicrohttpd calls it with `STARTED` before any request of the connection and with
/// `CLOSED` after the last one has ended (`endRequest`), before it closes the socket. The
/// connection's socket is watched between the two (`CloseWatcher`).
func noteConnection(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ code: MHD_ConnectionNotificationCode
) {
  guard let cls else { return }
  let server = Unmanaged<ServerState>.fromOpaque(cls).takeUnretainedValue()
  switch code {
  case .CONNECTION_NOTIFY_STARTED:
    let state = RequestState()
    if let connection {
      let socket = CMicroHTTPD_connection_fd(connection)
      if socket >= 0 {
        state.closeWatch = server.closeWatcher.watch(
          FileDescriptor(rawValue: socket), activity: state.activity)
      }
    }
    socketContext?.pointee = Unmanaged.passRetained(state).toOpaque()
    server.gauges.openConnections.wrappingAdd(1, ordering: .sequentiallyConsistent)
  case .CONNECTION_NOTIFY_CLOSED:
    if let socketContext, let pointer = socketContext.pointee {
      socketContext.pointee = nil
      let state = Unmanaged<RequestState>.fromOpaque(pointer)
      // Before libmicrohttpd closes the socket, which frees its number for reuse.
      if let watch = state.takeUnretainedValue().closeWatch { server.closeWatcher.unwatch(watch) }
      state.release()
    }
    server.gauges.openConnections.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    server.gauges.admittedConnections.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    server.settled.notifyIfAwaited()
  default:
    break
  }
}

/// libmicrohttpd's access handler: called once when a request's headers are parsed, once per
/// piece of its body, and once more when the request is complete.
func serveRequest(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
  _ uploadData: UnsafePointer<CChar>?, _ uploadDataSize: UnsafeMutablePointer<Int>?,
  _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let cls, let connection, let url, let method, let uploadDataSize, let conCls else {
    return .NO
  }
  // The server's and the request's state are borrowed, not retained: the server holds the one
  // until its daemon has stopped, the connection's socket context the other until the
  // connection closes.
  return Unmanaged<ServerState>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
    if let pointer = conCls.pointee {
      return Unmanaged<RequestState>.fromOpaque(pointer)._withUnsafeGuaranteedRef { state in
        let size = uploadDataSize.pointee
        guard size == 0 else {
          uploadDataSize.pointee = 0
          server.bodyPieceArrived(
            UnsafeRawBufferPointer(start: uploadData, count: size), state, on: connection)
          return .YES
        }
        return server.requestCompleted(state, on: connection)
      }
    }
    guard let reused = CMicroHTTPD_socket_context(connection) else { return .NO }
    conCls.pointee = reused
    server.gauges.liveRequests.add(1, ordering: .sequentiallyConsistent)
    return Unmanaged<RequestState>.fromOpaque(reused)._withUnsafeGuaranteedRef { state in
      state.activity.begin()
      return startRequest(state, server, connection, method: method, url: url, version: version)
    }
  }
}

/// A request's headers are parsed: fills in its state from the request line and the header
/// fields, then lets the engine decide what answers it (`ServerState.headersArrived`).
private func startRequest(
  _ state: RequestState, _ server: ServerState, _ connection: OpaquePointer,
  method: UnsafePointer<CChar>, url: UnsafePointer<CChar>, version: UnsafePointer<CChar>?
) -> MHD_Result {
  state.method = HTTPMethod(cString: method)
  let routed = server.engine.route(matching: url)
  state.route = routed?.id
  state.path = routed?.path ?? requestPath(url)
  let framing = RequestFraming(
    connection, requestLine: method, version: version, memoryLimit: server.maxHeaderBytes)
  state.contentLength = framing.contentLength
  state.isChunked = framing.hasTransferEncoding
  state.headers = framing.known
  if framing.hasProblem, let problem = framing.problem {
    state.reply = .problem(problem)
    state.closesConnection = true
  } else if state.method != .post, state.method != .get, !HTTPSyntax.isToken(method, count: strlen(method)) {
    // RFC 9112 §3: a request line that does not parse is answered 400.
    state.reply = .problem(.methodNotToken)
    state.closesConnection = true
  } else if !isWholeRequestLine(state, method: method, version: version) {
    state.reply = .problem(.malformedRequestLine)
    state.closesConnection = true
  } else if routed == nil, !HTTPSyntax.isTarget(url) {
    state.reply = .problem(.invalidTarget)
    state.closesConnection = true
  } else if let version, strcmp(version, "HTTP/1.1") == 0, framing.known[.host] == nil {
    // RFC 9112 §3.2: an HTTP/1.1 request without `Host` is answered 400.
    state.reply = .problem(.missingHost)
  }
  return server.headersArrived(state, on: connection)
}

/// libmicrohttpd's unescape function for a request's target and query: decodes only the escapes
/// of unreserved characters (`HTTPSyntax.decodeUnreservedEscapes`) and returns the new length.
///
/// libmicrohttpd's own decodes every escape, so that `/public%2F..%2Fadmin` would route as
/// `/public/../admin` and `/status%00.js` as `/status`: a path a proxy allows or denies as sent
/// would reach another resource.
func decodeUnreserved(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ text: UnsafeMutablePointer<CChar>?
) -> Int {
  guard let text else { return 0 }
  return HTTPSyntax.decodeUnreservedEscapes(in: text)
}

/// Whether the request line is whole as libmicrohttpd read it (RFC 9112 §3): the method ends at
/// the space before the target, the target at the space before the version, and the target,
/// query included, holds no space or control character.
///
/// A NUL byte ends libmicrohttpd's C strings early: `GET /metrics<NUL>.js` would route as
/// `/metrics`, `GE<NUL>T` be the method `GE`.
private func isWholeRequestLine(
  _ state: RequestState, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?
) -> Bool {
  guard let start = state.rawTarget, let end = state.rawTargetEnd else { return true }
  guard state.rawTargetIsClean else { return false }
  // Between the method's end (the NUL libmicrohttpd put in the first space) and the target
  // only the spaces it skipped.
  var between = method + strlen(method) + 1
  guard between <= start else { return false }
  while between < start {
    guard between.pointee == 0x20 else { return false }
    between += 1
  }
  // The target's end is the NUL libmicrohttpd put in the space before the version.
  guard let version, version[0] != 0, start < version else { return true }
  return end == version - 1
}

/// libmicrohttpd's URI log callback: notes the request target as the request line holds it,
/// before its query is cut off and its escapes decoded, for `isWholeRequestLine`.
///
/// Returns nil, which libmicrohttpd keeps as the request's `con_cls`: `serveRequest` sets it.
func noteTarget(
  _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
  guard let connection, let pointer = CMicroHTTPD_socket_context(connection) else { return nil }
  Unmanaged<RequestState>.fromOpaque(pointer)._withUnsafeGuaranteedRef { state in
    guard let uri else {
      state.rawTarget = nil
      state.rawTargetEnd = nil
      return
    }
    let length = strlen(uri)
    state.rawTarget = uri
    state.rawTargetEnd = uri + length
    state.rawTargetIsClean = HTTPSyntax.hasNoSpaceOrControl(uri, count: length)
  }
  return nil
}

/// libmicrohttpd's request-completed callback: called once per request that reached
/// `serveRequest`, whether it was answered, aborted or timed out. Clears the request state for
/// the connection's next request.
func endRequest(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
  guard let cls, let conCls, let pointer = conCls.pointee else { return }
  conCls.pointee = nil
  Unmanaged<ServerState>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
    Unmanaged<RequestState>.fromOpaque(pointer)._withUnsafeGuaranteedRef { state in
      if let prepared = state.prepared {
        MHD_destroy_response(prepared)
        state.prepared = nil
      }
      server.engine.end(state, completed: reason == .REQUEST_TERMINATED_COMPLETED_OK)
      state.activity.end()
    }
    server.gauges.liveRequests.subtract(1, ordering: .sequentiallyConsistent)
    server.settled.notifyIfAwaited()
  }
}
