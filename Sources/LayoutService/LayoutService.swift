import MicroHTTP

/// The layoutd HTTP API, as the server's engine serves it (`HTTPService`): which routes exist,
/// what answers them, and what every answer passes through, composed here.
///
/// `POST /avoid`, `/caret-follow` and `/chat` read a JSON request (contract §3–§5, §12), compute
/// the layout with `LayoutCore` and write a JSON answer; their `/batch` routes do the same for an
/// array of requests (contract §9); `GET /healthz` tells a load balancer the process is up,
/// `GET /readyz` whether it takes traffic, `GET /metrics` its counters. Every answer carries
/// `X-Request-Id` (the client's when sane, else a new one) and the CORS headers; each finished
/// request is counted in `metrics` (when present) and written to `accessLog` (when given).
package final class LayoutService: HTTPService {
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
  /// Where each finished request is written, when anywhere.
  package let accessLog: AccessLog?
  /// Request ids in `X-Request-Id`.
  package let requestIDs: RequestIDs? = RequestIDs()
  /// Adds the CORS headers to every answer.
  private let corsHeaders: CORSMiddleware

  /// The service `settings` describe, its batch items at most `maxItemBytes` (the single routes'
  /// body limit), writing finished requests to `accessLog` (none by default).
  package init(
    _ settings: Settings = Settings(), readiness: Readiness = Readiness(),
    maxItemBytes: Int = HTTPServer.Configuration.defaultMaxBodyBytes, accessLog: AccessLog? = nil
  ) {
    cors = settings.cors
    self.readiness = readiness
    decoder = settings.decoder
    maxBatchBytes = settings.maxBatchBytes
    self.maxItemBytes = maxItemBytes
    self.accessLog = accessLog
    let routes = RouteTable(
      decoder: decoder, cors: cors,
      batches: BatchLimits(maxBodyBytes: maxBatchBytes, maxItemBytes: maxItemBytes), readiness: readiness,
      metrics: settings.metrics)
    self.router = routes.router
    self.metrics = routes.metrics
    corsHeaders = CORSMiddleware(policy: cors)
  }

  /// Adds the CORS headers.
  package func prepare(_ response: inout HTTPResponse, for request: borrowing HTTPRequest) {
    corsHeaders.prepare(&response, for: request)
  }

  /// Counts the request, then logs it.
  package func requestEnded(_ request: borrowing CompletedRequest) {
    metrics?.requestEnded(request)
    accessLog?.requestEnded(request)
  }

  /// The engine a server started by `startServer` with `configuration` answers through, for
  /// answering without a connection (tests, the fuzzer): what it answers is what that server
  /// sends.
  package func engine(_ configuration: HTTPServer.Configuration = HTTPServer.Configuration()) -> RequestEngine
  {
    RequestEngine(configuration: configuration, service: self)
  }

  /// Starts a server for this service as `layoutd` runs it; the metrics count the lines `log`
  /// (by default the access log's writer) drops.
  package func startServer(
    _ configuration: HTTPServer.Configuration, log: LogWriter? = nil
  ) throws(HTTPServerError) -> HTTPServer {
    let server = try HTTPServer(configuration: configuration, service: self)
    metrics?.attach(server: server, log: log ?? accessLog?.writer)
    return server
  }
}

extension LayoutService {
  /// What a service is told when it is made (by `layoutd`'s flags, `LayoutdOptions`).
  package struct Settings: Equatable, Sendable {
    /// Which web origins may call the API from a browser.
    package var cors: CORSPolicy
    /// Whether requests are counted for `GET /metrics` (without: the route is absent).
    package var metrics: Bool
    /// How request bodies are read.
    package var decoder: RequestDecoder
    /// The largest body of a batch route, in bytes (413 beyond).
    package var maxBatchBytes: Int

    /// Settings whose defaults are the service's: any origin, metrics kept, the fast decoder,
    /// batches of up to 8 MiB.
    package init(
      cors: CORSPolicy = .anyOrigin, metrics: Bool = true, decoder: RequestDecoder = .fast,
      maxBatchBytes: Int = Batch.defaultMaxBytes
    ) {
      self.cors = cors
      self.metrics = metrics
      self.decoder = decoder
      self.maxBatchBytes = maxBatchBytes
    }
  }
}

/// The version `layoutd --version` prints and the start-up line names.
package enum LayoutdVersion {
  /// This build's version, a semantic version string.
  package static let current = "0.1.0"
}
