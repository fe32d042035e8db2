import Foundation
import Testing

/// `GET /` serves the playground page embedded from `Assets/playground.html`.
@Suite("GET / (playground)")
struct PlaygroundRouteTests {
  static let fileOnDisk = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets/playground.html")

  @Test func servesThePageAsHTML() throws {
    let fixture = try ServiceFixture()
    let response = try fixture.client.request(method: "GET", path: "/")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    #expect(response.headers["Content-Security-Policy"]?.contains("connect-src 'self'") == true)
    let onDisk = Array(try Data(contentsOf: Self.fileOnDisk))
    #expect(!onDisk.isEmpty)
    #expect(response.body == onDisk)
  }

  @Test func thePageIsSelfContained() throws {
    let page = try String(contentsOf: Self.fileOnDisk, encoding: .utf8)
    #expect(!page.contains("http://"))
    #expect(!page.contains("https://"))
    #expect(!page.contains("<script src"))
    #expect(!page.contains(#"rel="stylesheet""#))
    // Its requests go through the service's own module, from the same origin.
    #expect(page.contains(#"from "/layoutd.js""#))
    #expect(page.contains(#"request.path === "/avoid" ? avoid : caretFollow"#))
    #expect(page.contains(#""/avoid""#) && page.contains(#""/caret-follow""#))
  }

  @Test func postIsNotAllowed() throws {
    let fixture = try ServiceFixture()
    let response = try fixture.post("/", "{}")
    #expect(response.status == 405)
  }
}
