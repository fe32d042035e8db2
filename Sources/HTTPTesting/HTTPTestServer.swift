import MicroHTTP
import Posix

/// A server for tests: it serves a `RoutedService` on 127.0.0.1 and an ephemeral port, and
/// answers through two transports, which give the same answers (`EngineAgreementTests`):
///
/// - a connection: `client(timeout:)` opens one (an `HTTPTestClient`), for what only a
///   connection has: framing, keep-alive, limits met before a body is read, drain, timing;
/// - the server's own engine without a connection: `request(method:path:headers:body:)`
///   (`RequestEngine.respond(to:)`), the answer the server sends but for `Date` and
///   `Content-Length`.
///
/// A test that needs no connection at all takes an `HTTPTestService`, which starts no server.
/// The server stops when the test server is released (or at `stop()`).
///
/// ```swift
/// let server = try HTTPTestServer(serving: RoutedService(router: router))
/// let overTheWire = try server.client().request(path: "/fixed")
/// let withoutOne = server.request(path: "/fixed")
/// ```
package final class HTTPTestServer: HTTPTestTransport, Sendable {
  /// The server.
  package let server: HTTPServer

  /// The configuration a test server starts from: 127.0.0.1, an ephemeral port, two worker
  /// threads, a drain timeout of 2 s; the rest as `HTTPServer.Configuration` has it.
  package static var configuration: HTTPServer.Configuration {
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threads: 2)
    configuration.drainTimeout = 2
    return configuration
  }

  /// Starts a server for `service` with `configuration`, adjusted last by `configure`.
  package init(
    serving service: RoutedService, configuration: HTTPServer.Configuration = HTTPTestServer.configuration,
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) throws(HTTPServerError) {
    var configuration = configuration
    configure(&configuration)
    server = try HTTPServer(configuration: configuration, service: service)
  }

  deinit {
    server.stop()
  }

  /// The port the server listens on.
  package var port: Int { server.port }

  /// The server's counters.
  package var gauges: ServerGauges { server.gauges }

  /// The engine every answer comes from.
  package var engine: RequestEngine { server.engine }

  /// Whether the server drains (`HTTPServer.isDraining`).
  package var isDraining: Bool { server.isDraining }

  /// The server's close watcher.
  package var closeWatcher: CloseWatcher { server.closeWatcher }

  /// A new connection to the server: the first transport.
  package func client(timeout: Double = 5) throws(HTTPTestClientError) -> HTTPTestClient {
    try HTTPTestClient(port: server.port, timeout: timeout)
  }

  /// The answer the server gives `method` `path` with `headers` and `body`, from its engine
  /// without a connection (`RequestEngine.respond(to:)`): the second transport. Its
  /// `Content-Type` is among the headers, first.
  ///
  /// `path` is the decoded path without a query, as a handler sees it.
  package func request(
    method: String = "GET", path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) -> TestResponse {
    server.engine.testResponse(method: method, path: path, headers: headers, body: body)
  }

  /// Stops accepting connections (`HTTPServer.quiesce()`).
  package func quiesce() {
    server.quiesce()
  }

  /// Stops the server (`HTTPServer.stop()`). Idempotent.
  package func stop() {
    server.stop()
  }

  /// Drains and stops the server (`HTTPServer.drain()`). Idempotent.
  package func drain() {
    server.drain()
  }
}

/// A service for tests answered without a connection and without a server: an engine of its own
/// (`RequestEngine.respond(to:)`), no socket bound, no worker thread started. What a connection
/// adds (`Date`, `Content-Length`, what libmicrohttpd answers by itself) is absent; every other
/// byte and header is the server's.
package final class HTTPTestService: HTTPTestTransport, Sendable {
  /// The engine every answer comes from.
  package let engine: RequestEngine

  /// `service` answered within `configuration`'s limits (those of `HTTPTestServer` by default),
  /// adjusted last by `configure`.
  package init(
    serving service: RoutedService, configuration: HTTPServer.Configuration = HTTPTestServer.configuration,
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) {
    var configuration = configuration
    configure(&configuration)
    engine = RequestEngine(configuration: configuration, service: service)
  }

  /// The answer to `method` `path` with `headers` and `body`, its `Content-Type` among the headers,
  /// first.
  package func request(
    method: String = "GET", path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) -> TestResponse {
    engine.testResponse(method: method, path: path, headers: headers, body: body)
  }
}

