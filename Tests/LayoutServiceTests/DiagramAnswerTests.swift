import Foundation
import HTTPTesting
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `POST /avoid` and `POST /caret-follow` answer an SVG diagram when `Accept` prefers it.
@Suite("SVG answers")
struct DiagramAnswerTests {
  static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples")

  private func example(_ name: String) throws -> String {
    try String(contentsOf: Self.examples.appendingPathComponent("\(name).json"), encoding: .utf8)
  }

  private func post(
    _ fixture: HTTPTestService, _ path: String, _ body: String, accept: String?
  ) throws -> TestResponse {
    var headers = [("Content-Type", "application/json")]
    if let accept { headers.append(("Accept", accept)) }
    return try fixture.post(path, body, headers: headers)
  }

  private func isWellFormedXML(_ bytes: [UInt8]) -> Bool {
    XMLParser(data: Data(bytes)).parse()
  }

  @Test func avoidAnswersSVGWhenAcceptPrefersIt() throws {
    let fixture = HTTPTestService.layoutd()
    let body = try example("translate")
    let json = try post(fixture, "/avoid", body, accept: nil)
    let offset = try #require(
      ((try json.jsonObject())["offset"] as? [String: Any])?["y"] as? Double)
    let svg = try post(fixture, "/avoid", body, accept: "image/svg+xml")
    #expect(svg.status == 200)
    #expect(svg.headers["Content-Type"] == "image/svg+xml")
    // A POST answer is not stored by caches (RFC 9111 §3): no `Vary`.
    #expect(svg.headers["Vary"] == nil)
    #expect(isWellFormedXML(svg.body))
    #expect(svg.bodyString.hasPrefix("<?xml"))
    #expect(svg.bodyString.contains("offset.y \(Int(offset))"))
    #expect(svg.bodyString.contains(#"id="after-field""#))
  }

  /// README shows `docs/avoid-translate.svg`; it must be what the service answers today.
  /// To renew it: `curl -s 127.0.0.1:8080/avoid -H 'Accept: image/svg+xml'
  /// -d @examples/translate.json > docs/avoid-translate.svg`.
  @Test func theDiagramInTheDocsIsCurrent() throws {
    let fixture = HTTPTestService.layoutd()
    let svg = try post(fixture, "/avoid", try example("translate"), accept: "image/svg+xml")
    let docs = Self.examples.deletingLastPathComponent().appendingPathComponent("docs/avoid-translate.svg")
    #expect(svg.body == Array(try Data(contentsOf: docs)))
  }

  @Test(arguments: ["scroll", "resize", "hide"])
  func everyModeHasADiagram(name: String) throws {
    let fixture = HTTPTestService.layoutd()
    let svg = try post(fixture, "/avoid", try example(name), accept: "image/svg+xml")
    #expect(svg.status == 200)
    #expect(svg.headers["Content-Type"] == "image/svg+xml")
    #expect(isWellFormedXML(svg.body))
  }

  @Test func caretFollowAnswersSVGWhenAcceptPrefersIt() throws {
    let fixture = HTTPTestService.layoutd()
    let body = try example("caret-follow")
    let svg = try post(fixture, "/caret-follow", body, accept: "application/json;q=0.5, image/svg+xml")
    #expect(svg.status == 200)
    #expect(svg.headers["Content-Type"] == "image/svg+xml")
    #expect(isWellFormedXML(svg.body))
    #expect(svg.bodyString.contains("POST /caret-follow"))
  }

  @Test func chatAnswersSVGWhenAsked() throws {
    let fixture = HTTPTestService.layoutd()
    let svg = try post(fixture, "/chat", try example("chat"), accept: "image/svg+xml")
    #expect(svg.status == 200)
    #expect(svg.headers["Content-Type"] == "image/svg+xml")
    #expect(isWellFormedXML(svg.body))
    #expect(svg.bodyString.contains("POST /chat · lift always"))
    #expect(svg.bodyString.contains(#"id="after-composer""#))
  }

  @Test(arguments: [nil, "*/*", "application/json", "image/svg+xml, application/json", "text/html"])
  func jsonStaysTheDefault(accept: String?) throws {
    let fixture = HTTPTestService.layoutd()
    let response = try post(fixture, "/avoid", try example("translate"), accept: accept)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/json")
    #expect(response.headers["Vary"] == nil)
    _ = try response.jsonObject()
  }

  @Test(arguments: [
    (
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"field":{"x":0,"y":0,"width":1,"height":1}}"#, 422
    ),
    ("{", 400), ("", 400),
  ])
  func errorsAreTheSameProblemsAsForJSON(body: String, status: Int) throws {
    let fixture = HTTPTestService.layoutd()
    let json = try post(fixture, "/avoid", body, accept: nil)
    let svg = try post(fixture, "/avoid", body, accept: "image/svg+xml")
    #expect(svg.status == status)
    #expect(svg.status == json.status)
    #expect(svg.headers["Content-Type"] == "application/problem+json")
    #expect(svg.body == json.body)
  }
}
