internal import CMicroHTTPD
import Glibc

// The C callbacks libmicrohttpd calls as connections come and go. They capture nothing: the
// server arrives as `cls` (a `ServerContext`).

/// libmicrohttpd's accept policy: admits a new connection unless `maxConnections` are open.
///
/// libmicrohttpd's own limit would stop accepting at the limit and leave further connects
/// waiting in the listen backlog; refusing here closes them at once instead. The slot is taken
/// here and given back when the connection closes (`noteConnection`).
func admitConnection(
  _ cls: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> MHD_Result {
  guard let cls else { return .YES }
  let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
  let open = context.openConnections.wrappingAdd(1, ordering: .relaxed).newValue
  guard open <= context.maxConnections else {
    context.openConnections.wrappingSubtract(1, ordering: .relaxed)
    context.refusedConnections.wrappingAdd(1, ordering: .relaxed)
    return .NO
  }
  return .YES
}

/// libmicrohttpd's connection notification: gives back the slot of a closed connection.
func noteConnection(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ code: MHD_ConnectionNotificationCode
) {
  guard let cls, code == .CONNECTION_NOTIFY_CLOSED else { return }
  let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
  context.openConnections.wrappingSubtract(1, ordering: .relaxed)
}