extension RequestEngine {
  /// The answer to `method` `path` with `headers` and `body` without a connection
  /// (`respond(to:)`), as a test reads it: its `Content-Type` among the headers, first.
  fileprivate func testResponse(
    method: String, path: String, headers: [(String, String)], body: [UInt8]?
  ) -> TestResponse {
    let response = (body ?? []).withUnsafeBytes { bytes in
      respond(
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
}

/// A server and a connection to it, as a transport: what a suite that runs over both transports
/// takes for the connection. The server lives as long as the transport.
package final class HTTPTestConnection: HTTPTestTransport {
  /// The server.
  package let server: HTTPTestServer
  /// How long a request may take.
  private let timeout: Double
  /// The connection the requests are sent on, one after another (keep-alive); a new one after an
  /// answer that closed it (`Connection: close`).
  private var client: HTTPTestClient

  /// A new connection to `server`.
  package init(to server: HTTPTestServer, timeout: Double = 5) throws {
    self.server = server
    self.timeout = timeout
    client = try server.client(timeout: timeout)
  }

  package func request(
    method: String, path: String, headers: [(String, String)], body: [UInt8]?
  ) throws -> TestResponse {
    let response = try client.request(method: method, path: path, headers: headers, body: body)
    if response.headers["Connection"]?.lowercased() == "close" {
      client = try server.client(timeout: timeout)
    }
    return response
  }
}

/// The two ways a test's request reaches a service: through its engine without a connection, or
/// over a connection to a server on 127.0.0.1. A suite that runs over both takes each as an argument.
package enum TestTransportKind: String, CaseIterable, Sendable {
  /// `HTTPTestService`: no server, no socket.
  case engine
  /// `HTTPTestConnection`: a server, and a connection to it.
  case connection

  /// A transport of this kind to `service`.
  package func transport(
    to service: RoutedService, configuration: HTTPServer.Configuration = HTTPTestServer.configuration
  ) throws -> any HTTPTestTransport {
    switch self {
    case .engine: HTTPTestService(serving: service, configuration: configuration)
    case .connection:
      try HTTPTestConnection(to: HTTPTestServer(serving: service, configuration: configuration))
    }
  }
}

/// What carries a test's request to a server and brings back its answer: a connection
/// (`HTTPTestClient`, `HTTPTestConnection`) or an engine without one (`HTTPTestService`,
/// `HTTPTestServer`).
package protocol HTTPTestTransport {
  /// Sends one request and returns its answer.
  func request(
    method: String, path: String, headers: [(String, String)], body: [UInt8]?
  ) throws -> TestResponse
}

extension HTTPTestClient: HTTPTestTransport {}

/// The header a JSON body is sent with.
package let jsonContentType = [("Content-Type", "application/json")]

extension HTTPTestTransport {
  /// POSTs `body` to `path` with `headers`, by default only `jsonContentType`.
  package func post(
    _ path: String, _ body: String, headers: [(String, String)] = jsonContentType
  ) throws -> TestResponse {
    try request(method: "POST", path: path, headers: headers, body: Array(body.utf8))
  }
}

/// Whether `condition` holds within `seconds`, looked at every 2 ms: a test waits on observable
/// state, never for a time; the limit only bounds a failure.
package func waitUntil(seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = MonotonicClock.now.adding(seconds: seconds)
  while MonotonicClock.now < deadline {
    if try condition() { return true }
    MonotonicClock.sleep(seconds: 0.002)
  }
  return try condition()
}

extension HTTPRequest {
  /// The value of the request header `name` (case-insensitive), or `nil` when it is absent.
  package func header(_ name: String) -> String? {
    withHeaderBytes(name) { value in value.map { String(decoding: $0, as: UTF8.self) } }
  }
}
