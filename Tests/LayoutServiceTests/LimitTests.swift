import Foundation
import HTTPTesting
import Testing

@testable import LayoutService

/// The connection and request limits, each set through its `layoutd` flag and answered the
/// HTTP way.
@Suite("Limits", .serialized, .tags(.threads))
struct LimitTests {
  @Test func connectionsBeyondMaxConnectionsAreClosedAtOnceNotQueued() throws {
    let fixture = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running(["--max-connections", "4", "--max-connections-per-client", "0"]))
    var admitted: [HTTPTestClient] = []
    for _ in 0..<4 {
      let client = try fixture.client()
      #expect(try client.request(path: "/healthz").status == 200)
      admitted.append(client)
    }
    // The kernel completes the connect; the server closes it as soon as it accepts it, so the
    // client reads end-of-stream instead of waiting for an answer that never comes.
    let extra = try fixture.client(timeout: 3)
    try extra.send(HTTPTestClient.encode(method: "GET", path: "/healthz", host: "test"))
    #expect(throws: (any Error).self) { try extra.readResponse() }
    #expect(fixture.gauges.refusedConnectionCount >= 1)

    admitted.removeLast().close()
    #expect(waitUntil { fixture.gauges.openConnectionCount == 3 })
    #expect(try fixture.client().request(path: "/healthz").status == 200)
    let samples = MetricsTests.samples(try admitted[0].request(path: "/metrics").bodyString)
    #expect((samples["layoutd_http_connections_refused_total"] ?? 0) >= 1)
  }

  @Test func connectionsPerClientAreLimitedPerAddress() throws {
    let fixture = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running(["--max-connections-per-client", "2"]))
    let first = try HTTPTestClient(port: fixture.port, from: "127.0.0.1", timeout: 10)
    let second = try HTTPTestClient(port: fixture.port, from: "127.0.0.1", timeout: 10)
    for client in [first, second] {
      #expect(try client.request(path: "/healthz").bodyString == #"{"status":"ok"}"#)
    }
    let third = try HTTPTestClient(port: fixture.port, from: "127.0.0.1", timeout: 10)
    try third.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
    // Closed without a byte of answer.
    #expect(third.isClosedByServer())
    // The two admitted connections stay open and served.
    for client in [first, second] {
      #expect(try client.request(path: "/healthz").status == 200)
    }
    // Another client address is still served.
    let other = try HTTPTestClient(port: fixture.port, from: "127.0.0.2", timeout: 10)
    #expect(try other.request(path: "/healthz").status == 200)
    // Counted apart from the server-wide limit, so an operator sees which one to raise.
    #expect(fixture.gauges.refusedPerClientConnectionCount == 1)
    #expect(fixture.gauges.refusedConnectionCount == 0)
    let samples = MetricsTests.samples(try other.request(path: "/metrics").bodyString)
    #expect(samples["layoutd_http_connections_refused_per_client_total"] == 1)
    #expect(samples["layoutd_http_connections_refused_total"] == 0)
  }

  @Test func anIdleConnectionIsClosedAfterTheConnectionTimeout() throws {
    let fixture = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running(["--connection-timeout", "1"]))
    // A client that connects and sends nothing is closed; 30 s only bounds a failure.
    let silent = try fixture.client(timeout: 30)
    #expect(silent.isClosedByServer())
    #expect(waitUntil(seconds: 30) { fixture.gauges.openConnectionCount == 0 })
    // So is a keep-alive client that goes quiet after an answer. On a loaded machine the
    // request may come later than the timeout and find its connection closed already: only an
    // answered connection counts, on a new one each time.
    var answered: HTTPTestClient?
    for _ in 0..<20 where answered == nil {
      let client = try fixture.client(timeout: 30)
      if (try? client.request(path: "/healthz"))?.status == 200 { answered = client }
    }
    let idle = try #require(answered)
    #expect(idle.isClosedByServer())
  }

  @Test func headersOverMaxHeaderBytesAre431AndClose() throws {
    let fixture = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running(["--max-header-bytes", "2048"]))
    let small = try fixture.client().request(
      path: "/healthz", headers: [("X-Pad", String(repeating: "a", count: 200))])
    #expect(small.status == 200)
    let client = try fixture.client()
    let large = try client.request(
      path: "/healthz", headers: [("X-Pad", String(repeating: "a", count: 4096))])
    #expect(large.status == 431)
    #expect(client.isClosedByServer())
  }

  /// A browser's request from a page on a host whose cookie jar is full (a developer's
  /// `localhost`): 4 KB in 40 cookies, beside the fields a browser sends.
  static let browserHeaders: [(String, String)] = [
    ("Content-Type", "application/json"),
    (
      "User-Agent",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"
    ),
    ("Accept", "*/*"), ("Accept-Language", "en-US,en;q=0.9"), ("Accept-Encoding", "gzip, deflate, br, zstd"),
    ("Origin", "http://localhost:5173"), ("Referer", "http://localhost:5173/"),
    ("Sec-Fetch-Site", "same-site"), ("Sec-Fetch-Mode", "cors"), ("Sec-Fetch-Dest", "empty"),
    ("sec-ch-ua", #""Chromium";v="131", "Not_A Brand";v="24""#), ("sec-ch-ua-mobile", "?0"),
    ("sec-ch-ua-platform", #""Linux""#),
    ("Cookie", (0..<40).map { "cookie\($0)=\(String(repeating: "v", count: 91))" }.joined(separator: "; ")),
  ]

  @Test func aBrowsersRequestWithAFullCookieJarIsServedByDefault() throws {
    let cookie = try #require(Self.browserHeaders.last?.1)
    #expect(cookie.utf8.count > 4000)
    let fixture = try HTTPTestServer.layoutd(options: try LayoutdOptions.running([]))
    let served = try fixture.client().request(
      method: "POST", path: "/avoid", headers: Self.browserHeaders, body: ErrorTests.valid)
    #expect(served.status == 200)
    // libmicrohttpd keeps the Cookie twice, with 64 bytes per cookie: under the old default
    // of 8 KiB the same request is over the limit.
    let small = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running(["--max-header-bytes", "8192"]))
    let refused = try small.client().request(
      method: "POST", path: "/avoid", headers: Self.browserHeaders, body: ErrorTests.valid)
    #expect(refused.status == 431)
  }

  @Test func bodiesOverMaxBodyBytesAre413() throws {
    let fixture = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running(["--max-body-bytes", "1024"]))
    let padding = String(repeating: " ", count: 1024 - ErrorTests.valid.utf8.count)
    #expect(try fixture.client().post("/avoid", ErrorTests.valid + padding).status == 200)
    let announced = try fixture.client()
    let over = try announced.request(
      method: "POST", path: "/avoid", headers: [("Content-Type", "application/json")],
      body: ErrorTests.valid + padding + " ")
    #expect(over.status == 413)
    #expect(over.headers["Content-Type"] == "application/problem+json")
    // A body a little over the limit is read and dropped before its answer: the connection
    // serves on.
    #expect(try announced.request(path: "/healthz").status == 200)
    let chunked = try fixture.client().request(
      method: "POST", path: "/avoid", headers: [("Transfer-Encoding", "chunked")],
      body: "400\r\n" + String(repeating: " ", count: 1024) + "\r\n1\r\n \r\n0\r\n\r\n")
    #expect(chunked.status == 413)
  }

  @Test func flagsReachTheServerConfiguration() throws {
    let options = try LayoutdOptions.running([
      "--max-connections", "77", "--max-connections-per-client", "5", "--connection-timeout", "3",
      "--max-header-bytes", "4096", "--max-body-bytes", "2048", "--shutdown-grace", "4",
    ])
    let configuration = options.server
    #expect(configuration.maxConnections == 77)
    #expect(configuration.perClientConnectionLimit == 5)
    #expect(configuration.connectionTimeout == 3)
    #expect(configuration.maxHeaderBytes == 4096)
    #expect(configuration.maxBodyBytes == 2048)
    #expect(configuration.drainTimeout == 4)
  }
}
