import Testing

@testable import LayoutService

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
  ])
  func readAsJSON(contentType: String, expected: Bool) {
    #expect(MediaType.isReadAsJSON(contentType) == expected)
  }
}
