import MicroHTTP
import Synchronization

/// The layoutd HTTP API: which routes exist and what answers them.
///
/// `POST /avoid` and `POST /caret-follow` read a JSON request (contract §3–§5), compute the layout
/// with `LayoutCore` and write a JSON answer; their `/batch` routes do the same for an array of
/// requests (contract §9); `GET /healthz` tells a load balancer the process
/// is up, `GET /readyz` whether it takes traffic, `GET /metrics` its counters.
public struct LayoutService: Sendable {
  /// Which web origins may call the API from a browser.
  public var cors: CORSPolicy
  /// Whether `/readyz` answers 200; whoever drains the server flips it.
  public let readiness: Readiness
  /// The counters `/metrics` exposes; `nil` leaves `/metrics` out.
  public let metrics: ServiceMetrics?
  /// How request bodies are read into the models (`--decoder`).
  public var decoder: RequestDecoder

  /// The largest body of `POST /avoid/batch` and `POST /caret-follow/batch`, in bytes (413
  /// beyond); the other routes keep the server's `maxBodyBytes`.
  public var maxBatchBytes: Int

  /// Creates the service; by default any origin may call it, it keeps metrics, reads bodies
  /// with the fast decoder and takes batches of up to 8 MiB.
  public init(
    cors: CORSPolicy = .anyOrigin, readiness: Readiness = Readiness(),
    metrics: ServiceMetrics? = ServiceMetrics(), decoder: RequestDecoder = .fast,
    maxBatchBytes: Int = LayoutEndpoint.defaultMaxBatchBytes
  ) {
    self.cors = cors
    self.readiness = readiness
    self.metrics = metrics
    self.decoder = decoder
    self.maxBatchBytes = maxBatchBytes
  }

  /// A router with every layoutd route.
  public func router() -> Router {
    var router = Router()
    router.add(.post, "/avoid") { [decoder] request, response in
      try Self.avoid(decoder, request, &response)
    }
    router.add(.post, "/caret-follow") { [decoder] request, response in
      try Self.caretFollow(decoder, request, &response)
    }
    for (path, endpoint) in [("/avoid/batch", LayoutEndpoint.avoid), ("/caret-follow/batch", .caretFollow)] {
      router.add(.post, path, maxBodyBytes: maxBatchBytes) { [decoder] request, response in
        try Self.batch(endpoint, decoder, request, &response)
      }
      router.add(.options, path) { [cors] request, response in Self.preflight(cors, request, &response) }
    }
    router.add(.get, "/healthz") { _, response in
      response.write(#"{"status":"ok"}"#)
    }
    router.add(.get, "/openapi.yaml") { request, response in Self.openAPI(request, &response) }
    router.add(.get, "/") { request, response in try Self.playground(request, &response) }
    router.add(.get, "/layoutd.js") { request, response in try Self.clientModule(request, &response) }
    router.add(.get, "/layoutd.d.ts") { request, response in try Self.clientModuleTypes(request, &response) }
    router.add(.options, "/avoid") { [cors] request, response in Self.preflight(cors, request, &response) }
    router.add(.options, "/caret-follow") { [cors] request, response in
      Self.preflight(cors, request, &response)
    }
    router.add(.get, "/readyz") { [readiness] _, response in try Self.readyz(readiness, &response) }
    if let metrics {
      router.add(.get, "/metrics") { [readiness] _, response in Self.metrics(metrics, readiness, &response) }
    }
    return router
  }
}

/// The version `layoutd --version` prints and the start-up line names.
public enum LayoutdVersion {
  /// This build's version, a semantic version string.
  public static let current = "0.1.0"
}

extension LayoutService {
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
    configuration.requestIDHeader = HTTPHeader.requestIDName
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

  /// Drains `server` at once: `/readyz` answers 503 from now on and `server.drain()` runs
  /// (answers carry `Connection: close`, new connects are refused, requests in flight finish),
  /// then the server stops. `layoutd` on SIGTERM waits `--drain-delay` seconds between the two.
  public func drain(_ server: HTTPServer) {
    readiness.beginDraining()
    server.drain()
  }
}

/// Whether this instance wants new traffic: `GET /readyz` answers 200 until `beginDraining()`,
/// then 503, while `GET /healthz` keeps answering 200.
public final class Readiness: Sendable {
  private let draining = Atomic<Bool>(false)

  /// Creates a ready state.
  public init() {}

  /// Whether the instance is ready (not draining).
  public var isReady: Bool {
    !draining.load(ordering: .relaxed)
  }

  /// Marks the instance as shutting down; `/readyz` answers 503 from now on.
  public func beginDraining() {
    draining.store(true, ordering: .relaxed)
  }
}

extension LayoutService {
  /// The problem `GET /readyz` answers while draining.
  static let drainingProblem = HTTPError(
    status: 503, type: "about:blank", title: "Draining",
    detail: "This instance is shutting down; send requests to another one.")

  /// `GET /readyz`: 200 `{"status":"ready"}` until the instance drains, then 503.
  static func readyz(_ readiness: Readiness, _ response: inout HTTPResponse) throws(HTTPError) {
    guard readiness.isReady else { throw drainingProblem }
    response.write(#"{"status":"ready"}"#)
  }
}

extension LayoutService {
  /// `GET /metrics`: the Prometheus text exposition format 0.0.4.
  static func metrics(
    _ metrics: ServiceMetrics, _ readiness: Readiness, _ response: inout HTTPResponse
  ) {
    response.contentType = ServiceMetrics.contentType
    response.write(metrics.exposition(ready: readiness.isReady))
  }
}
