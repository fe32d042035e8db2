/// What the server observed of one request, passed to `HTTPServer.Configuration.observer`.
public struct CompletedRequest: Sendable {
  /// The request method.
  public var method: HTTPMethod
  /// The request path, without the query string.
  public var path: String
  /// The route that answered (its path), or `nil` when no route has this path.
  public var route: String?
  /// The status sent, or 0 when the connection ended before an answer was queued.
  public var status: Int
  /// Nanoseconds from the request's headers being parsed to the answer being sent (or the
  /// connection ending).
  public var durationNanoseconds: UInt64
  /// Request body bytes received.
  public var bytesIn: Int
  /// Response body bytes queued.
  public var bytesOut: Int
  /// The value of the configured request-id header, when the request had one.
  public var requestID: String?
  /// `true` when the answer was sent in full; `false` when the connection was closed, timed
  /// out or failed first.
  public var completed: Bool

  /// Creates a record.
  public init(
    method: HTTPMethod, path: String, route: String?, status: Int, durationNanoseconds: UInt64,
    bytesIn: Int, bytesOut: Int, requestID: String?, completed: Bool
  ) {
    self.method = method
    self.path = path
    self.route = route
    self.status = status
    self.durationNanoseconds = durationNanoseconds
    self.bytesIn = bytesIn
    self.bytesOut = bytesOut
    self.requestID = requestID
    self.completed = completed
  }
}
