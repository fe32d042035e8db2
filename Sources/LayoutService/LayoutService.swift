import MicroHTTP

/// The layoutd HTTP API: which routes exist, what answers them, and the middleware every answer
/// passes through, composed in one place.
///
/// `POST /avoid` and `POST /caret-follow` read a JSON request (contract §3–§5), compute the
/// layout with `LayoutCore` and write a JSON answer; their `/batch` routes do the same for an
/// array of requests (contract §9); `GET /healthz` tells a load balancer the process is up,
/// `GET /readyz` whether it takes traffic, `GET /metrics` its counters.
package struct LayoutService: Sendable {
  /// Which web origins may call the API from a browser.
  package let cors: CORSPolicy
  /// Whether `/readyz` answers 200; whoever drains the server flips it.
  package let readiness: Readiness
  /// How request bodies are read into the models (`--decoder`).
  package let decoder: RequestDecoder
  /// The largest body of a batch route, in bytes (413 beyond); the other routes keep the
  /// server's `maxBodyBytes`.
  package let maxBatchBytes: Int
  /// The largest batch item, in bytes: the single routes' body limit (the server's
  /// `maxBodyBytes`), so that an item is refused as its own request would be.
  package let maxItemBytes: Int
  /// Every route (`RouteTable`).
  package let router: Router
  /// The counters `/metrics` exposes, one set per route; `nil` leaves `/metrics` out.
  package let metrics: ServiceMetrics?

  /// Creates the service; by default any origin may call it, it keeps metrics, reads bodies
  /// with the fast decoder and takes batches of up to 8 MiB whose items are at most the
  /// server's default body limit.
  package init(
    cors: CORSPolicy = .anyOrigin, readiness: Readiness = Readiness(), metrics: Bool = true,
    decoder: RequestDecoder = .fast, maxBatchBytes: Int = Batch.defaultMaxBytes,
    maxItemBytes: Int = HTTPServer.Configuration.defaultMaxBodyBytes
  ) {
    self.cors = cors
    self.readiness = readiness
    self.decoder = decoder
    self.maxBatchBytes = maxBatchBytes
    self.maxItemBytes = maxItemBytes
    let routes = RouteTable(
      decoder: decoder, cors: cors,
      batches: BatchLimits(maxBodyBytes: maxBatchBytes, maxItemBytes: maxItemBytes), readiness: readiness,
      metrics: metrics)
    self.router = routes.router
    self.metrics = routes.metrics
  }

  /// Sets what layoutd's server runs with besides its limits: every answer carries
  /// `X-Request-Id` (the client's when sane, else a new one) and the CORS headers; each finished
  /// request is counted in `metrics` (when present) and written to `accessLog` (when given).
  /// Middleware already in `configuration` runs first.
  package func configure(_ configuration: inout HTTPServer.Configuration, accessLog: AccessLog?) {
    configuration.requestIDs = RequestIDs()
    configuration.middleware.append(CORSMiddleware(policy: cors))
    if let metrics { configuration.middleware.append(metrics) }
    if let accessLog { configuration.middleware.append(accessLog) }
  }

  /// The engine a server started by `startServer` with `configuration` answers through, for
  /// answering without a connection (tests, the fuzzer): what it answers is what that server
  /// sends.
  package func engine(
    _ configuration: HTTPServer.Configuration = HTTPServer.Configuration(), accessLog: AccessLog? = nil
  ) -> RequestEngine {
    var configuration = configuration
    configure(&configuration, accessLog: accessLog)
    return RequestEngine(configuration: configuration, router: router)
  }

  /// Starts a server for this service as `layoutd` runs it (`configure(_:accessLog:)`); the
  /// metrics count the lines `log` (by default the access log's writer) drops.
  package func startServer(
    _ configuration: HTTPServer.Configuration, accessLog: AccessLog? = nil, log: LogWriter? = nil
  ) throws(HTTPServerError) -> HTTPServer {
    var configuration = configuration
    configure(&configuration, accessLog: accessLog)
    let server = try HTTPServer(configuration: configuration, router: router)
    metrics?.attach(server: server, log: log ?? accessLog?.writer)
    return server
  }
}

/// The version `layoutd --version` prints and the start-up line names.
package enum LayoutdVersion {
  /// This build's version, a semantic version string.
  package static let current = "0.1.0"
}
