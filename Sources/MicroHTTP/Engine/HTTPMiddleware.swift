/// A stage every answer passes through, at the two moments of a request a service has
/// (`RoutedService`): just before its answer is sent (`prepare`), and at its end
/// (`requestEnded`); composed in order by the service, as Hummingbird composes middleware.
///
/// Both run on the worker thread that serves the request: keep them short. Every stage has both,
/// an empty one where it has nothing to do at that moment: the service calls each stage's two
/// on every request. A stage is a class: a service holds each as a reference it calls in place,
/// where a struct in an existential would be copied out and destroyed on every call.
package protocol HTTPMiddleware: AnyObject, Sendable {
  /// Adds to or changes an answer just before it is sent: every handler's answer and the
  /// server's own problems (400, 404, 405, 413, 503), not the answers libmicrohttpd sends by
  /// itself (414, 431, 505). `request`'s body is empty for the server's own answers.
  func prepare(_ response: inout HTTPResponse, for request: borrowing HTTPRequest)

  /// Called once per request when it ends: answered, aborted or timed out.
  func requestEnded(_ request: borrowing CompletedRequest)

  /// A server started serving the service: `gauges` reads its counters from now on. Called once
  /// per server, before it answers a request; a service answered without a server (tests, the
  /// fuzzer) never hears it.
  func serverStarted(_ gauges: ServerGauges)
}

extension HTTPMiddleware {
  /// Does nothing: most stages read no gauge.
  package func serverStarted(_ gauges: ServerGauges) {}
}

/// What the server observed of one request, handed to the middleware when it ends.
///
/// Its fields are constants: the record made once per request is lent to every middleware where
/// it was made, where a struct of variables was copied first.
package struct CompletedRequest: Sendable {
  /// The request method.
  package let method: HTTPMethod
  /// The request path, without the query string.
  package let path: String
  /// The route that answered, or `nil` when no route has this path.
  package let route: RouteID?
  /// The status sent, or 0 when the connection ended before an answer was queued.
  package let status: Int
  /// Nanoseconds from the request's headers being parsed to the answer being sent (or the
  /// connection ending).
  package let durationNanoseconds: UInt64
  /// Request body bytes received.
  package let bytesIn: Int
  /// Response body bytes queued: 0 for `HEAD`, which sends none.
  package let bytesOut: Int
  /// The request's id, when the server assigns them (`RoutedService.requestIDs`).
  package let requestID: RequestID?
  /// The caller's W3C trace context, when its `traceparent` header was valid.
  package let trace: TraceContext?
  /// `true` when the answer was sent in full; `false` when the connection was closed, timed
  /// out or failed first.
  package let completed: Bool
  /// The count the answer reported (`HTTPResponse.items`), or `nil`.
  package let items: Int?

  /// Creates a record.
  package init(
    method: HTTPMethod, path: String, route: RouteID?, status: Int, durationNanoseconds: UInt64,
    bytesIn: Int, bytesOut: Int, requestID: RequestID?, trace: TraceContext? = nil, completed: Bool,
    items: Int? = nil
  ) {
    self.method = method
    self.path = path
    self.route = route
    self.status = status
    self.durationNanoseconds = durationNanoseconds
    self.bytesIn = bytesIn
    self.bytesOut = bytesOut
    self.requestID = requestID
    self.trace = trace
    self.completed = completed
    self.items = items
  }
}
