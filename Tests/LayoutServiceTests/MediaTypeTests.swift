import Testing

@testable import LayoutService

@Suite("Content types read as JSON")
struct MediaTypeTests {
  @Test(arguments: [
    ("application/json", true), ("APPLICATION/JSON; charset=utf-8", true), (" text/plain ", true),
    ("application/x-www-form-urlencoded", true), ("application/merge-patch+json", true),
    ("application/+json", false), ("application/json-seq", false), ("text/json5", false),
    ("application/xml", false), ("", false), ("json", false), ("/+json", false),
  ])
  func readAsJSON(contentType: String, expected: Bool) {
    #expect(MediaType.isReadAsJSON(contentType) == expected)
  }
}

@Suite("Content types: the byte reading agrees with the character reading")
struct MediaTypeAgreementTests {
  /// A few type parts, each plain, upper-cased, padded and with parameters.
  static let samples: [String] = {
    let types = [
      "application/json", "text/plain", "application/x-www-form-urlencoded", "application/merge-patch+json",
      "application/+json", "+json", "/+json", "a/+json", "a/b+json", "text/json", "json", "", "/", "a/json+",
      "Application/JSON", "text/plain;", ";application/json",
    ]
    return types.flatMap { type in
      [type, type.uppercased(), " \(type)\t", "\(type); charset=utf-8", "\t\(type.uppercased()) ;q=1"]
    }
  }()

  @Test(arguments: samples)
  func readsAlike(contentType: String) {
    #expect(MediaType.isReadAsJSON(contentType) == MediaType.isTextReadAsJSON(contentType))
  }
}
