import Foundation
import HTTPTesting
import MicroHTTP
import Testing

@testable import LayoutService

/// layoutd started from `LayoutdOptions` as the `layoutd` binary starts it, on 127.0.0.1.
///
/// The server has what the binary's has: request ids, CORS, metrics, optionally an access log.
/// Requests reach it two ways: `request(method:path:headers:body:)` and `post` hand them to the
/// server's own engine without a socket (the answer the server sends, but for `Date` and
/// `Content-Length`); `client(timeout:)` opens a connection, for what only a connection has:
/// framing, keep-alive, limits met before a body is read, drain, timing.
final class LayoutdFixture: TestTransport {
  /// What `/readyz` answers by.
  let readiness = Readiness()
  let server: HTTPServer

  /// Starts the server `options` describe on 127.0.0.1:0 with two threads; `decoder`, `cors`
  /// and `metrics`, when given, replace the options' own, and `configure` adjusts the server
  /// configuration last.
  init(
    options: LayoutdOptions = LayoutdOptions(), decoder: RequestDecoder? = nil, cors: CORSPolicy? = nil,
    metrics: Bool? = nil, accessLog: AccessLog? = nil,
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) throws {
    var options = options
    options.server.host = "127.0.0.1"
    options.server.port = 0
    options.server.threads = 2
    if let decoder { options.service.decoder = decoder }
    if let cors { options.service.cors = cors }
    if let metrics { options.service.metrics = metrics }
    configure(&options.server)
    server = try HTTPServer(
      configuration: options.server,
      service: options.layoutService(readiness: readiness, accessLog: accessLog))
  }

  deinit {
    server.stop()
  }

  /// The options `layoutd` runs with when given `flags` (and no environment).
  static func options(_ flags: [String]) throws -> LayoutdOptions {
    guard case .run(let options) = try LayoutdOptions.parse(arguments: flags) else {
      throw UsageError("\(flags) do not run the server")
    }
    return options
  }

  var port: Int { server.port }

  /// The answer the server gives `method` `path` with `headers` and `body`, from its engine
  /// without a connection (`RequestEngine.respond(to:)`), its `Content-Type` among the headers.
  ///
  /// `path` is the decoded path without a query, as a handler sees it.
  func request(
    method: String = "GET", path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) -> TestResponse {
    let response = (body ?? []).withUnsafeBytes { bytes in
      server.engine.respond(
        to: HTTPRequest(
          method: HTTPMethod(rawValue: method), path: path, headers: headers.map { HTTPHeader($0.0, $0.1) },
          body: bytes))
    }
    var fields = TestHeaders()
    if !response.contentType.isEmpty { fields.append(name: "Content-Type", value: response.contentType) }
    for header in response.headers { fields.append(name: header.name, value: header.value) }
    return TestResponse(
      status: response.status, reason: HTTPError.reasonPhrase(for: response.status), headers: fields,
      body: response.body)
  }

  /// A new connection to the server.
  func client(timeout: Double = 5) throws -> HTTPTestClient {
    try HTTPTestClient(port: server.port, timeout: timeout)
  }

  /// The `/metrics` text, read on a new connection as a scraper reads it.
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

/// What carries a test's request to layoutd and brings back the answer: the server's engine
/// without a socket (`LayoutdFixture`) or a connection (`HTTPTestClient`).
protocol TestTransport {
  /// Sends one request and returns its answer.
  func request(
    method: String, path: String, headers: [(String, String)], body: [UInt8]?
  ) throws -> TestResponse
}

extension HTTPTestClient: TestTransport {}

/// The header a JSON body is sent with.
let jsonContentType = [("Content-Type", "application/json")]

extension TestTransport {
  /// POSTs `body` to `path` with `headers`, by default only `jsonContentType`.
  func post(
    _ path: String, _ body: String, headers: [(String, String)] = jsonContentType
  ) throws -> TestResponse {
    try request(method: "POST", path: path, headers: headers, body: Array(body.utf8))
  }
}

extension TestResponse {
  /// The body as a `JSONSerialization` object.
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(body))
  }

  /// The body as a JSON object.
  func jsonObject() throws -> [String: Any] {
    try #require(try json() as? [String: Any])
  }
}
