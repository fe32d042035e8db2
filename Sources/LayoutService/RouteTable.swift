import LayoutCore
import LayoutDiagram
import MicroHTTP

/// Every route layoutd serves and everything around them, composed here and nowhere else: the
/// computing endpoints (each with its batch route and `OPTIONS` for CORS preflights), the files,
/// the probes and `/metrics`; the middleware every request passes through, in order (CORS, then
/// the access keys when there are any); and the observers that hear of every finished request (the
/// metrics, the access log).
///
/// What else knows the routes reads them from here: the router and its `Allow` values (which
/// `OPTIONS` answers with, made when the router is built, whatever the order of the lines below),
/// the metrics' `route` labels, the usage text and the fuzzer (`operationPaths`), and the check
/// that `openapi.yaml` describes exactly these routes (`RouteTableTests`). A new route is one line
/// below; a new endpoint is its request type and one line.
struct RouteTable {
  /// The routes, with their handlers, and the middleware.
  private(set) var router = Router()
  /// Who hears of every finished request, in order: the metrics, the access log.
  private(set) var observers: [any HTTPObserver] = []
  /// The computing endpoints, in the order registered.
  private(set) var operations: [any AnyLayoutOperation] = []
  /// The routes of a service reading bodies with `decoder`, answering cross-origin calls as
  /// `cors` allows, taking batches within `batches`, reporting `readiness`, with or without
  /// `/metrics` (whose counters report the lines `log` dropped), writing finished requests to
  /// `accessLog` when given, and letting through only requests with one of `accessKeys` when given.
  init(
    decoder: RequestDecoder = .fast, cors: CORSPolicy = .anyOrigin,
    batches: BatchLimits = BatchLimits(
      maxBodyBytes: Batch.defaultMaxBytes, maxItemBytes: HTTPServer.Configuration.defaultMaxBodyBytes),
    readiness: Readiness = Readiness(), metrics: Bool = true, accessLog: AccessLog? = nil,
    accessKeys: AccessKeys? = nil, log: LogWriter? = nil
  ) {
    router.add(middleware: CORSMiddleware(policy: cors, allowsCredentials: accessKeys != nil))

    // Named one by one, not looped over as `any AnyLayoutOperation`: each route's handler is then
    // specialized for its request type.
    addOperation(AvoidRequest.self, at: "/avoid", decoder: decoder, batches: batches)
    addOperation(CaretFollowRequest.self, at: "/caret-follow", decoder: decoder, batches: batches)
    addOperation(ChatRequest.self, at: "/chat", decoder: decoder, batches: batches)
    addOperation(SheetRequest.self, at: "/sheet", decoder: decoder, batches: batches)

    router.addAsset(
      "/", file: "playground.html", contentType: LayoutAPI.playgroundContentType,
      headers: [HTTPHeader("Content-Security-Policy", LayoutAPI.playgroundContentSecurityPolicy)])
    router.addAsset("/layoutd.js", file: "layoutd.js", contentType: LayoutAPI.clientModuleContentType)
    router.addAsset(
      "/layoutd.d.ts", file: "layoutd.d.ts", contentType: LayoutAPI.clientModuleTypesContentType)
    router.add(.get, "/openapi.yaml") { _, response in LayoutAPI.openAPI(&response) }

    router.add(.get, "/healthz") { _, response in Readiness.answerHealth(&response) }
    router.add(.get, "/readyz") { _, response in try readiness.answerReadiness(&response) }

    let refusals = accessKeys.map { _ in AtomicCounterArray(count: 1) }
    if metrics {
      // The counters know every route, `/metrics` (added next) included.
      let metrics = ServiceMetrics(routes: router.paths + [ServiceMetrics.path], log: log, refusals: refusals)
      router.add(.get, ServiceMetrics.path) { _, response in
        metrics.answer(&response, ready: readiness.isReady)
      }
      observers.append(metrics)
    }
    if let accessLog { observers.append(accessLog) }
    if let accessKeys, let refusals {
      let protected = operations.flatMap { [$0.path, $0.batchPath] } + [ServiceMetrics.path]
      router.add(
        middleware: AccessKeyGate(
          keys: accessKeys, protecting: protected.compactMap(router.route(of:)), refusals: refusals))
    }
  }

  /// Routes the two `POST` routes of `Request`'s endpoint at `path`
  /// (`Router.add(_:decoder:batches:)`) and `OPTIONS` on both (CORS preflights), and notes it.
  private mutating func addOperation<Request: DiagramDrawable>(
    _ request: Request.Type, at path: String, decoder: RequestDecoder, batches: BatchLimits
  ) {
    let operation = LayoutOperation(request, at: path)
    router.add(operation, decoder: decoder, batches: batches)
    router.addOptions(operation.path)
    router.addOptions(operation.batchPath)
    operations.append(operation)
  }
}

extension LayoutAPI {
  /// The computing endpoints, as the route table registers them.
  package static let operations = RouteTable(metrics: false).operations

  /// The computing endpoints' paths, as the route table registers them.
  package static let operationPaths = operations.map { $0.path }
}
