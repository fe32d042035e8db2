import HTTPServer

extension LayoutService {
  /// The header that carries a request's id, in both directions.
  public static let requestIDHeader = "X-Request-Id"

  /// Starts a server for this service as `layoutd` runs it: every answer carries
  /// `X-Request-Id` (the client's when sane, else a new one) and the CORS headers, and each
  /// finished request is counted in `metrics` (when present) and written to `accessLog` (when
  /// given).
  ///
  /// `configuration.observer` and `configuration.beforeSend`, when already set, still run.
  public func startServer(
    _ configuration: HTTPServer.Configuration, accessLog: AccessLog? = nil
  ) throws(HTTPServerError) -> HTTPServer {
    var configuration = configuration
    configuration.requestIDHeader = Self.requestIDHeader
    configuration.assignsRequestIDs = true
    let cors = self.cors
    let earlierBeforeSend = configuration.beforeSend
    configuration.beforeSend = { request, response in
      earlierBeforeSend?(request, &response)
      Self.addCORSHeaders(cors, request, &response)
    }
    let metrics = self.metrics
    let earlierObserver = configuration.observer
    switch (metrics, accessLog, earlierObserver) {
    case (nil, nil, _):
      break
    case (let metrics?, nil, nil):
      configuration.observer = { metrics.record($0) }
    default:
      configuration.observer = { request in
        earlierObserver?(request)
        metrics?.record(request)
        accessLog?.record(request)
      }
    }
    let server = try HTTPServer(configuration: configuration, router: router())
    metrics?.attach(server: server, accessLog: accessLog)
    return server
  }

  /// Drains `server` as `layoutd` does on SIGTERM: `/readyz` answers 503 from now on, then
  /// `server.drain()` (answers carry `Connection: close`, new connects are refused, requests in
  /// flight finish) and the server stops.
  public func drain(_ server: HTTPServer) {
    readiness.beginDraining()
    server.drain()
  }
}
