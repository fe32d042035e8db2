/// Why an `HTTPTestClient` call failed.
public enum HTTPTestClientError: Error, Hashable, Sendable {
  /// The connection could not be made; `errno` is the system error (`ECONNREFUSED`: nobody
  /// listens).
  case cannotConnect(errno: Int32)
  /// Sending failed; `errno` is the system error (`EPIPE`/`ECONNRESET`: the server closed).
  case sendFailed(errno: Int32)
  /// No byte arrived within the client's timeout.
  case timedOut
  /// The server closed the connection before a whole response arrived.
  case connectionClosed
  /// Receiving failed; `errno` is the system error.
  case receiveFailed(errno: Int32)
  /// The bytes received are not an HTTP/1.1 response.
  case malformedResponse(String)
}
