import Foundation
import Testing

/// `GET /openapi.yaml` serves the repository's `openapi.yaml`, the one source of the contract.
@Suite("GET /openapi.yaml")
struct OpenAPIRouteTests {
  static let fileOnDisk = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("openapi.yaml")

  @Test("serves the bytes of openapi.yaml as application/yaml")
  func servesTheFile() throws {
    let fixture = try ServiceFixture()
    let response = try fixture.client.request(method: "GET", path: "/openapi.yaml")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/yaml")
    let onDisk = Array(try Data(contentsOf: Self.fileOnDisk))
    #expect(!onDisk.isEmpty)
    #expect(response.body == onDisk)
  }

  @Test("HEAD answers the same headers without a body")
  func head() throws {
    let fixture = try ServiceFixture()
    let response = try fixture.client.request(method: "HEAD", path: "/openapi.yaml")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/yaml")
    #expect(response.body.isEmpty)
  }

  @Test("POST is not allowed")
  func post() throws {
    let fixture = try ServiceFixture()
    let response = try fixture.post("/openapi.yaml", "{}")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET, HEAD")
  }
}
