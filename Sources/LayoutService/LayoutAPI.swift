import MicroHTTP

/// The layoutd HTTP API: the routes and middleware of the `RouteTable`, served with request ids and
/// its observers, built into the `RoutedService` a server serves.
///
/// Each computing endpoint (`POST /avoid`, `/caret-follow`, `/chat`, `/sheet`) reads a JSON request
/// (contract §3–§5, §12, §14), computes the layout with `LayoutCore` and writes a JSON answer; their
/// `/batch` routes do the same for an array of requests (contract §9); `GET /healthz` tells a load
/// balancer the process is up,
/// `GET /readyz` whether it takes traffic, `GET /metrics` its counters. Every answer carries
/// `X-Request-Id` (the client's when sane, else a new one) and the CORS headers; each finished
/// request is counted in the metrics (when on) and written to the access log (when given).
package enum LayoutAPI {
  /// The service `settings` describe: its batch items at most `maxItemBytes` (the single routes'
  /// body limit, so that an item is refused as its own request would be), `/readyz` answering
  /// as `readiness` says, finished requests written to `accessLog` (none by default), the
  /// metrics counting the lines `log` drops (by default the access log's writer), the protected
  /// routes open only to `accessKeys` when given (`--api-keys`).
  package static func service(
    _ settings: Settings = Settings(), readiness: Readiness = Readiness(),
    maxItemBytes: Int = HTTPServer.Configuration.defaultMaxBodyBytes, accessLog: AccessLog? = nil,
    accessKeys: AccessKeys? = nil, log: LogWriter? = nil
  ) -> RoutedService {
    let table = RouteTable(
      decoder: settings.decoder, cors: settings.cors,
      batches: BatchLimits(maxBodyBytes: settings.maxBatchBytes, maxItemBytes: maxItemBytes),
      readiness: readiness, metrics: settings.metrics, accessLog: accessLog, accessKeys: accessKeys,
      log: log ?? accessLog?.writer)
    return RoutedService(router: table.router, requestIDs: RequestIDPolicy(), observers: table.observers)
  }

  /// What the service is told when it is made (by `layoutd`'s flags, `LayoutdOptions`).
  package struct Settings: Equatable, Sendable {
    /// Which web origins may call the API from a browser.
    package var cors: CORSPolicy
    /// Whether requests are counted for `GET /metrics` (without: the route is absent).
    package var metrics: Bool
    /// How request bodies are read.
    package var decoder: RequestDecoder
    /// The largest body of a batch route, in bytes (413 beyond); the other routes keep the
    /// server's `maxBodyBytes`.
    package var maxBatchBytes: Int
    /// The access-key file (`--api-keys`): when set, the computing routes and `/metrics` need
    /// `Authorization: Bearer KEY` for a key it lists.
    package var apiKeys: String?

    /// Settings whose defaults are the service's: any origin, metrics kept, the fast decoder,
    /// batches of up to 8 MiB.
    package init(
      cors: CORSPolicy = .anyOrigin, metrics: Bool = true, decoder: RequestDecoder = .fast,
      maxBatchBytes: Int = Batch.defaultMaxBytes, apiKeys: String? = nil
    ) {
      self.cors = cors
      self.metrics = metrics
      self.decoder = decoder
      self.maxBatchBytes = maxBatchBytes
      self.apiKeys = apiKeys
    }
  }
}

/// The version `layoutd --version` prints and the start-up line names.
package enum LayoutdVersion {
  /// This build's version, a semantic version string.
  package static let current = "0.1.0"
}
