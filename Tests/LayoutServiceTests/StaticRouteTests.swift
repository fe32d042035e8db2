import Foundation
import HTTPTesting
import Testing

// The static routes: files embedded at build time and served as they are on disk.

/// `GET /openapi.yaml` serves the repository's `openapi.yaml`, the one source of the contract.
@Suite("GET /openapi.yaml")
struct OpenAPIRouteTests {
  static let fileOnDisk = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("openapi.yaml")

  @Test("serves the bytes of openapi.yaml as application/yaml")
  func servesTheFile() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = fixture.request(method: "GET", path: "/openapi.yaml")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/yaml")
    let onDisk = Array(try Data(contentsOf: Self.fileOnDisk))
    #expect(!onDisk.isEmpty)
    #expect(response.body == onDisk)
  }

  @Test("HEAD answers the same headers without a body")
  func head() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.client().request(method: "HEAD", path: "/openapi.yaml")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/yaml")
    #expect(response.body.isEmpty)
  }

  @Test("POST is not allowed")
  func post() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post("/openapi.yaml", "{}")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET, HEAD")
  }
}

/// `GET /` serves the playground page embedded from `Assets/playground.html`.
@Suite("GET / (playground)")
struct PlaygroundRouteTests {
  static let fileOnDisk = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets/playground.html")

  @Test func servesThePageAsHTML() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = fixture.request(method: "GET", path: "/")
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
    let dispatch = #"{ "/avoid": avoid, "/caret-follow": caretFollow, "/chat": chat, "/sheet": sheet }"#
    #expect(page.contains(dispatch + "[request.path]"))
    #expect(page.contains(#""/avoid""#) && page.contains(#""/caret-follow""#) && page.contains(#""/chat""#))
    #expect(page.contains(#""/sheet""#) && page.contains("placeFixedBars(vp,"))
  }

  @Test func postIsNotAllowed() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post("/", "{}")
    #expect(response.status == 405)
  }
}

/// `GET /layoutd.d.ts` serves the TypeScript declarations of `/layoutd.js`, embedded from
/// `Assets/layoutd.d.ts`.
@Suite("GET /layoutd.d.ts")
struct ClientModuleTypesRouteTests {
  static let assets = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets")

  @Test func servesTheDeclarationsAsTypeScript() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = fixture.request(method: "GET", path: "/layoutd.d.ts")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/typescript; charset=utf-8")
    #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    let onDisk = Array(try Data(contentsOf: Self.assets.appendingPathComponent("layoutd.d.ts")))
    #expect(!onDisk.isEmpty)
    #expect(response.body == onDisk)
  }

  @Test func headAnswersTheSameHeadersWithoutABody() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.client().request(method: "HEAD", path: "/layoutd.d.ts")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/typescript; charset=utf-8")
    #expect(response.body.isEmpty)
  }

  @Test func theModuleNamesItsDeclarations() throws {
    let module = try String(contentsOf: Self.assets.appendingPathComponent("layoutd.js"), encoding: .utf8)
    // Deno reads the pragma only from the module's leading comments.
    #expect(module.hasPrefix(#"// @ts-self-types="./layoutd.d.ts""#))
    let declarations = try String(
      contentsOf: Self.assets.appendingPathComponent("layoutd.d.ts"), encoding: .utf8)
    for name in ["avoid", "caretFollow", "motionTiming", "animateAnswer"] {
      #expect(declarations.contains("export declare function \(name)("), "\(name)")
    }
    // The track's functions are generic over the track or answer they are given.
    for name in ["trackAt", "followKeyboard"] {
      #expect(declarations.contains("export declare function \(name)<"), "\(name)")
    }
    #expect(declarations.contains("export declare class LayoutdError extends Error"))
  }

  @Test func postIsNotAllowed() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post("/layoutd.d.ts", "{}")
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET, HEAD")
  }
}
