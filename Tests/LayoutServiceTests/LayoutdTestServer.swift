import HTTPTesting
import MicroHTTP

@testable import LayoutService

extension HTTPTestServer {
  /// layoutd started from `LayoutdOptions` as the `layoutd` binary starts it, on 127.0.0.1:0
  /// with two worker threads: its service is the binary's (request ids, CORS, metrics, an access
  /// log when given), `/readyz` answering as `readiness` says.
  ///
  /// `decoder`, `cors` and `metrics`, when given, replace the options' own, and `configure`
  /// adjusts the server configuration last. Requests reach it by either transport: the server's
  /// engine (`request(method:path:headers:body:)`, `post`) or a connection (`client(timeout:)`).
  static func layoutd(
    options: LayoutdOptions = LayoutdOptions(), decoder: RequestDecoder? = nil, cors: CORSPolicy? = nil,
    metrics: Bool? = nil, accessLog: AccessLog? = nil, readiness: Readiness = Readiness(),
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) throws -> HTTPTestServer {
    let options = LayoutdOptions.testing(options, decoder: decoder, cors: cors, metrics: metrics)
    return try HTTPTestServer(
      serving: options.layoutService(readiness: readiness, accessLog: accessLog),
      configuration: options.server,
      configure)
  }

  /// layoutd as `layoutd(options:decoder:cors:metrics:accessLog:readiness:_:)` starts it, reached by
  /// `transport`: its engine without a server, or a connection to a server.
  static func layoutd(
    transport: TestTransportKind, decoder: RequestDecoder? = nil, cors: CORSPolicy? = nil
  ) throws -> any HTTPTestTransport {
    let options = LayoutdOptions.testing(decoder: decoder, cors: cors)
    return try transport.transport(to: options.layoutService(), configuration: options.server)
  }

  /// The `/metrics` text, read on a new connection as a scraper reads it.
  func metricsText() throws -> String {
    try client().request(path: "/metrics").bodyString
  }
}

extension HTTPTestService {
  /// layoutd's service as `HTTPTestServer.layoutd(...)` serves it, answered without a server: no
  /// socket, no worker thread.
  static func layoutd(
    options: LayoutdOptions = LayoutdOptions(), decoder: RequestDecoder? = nil, cors: CORSPolicy? = nil,
    metrics: Bool? = nil, accessLog: AccessLog? = nil, readiness: Readiness = Readiness(),
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) -> HTTPTestService {
    let options = LayoutdOptions.testing(options, decoder: decoder, cors: cors, metrics: metrics)
    return HTTPTestService(
      serving: options.layoutService(readiness: readiness, accessLog: accessLog),
      configuration: options.server,
      configure)
  }
}

extension LayoutdOptions {
  /// `options` as the tests run them: 127.0.0.1, an ephemeral port, two worker threads, and
  /// `decoder`, `cors` and `metrics` in place of the options' own when given.
  static func testing(
    _ options: LayoutdOptions = LayoutdOptions(), decoder: RequestDecoder? = nil, cors: CORSPolicy? = nil,
    metrics: Bool? = nil
  ) -> LayoutdOptions {
    var options = options
    options.server.host = "127.0.0.1"
    options.server.port = 0
    options.server.threads = 2
    if let decoder { options.service.decoder = decoder }
    if let cors { options.service.cors = cors }
    if let metrics { options.service.metrics = metrics }
    return options
  }

  /// The options `layoutd` runs with when given `flags` (and no environment).
  static func running(_ flags: [String]) throws -> LayoutdOptions {
    guard case .run(let options) = try LayoutdOptions.parse(arguments: flags) else {
      throw UsageError("\(flags) do not run the server")
    }
    return options
  }
}
