import HTTPTesting
import Testing

@testable import LayoutService

// Content negotiation: which `Content-Type`s are read as JSON (contract §7, 415) and which
// `Accept` headers get an SVG diagram instead of JSON.

@Suite("Content types read as JSON")
struct MediaTypeTests {
  @Test(arguments: [
    ("application/json", true), ("APPLICATION/JSON; charset=utf-8", true), (" text/plain ", true),
    ("application/x-www-form-urlencoded", true), ("application/merge-patch+json", true),
    ("application/+json", false), ("application/json-seq", false), ("text/json5", false),
    ("application/xml", false), ("", false), ("json", false), ("/+json", false),
    ("\tApplication/Merge-Patch+JSON ;q=1", true), ("text/plain;", true), (";application/json", false),
    ("application/é+json", true), ("applicatioñ/json", false), ("application/json\u{212A}", false),
    ("ᴀpplication/json", false), ("a/json+", false),
    // Sixteen bytes, as `application/json` (the value compared as two words).
    ("Application/JSON", true), ("application/jsoN", true), ("application\u{0F}json", false),
    ("applicationXjson", false), ("application/jso ", false), ("application/jsom", false),
    ("applic@tion/json", false), ("APPLICATION/JSO\u{0E}", false),
    // The type decides (contract §7): whatever its charset, the body is read as JSON, which is
    // UTF-8; one that is not is then 400.
    ("application/json; charset=UTF-8", true), (#"application/json;charset="utf-8""#, true),
    ("text/plain; charset=utf8", true), ("application/json; charset=US-ASCII", true),
    ("application/json; charset=", true), ("application/json; q=1; Charset = utf-8 ", true),
    ("application/json; charset=utf-16", true), ("text/plain;charset=ISO-8859-1", true),
    (#"application/merge-patch+json; x=1; charset="utf-16le""#, true),
  ])
  func readAsJSON(contentType: String, expected: Bool) {
    #expect(MediaType.isReadAsJSON(contentType) == expected)
  }
}

@Suite("Accept: JSON or an SVG diagram")
struct AnswerFormatTests {
  @Test(
    arguments: [
      (nil, AnswerFormat.json), ("", .json), ("*/*", .json), ("application/json", .json),
      ("image/svg+xml", .svg), ("IMAGE/SVG+XML", .svg), ("image/svg+xml; charset=utf-8", .svg),
      ("image/*", .svg), ("text/html", .json), ("image/png", .json),
      ("image/svg+xml, application/json", .json), ("application/json, image/svg+xml", .json),
      ("image/svg+xml, application/json;q=0.9", .svg), ("application/json;q=0.5, image/*", .svg),
      ("image/*;q=0.5, */*", .json), ("image/svg+xml;q=0.8, */*;q=0.1", .svg),
      ("image/svg+xml;q=0", .json), ("image/svg+xml;q=abc", .json), ("image/svg+xml;q=2", .json),
      ("image/svg+xml ; Q=0.7 , application/json ; q=0.6", .svg),
      ("image/svg+xml;q=0.2, image/*;q=0.9, application/json;q=0.5", .json),
      ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", .json),
      ("svg", .json), ("/", .json), (",,", .json),
    ] as [(String?, AnswerFormat)])
  func format(accept: String?, expected: AnswerFormat) {
    #expect(AnswerFormat(accept: accept) == expected)
  }
}

@Suite("Accept in several fields: one list")
struct RepeatedAcceptTests {
  /// Over a connection (its fields read again) and through the engine alone.
  @Test(arguments: [
    ([("Accept", "application/json;q=0.1"), ("Accept", "image/svg+xml")], "image/svg+xml"),
    ([("Accept", "*/*;q=0.5"), ("Accept", "image/svg+xml")], "image/svg+xml"),
    ([("Accept", "image/svg+xml;q=0.5 "), ("Accept", "application/json")], "application/json"),
    ([("Accept", "image/svg+xml"), ("Accept", "")], "image/svg+xml"),
  ])
  func theFieldsAreReadTogether(accept: [(String, String)], expected: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let headers = [("Content-Type", "application/json")] + accept
    for response in [
      try fixture.client().post("/avoid", ErrorTests.valid, headers: headers),
      try fixture.post("/avoid", ErrorTests.valid, headers: headers),
    ] {
      #expect(response.status == 200)
      #expect(response.headers["Content-Type"]?.hasPrefix(expected) == true, "\(accept)")
    }
  }
}
