import HTTPTesting
import Testing

@testable import LayoutService

/// CORS: preflights on the computing routes and the headers on every actual answer.
@Suite("CORS", .tags(.threads))
struct CORSTests {
  static let allowed = "https://app.example"
  static let list = CORSPolicy(origins: [allowed, "http://localhost:3000"])

  func preflight(_ fixture: HTTPTestServer, _ path: String, origin: String) -> TestResponse {
    fixture.request(
      method: "OPTIONS", path: path,
      headers: [
        ("Origin", origin), ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "content-type"),
      ])
  }

  @Test(arguments: LayoutAPI.computingRoutes)
  func preflightWithAnyOriginAllowed(path: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = preflight(fixture, path, origin: "https://anywhere.example")
    #expect(response.status == 204)
    #expect(response.body.isEmpty)
    #expect(response.headers["Access-Control-Allow-Origin"] == "*")
    #expect(response.headers["Access-Control-Allow-Methods"]?.contains("POST") == true)
    let allowHeaders = response.headers["Access-Control-Allow-Headers"]?.lowercased() ?? ""
    #expect(allowHeaders.contains("content-type"))
    #expect(allowHeaders.contains("x-request-id"))
    #expect(Int(response.headers["Access-Control-Max-Age"] ?? "") ?? 0 > 0)
    #expect(response.headers["Allow"] == "OPTIONS, POST")
  }

  @Test(arguments: LayoutAPI.computingRoutes)
  func preflightFromAListedOriginEchoesIt(path: String) throws {
    let fixture = try HTTPTestServer.layoutd(cors: Self.list)
    let response = preflight(fixture, path, origin: Self.allowed)
    #expect(response.status == 204)
    #expect(response.headers["Access-Control-Allow-Origin"] == Self.allowed)
    #expect(response.headers["Access-Control-Allow-Methods"]?.contains("POST") == true)
    // A preflight answer is cached by the browser by `Access-Control-Max-Age`, not by shared
    // caches: no `Vary`.
    #expect(response.headers["Vary"] == nil)
  }

  @Test func preflightFromAnotherOriginAllowsNothing() throws {
    let fixture = try HTTPTestServer.layoutd(cors: Self.list)
    let response = preflight(fixture, "/avoid", origin: "https://evil.example")
    #expect(response.status == 204)
    #expect(response.headers["Access-Control-Allow-Origin"] == nil)
    #expect(response.headers["Access-Control-Allow-Methods"] == nil)
    #expect(response.headers["Vary"] == nil)
  }

  @Test func plainOptionsWithoutOriginSaysAllow() throws {
    let fixture = try HTTPTestServer.layoutd(cors: Self.list)
    let response = fixture.request(method: "OPTIONS", path: "/avoid")
    #expect(response.status == 204)
    #expect(response.headers["Allow"] == "OPTIONS, POST")
    #expect(response.headers["Access-Control-Allow-Methods"] == nil)
  }

  /// Answers of every kind: 200, 400, 422, 404, 405 and the server's own 413, which a
  /// connection gets for a length announced over the limit before any body.
  func answers(_ fixture: HTTPTestServer, origin: String) throws -> [TestResponse] {
    let headers = [("Origin", origin)]
    let limit = try fixture.client().request(
      method: "POST", path: "/avoid", headers: headers + [("Content-Length", "99999999")])
    return [
      try fixture.post("/avoid", ErrorTests.valid, headers: jsonContentType + headers),
      try fixture.post("/avoid", "{", headers: jsonContentType + headers),
      try fixture.post("/caret-follow", "{}", headers: jsonContentType + headers),
      fixture.request(path: "/nowhere", headers: headers),
      fixture.request(method: "GET", path: "/avoid", headers: headers),
      limit,
    ]
  }

  @Test func everyAnswerCarriesTheCORSHeaders() throws {
    let fixture = try HTTPTestServer.layoutd { $0.maxBodyBytes = 4096 }
    let responses = try answers(fixture, origin: "https://anywhere.example")
    #expect(responses.map(\.status) == [200, 400, 422, 404, 405, 413])
    for response in responses {
      #expect(response.headers["Access-Control-Allow-Origin"] == "*", "\(response.status)")
      #expect(response.headers["Access-Control-Expose-Headers"] == "X-Request-Id", "\(response.status)")
    }
  }

  @Test func answersToAListedOriginNameIt() throws {
    let fixture = try HTTPTestServer.layoutd(cors: Self.list) { $0.maxBodyBytes = 4096 }
    for response in try answers(fixture, origin: Self.allowed) {
      #expect(response.headers["Access-Control-Allow-Origin"] == Self.allowed, "\(response.status)")
    }
    for response in try answers(fixture, origin: "https://evil.example") {
      #expect(response.headers["Access-Control-Allow-Origin"] == nil, "\(response.status)")
    }
  }

  @Test(arguments: [CORSPolicy.anyOrigin, CORSTests.list])
  func answersWithoutOriginCarryNoCORSHeadersAndCacheableOnesVaryOnOrigin(policy: CORSPolicy) throws {
    let fixture = try HTTPTestServer.layoutd(cors: policy) { $0.maxBodyBytes = 4096 }
    let limit = try fixture.client().request(
      method: "POST", path: "/avoid", headers: [("Content-Length", "99999999")])
    let responses = [
      try fixture.post("/avoid", ErrorTests.valid),
      try fixture.post("/caret-follow", "{}"),
      try fixture.post("/avoid/batch", "[]"),
      fixture.request(path: "/healthz"),
      fixture.request(path: "/nowhere"),
      limit,
    ]
    #expect(responses.map(\.status) == [200, 422, 200, 200, 404, 413])
    for (index, response) in responses.enumerated() {
      #expect(response.headers["Access-Control-Allow-Origin"] == nil, "\(response.status)")
      #expect(response.headers["Access-Control-Expose-Headers"] == nil, "\(response.status)")
      // What a cache may store (the GET answers) varies on `Origin`; POST answers are not stored
      // by caches (RFC 9111 §3), so they say nothing.
      let vary = response.headers.values(for: "Vary")
      #expect(vary == ([3, 4].contains(index) ? ["Origin"] : []), "\(response.status): \(vary)")
    }
    // With an Origin, the same answer is readable by the page.
    let withOrigin = try fixture.post(
      "/avoid", ErrorTests.valid, headers: jsonContentType + [("Origin", Self.allowed)])
    #expect(
      withOrigin.headers["Access-Control-Allow-Origin"] == (policy.allowsAnyOrigin ? "*" : Self.allowed))
    #expect(withOrigin.headers["Access-Control-Expose-Headers"] == "X-Request-Id")
    #expect(withOrigin.headers["Vary"] == nil)
    let cacheable = fixture.request(path: "/openapi.yaml", headers: [("Origin", Self.allowed)])
    #expect(cacheable.headers["Vary"] == "Origin")
  }

  @Test func policyMatchesOriginsExactly() {
    #expect(Self.list.allowedOrigin(for: Self.allowed) == Self.allowed)
    #expect(Self.list.allowedOrigin(for: Self.allowed + "/") == nil)
    #expect(Self.list.allowedOrigin(for: "https://app.example.evil") == nil)
    #expect(Self.list.allowedOrigin(for: nil) == nil)
    #expect(CORSPolicy.anyOrigin.allowedOrigin(for: nil) == "*")
    #expect(CORSPolicy(origins: ["https://a.example", "*"]).allowsAnyOrigin)
  }
}
