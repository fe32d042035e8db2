import Foundation
import HTTPTesting
import MicroHTTP

@testable import LayoutService

/// layoutd as `layoutd` assembles it (request ids, CORS on every answer, metrics, optionally an
/// access log) on 127.0.0.1 and an ephemeral port.
final class ProductionFixture {
  let service: LayoutService
  let server: HTTPServer

  /// Starts a server from `options` (host and port are replaced by 127.0.0.1:0, two threads),
  /// then `configure` adjusts the server configuration.
  init(
    options: LayoutdOptions = LayoutdOptions(), cors: CORSPolicy = .anyOrigin, metrics: Bool = true,
    accessLog: AccessLog? = nil, _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) throws {
    var options = options
    options.host = "127.0.0.1"
    options.port = 0
    options.threads = 2
    var configuration = options.serverConfiguration
    configure(&configuration)
    service = LayoutService(
      cors: cors, metrics: metrics, maxBatchBytes: options.maxBatchBytes, maxItemBytes: options.maxBodyBytes)
    server = try service.startServer(configuration, accessLog: accessLog)
  }

  deinit {
    server.stop()
  }

  var port: Int { server.port }

  /// A new connection to the server.
  func client(timeout: Double = 5) throws -> HTTPTestClient {
    try HTTPTestClient(port: server.port, timeout: timeout)
  }

  /// POSTs `body` to `path` as JSON on a new connection, with extra `headers`.
  func post(_ path: String, _ body: String, headers: [(String, String)] = []) throws -> TestResponse {
    try client().request(
      method: "POST", path: path, headers: [("Content-Type", "application/json")] + headers, body: body)
  }

  /// The `/metrics` text.
  func metricsText() throws -> String {
    try client().request(path: "/metrics").bodyString
  }

  /// Polls `condition` every 5 ms for up to `seconds`.
  static func waitUntil(seconds: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      usleep(5000)
    }
    return try condition()
  }
}
