import HTTPServer

/// The layoutd HTTP API: which routes exist and what answers them.
///
/// `POST /avoid` and `POST /caret-follow` read a JSON request (SPEC §3–§5), compute the layout
/// with `LayoutCore` and write a JSON answer; `GET /healthz` tells a load balancer the process
/// is up, `GET /readyz` whether it takes traffic, `GET /metrics` its counters.
public struct LayoutService: Sendable {
  /// Which web origins may call the API from a browser.
  public var cors: CORSPolicy
  /// Whether `/readyz` answers 200; whoever drains the server flips it.
  public let readiness: Readiness
  /// The counters `/metrics` exposes; `nil` leaves `/metrics` out.
  public let metrics: ServiceMetrics?

  /// Creates the service; by default any origin may call it and it keeps metrics.
  public init(
    cors: CORSPolicy = .anyOrigin, readiness: Readiness = Readiness(),
    metrics: ServiceMetrics? = ServiceMetrics()
  ) {
    self.cors = cors
    self.readiness = readiness
    self.metrics = metrics
  }

  /// A router with every layoutd route.
  public func router() -> Router {
    var router = Router()
    router.add(.post, "/avoid") { request, response in
      try Self.avoid(request, &response)
    }
    router.add(.post, "/caret-follow") { request, response in
      try Self.caretFollow(request, &response)
    }
    router.add(.get, "/healthz") { _, response in
      response.write(#"{"status":"ok"}"#)
    }
    router.add(.get, "/openapi.yaml") { request, response in Self.openAPI(request, &response) }
    router.add(.get, "/") { request, response in try Self.playground(request, &response) }
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
