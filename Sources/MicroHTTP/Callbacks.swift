internal import CMicroHTTPD
import Glibc

// The C callbacks libmicrohttpd calls. They capture nothing: the server arrives as `cls` (a
// `CallbackContext`), a request as `con_cls` (a retained `RequestState`).

/// libmicrohttpd's accept policy: admits a new connection unless `maxConnections` are open.
///
/// `MHD_add_connection` calls it on the accept thread (`Listener`); a refused connection is
/// closed at once. libmicrohttpd's own limit counts per worker thread, not per server. The
/// policy only compares: connections are counted when libmicrohttpd starts and closes them
/// (`noteConnection`), so a connection that fails after the policy said yes takes no slot.
func admitConnection(
  _ cls: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> MHD_Result {
  guard let cls else { return .YES }
  let context = Unmanaged<CallbackContext>.fromOpaque(cls).takeUnretainedValue()
  guard context.openConnections.load(ordering: .relaxed) < context.maxConnections else {
    context.refusedConnections.wrappingAdd(1, ordering: .relaxed)
    return .NO
  }
  return .YES
}

/// libmicrohttpd's connection notification: counts connections as they start and close.
func noteConnection(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ code: MHD_ConnectionNotificationCode
) {
  guard let cls else { return }
  let context = Unmanaged<CallbackContext>.fromOpaque(cls).takeUnretainedValue()
  switch code {
  case .CONNECTION_NOTIFY_STARTED:
    context.openConnections.wrappingAdd(1, ordering: .sequentiallyConsistent)
  case .CONNECTION_NOTIFY_CLOSED:
    context.openConnections.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    context.settled.notifyIfAwaited()
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
  let context = Unmanaged<CallbackContext>.fromOpaque(cls).takeUnretainedValue()
  guard let pointer = conCls.pointee else {
    let state = RequestState(
      method: HTTPMethod(cString: method), path: requestPath(url), maxBodyBytes: context.maxBodyBytes)
    conCls.pointee = Unmanaged.passRetained(state).toOpaque()
    context.liveRequests.add(1, ordering: .sequentiallyConsistent)
    let framing = RequestFraming(connection, version: version)
    state.contentLength = framing.contentLength
    state.headers = framing.known
    if framing.hasProblem, let problem = framing.problem {
      state.answer = .problem(problem)
      state.closesConnection = true
    } else if let version, strcmp(version, "HTTP/1.1") == 0, framing.known[.host] == nil {
      // RFC 9112 §3.2: an HTTP/1.1 request without `Host` is answered 400.
      state.answer = .problem(.missingHost)
    }
    return context.begin(state, connection)
  }
  let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
  let size = uploadDataSize.pointee
  guard size == 0 else {
    uploadDataSize.pointee = 0
    context.receive(UnsafeRawBufferPointer(start: uploadData, count: size), state, connection)
    return .YES
  }
  return context.finish(state, connection)
}

/// libmicrohttpd's request-completed callback: called once per request that reached
/// `serveRequest`, whether it was answered, aborted or timed out. Releases the request state.
func endRequest(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
  guard let cls, let conCls, let pointer = conCls.pointee else { return }
  conCls.pointee = nil
  let context = Unmanaged<CallbackContext>.fromOpaque(cls).takeUnretainedValue()
  let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
  if let prepared = state.prepared {
    MHD_destroy_response(prepared)
    state.prepared = nil
  }
  context.end(state, completed: reason == .REQUEST_TERMINATED_COMPLETED_OK)
  context.liveRequests.subtract(1, ordering: .sequentiallyConsistent)
  context.settled.notifyIfAwaited()
}
