import Foundation
import HTTPTesting
import LayoutTesting
import MicroHTTP
import Testing

@testable import LayoutService

/// The test server's two transports, a connection and the server's engine without one
/// (`RequestEngine.respond(to:)`), give the same status, body bytes and header fields, but for
/// those only a connection adds (`Date`, `Content-Length`, libmicrohttpd's `Connection:
/// Keep-Alive`).
@Suite("One engine, with and without a connection")
struct EngineAgreementTests {
  /// One request, as both ways send it.
  struct Exchange {
    var method = "POST"
    var path: String
    var headers: [(String, String)] = [("Content-Type", "application/json")]
    var body: [UInt8] = []
    var label: String
  }

  /// Every worked example as JSON and as SVG, every endpoint's batch of its examples with a bad
  /// item and an item too large, and the server's own problems and the other routes.
  static func exchanges() throws -> [Exchange] {
    var exchanges: [Exchange] = []
    let examples = try GoldenExamples.load()
    for example in examples {
      let body = Array(example.request)
      exchanges.append(Exchange(path: example.endpoint, body: body, label: example.name))
      if !example.isBatch {
        exchanges.append(
          Exchange(
            path: example.endpoint,
            headers: [("Content-Type", "application/json"), ("Accept", "image/svg+xml")], body: body,
            label: "\(example.name) as SVG"))
      }
    }
    for endpoint in GoldenExamples.endpoints {
      let items = examples.filter { $0.endpoint == endpoint }.map {
        String(decoding: $0.request, as: UTF8.self)
      }
      let tooLarge = #"{"padding":""# + String(repeating: "x", count: 70_000) + #""}"#
      let batch = "[" + (items + ["{}", "7", tooLarge]).joined(separator: ",") + "]"
      exchanges.append(
        Exchange(path: endpoint + "/batch", body: Array(batch.utf8), label: "\(endpoint)/batch"))
      exchanges.append(
        Exchange(path: endpoint, body: Array(#"{"container":"#.utf8), label: "\(endpoint) not JSON"))
      exchanges.append(Exchange(path: endpoint, body: Array("{}".utf8), label: "\(endpoint) 422"))
      exchanges.append(
        Exchange(
          path: endpoint, headers: [("Content-Type", "text/plain")], body: Array("{}".utf8),
          label: "\(endpoint) 415"))
      exchanges.append(Exchange(method: "GET", path: endpoint, headers: [], label: "\(endpoint) 405"))
      exchanges.append(
        Exchange(
          method: "OPTIONS", path: endpoint,
          headers: [("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST")],
          label: "\(endpoint) preflight"))
    }
    for path in ["/healthz", "/readyz", "/metrics", "/openapi.yaml", "/nowhere"] {
      exchanges.append(Exchange(method: "GET", path: path, headers: [], label: "GET \(path)"))
      exchanges.append(Exchange(method: "HEAD", path: path, headers: [], label: "HEAD \(path)"))
    }
    return exchanges
  }

  /// The header fields a connection adds by itself, left out of the comparison.
  static let connectionFields: Set<String> = ["date", "content-length"]

  @Test func everyAnswerIsTheSameWithAndWithoutAConnection() throws {
    let server = try HTTPTestServer.layoutd()
    let exchanges = try Self.exchanges()
    #expect(exchanges.count > 60)
    for (index, exchange) in exchanges.enumerated() {
      // The same id both ways: otherwise each would draw its own.
      let headers = exchange.headers + [("X-Request-Id", "agreement-\(index)")]
      let remote = try server.client().request(
        method: exchange.method, path: exchange.path, headers: headers, body: exchange.body)
      let local = server.request(
        method: exchange.method, path: exchange.path, headers: headers, body: exchange.body)
      #expect(local.status == remote.status, "\(exchange.label)")
      // `/metrics` has counted the request sent over the socket since.
      if exchange.path != "/metrics" { #expect(local.body == remote.body, "\(exchange.label)") }
      #expect(Self.fields(of: local) == Self.fields(of: remote), "\(exchange.label)")
    }
  }

  /// `response`'s header fields, lowercased and sorted, without those only a connection adds.
  static func fields(of response: TestResponse) -> [String] {
    response.headers.fields
      .filter { !connectionFields.contains($0.name.lowercased()) }
      .filter { !($0.name.lowercased() == "connection" && $0.value.lowercased() == "keep-alive") }
      .map { "\($0.name.lowercased()): \($0.value)" }.sorted()
  }
}
