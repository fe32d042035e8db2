import Foundation
import HTTPTesting
import MicroHTTP
import Posix
import Testing

@testable import LayoutService

/// A layoutd server on 127.0.0.1 and an ephemeral port, and a client for it.
struct ServiceFixture {
  let server: HTTPServer
  let client: HTTPTestClient

  /// Starts a server with `service` (by default one reading bodies with `decoder`); `configure`
  /// adjusts its configuration.
  init(
    decoder: RequestDecoder = .fast, service: LayoutService? = nil,
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }
  ) throws {
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threads: 2)
    configuration.drainTimeout = 2
    // The fixture's one client may wait long between two requests on a busy machine (a suite
    // beside it, a CPU hog): far longer than the default idle timeout, which these tests do not
    // test.
    configuration.connectionTimeout = 600
    configure(&configuration)
    server = try HTTPServer(
      configuration: configuration, router: (service ?? LayoutService(decoder: decoder)).router)
    client = try HTTPTestClient(port: server.port, timeout: 5)
  }

  /// POSTs `body` to `path` with `Content-Type: application/json` unless `headers` say otherwise.
  func post(
    _ path: String, _ body: String, headers: [(String, String)] = [("Content-Type", "application/json")]
  ) throws -> TestResponse {
    try client.request(method: "POST", path: path, headers: headers, body: body)
  }

  func post(_ path: String, json: Any) throws -> TestResponse {
    let data = try JSONSerialization.data(withJSONObject: json)
    return try post(path, String(decoding: data, as: UTF8.self))
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
