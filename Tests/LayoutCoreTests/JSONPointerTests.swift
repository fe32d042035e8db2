import Testing

@testable import LayoutCore

@Suite("JSON Pointers and member names from coding paths")
struct JSONPointerTests {
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
      stringValue = string
      intValue = nil
    }

    init(index: Int) {
      stringValue = "Index \(index)"
      intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
  }

  @Test("keys join with slashes; the empty path is the whole document")
  func pointers() {
    #expect(JSONPointer.pointer(for: []) == "")
    #expect(JSONPointer.pointer(for: [Key("keyboard"), Key("height")]) == "/keyboard/height")
    #expect(JSONPointer.pointer(for: [Key("items"), Key(index: 3), Key("x")]) == "/items/3/x")
    #expect(JSONPointer.pointer(for: [Key("")]) == "/")
  }

  @Test("~ and / are escaped as RFC 6901 §3 requires")
  func escaping() {
    #expect(JSONPointer.pointer(for: [Key("a/b"), Key("m~n")]) == "/a~1b/m~0n")
    // ~1 written literally must not be read back as /: ~ is escaped first.
    #expect(JSONPointer.escape("~1") == "~01")
    #expect(JSONPointer.escape("plain") == "plain")
  }

  @Test("member names read as in the detail sentences")
  func memberNames() {
    #expect(JSONPointer.memberName(for: []) == "")
    #expect(JSONPointer.memberName(for: [Key("safeArea"), Key("bottom")]) == "safeArea.bottom")
    #expect(JSONPointer.memberName(for: [Key("items"), Key(index: 0), Key("x")]) == "items[0].x")
  }

  @Test("a sentence's subject is a member name in backticks, or the body without them")
  func subjects() {
    #expect(JSONPointer.subject(for: []) == "The body")
    #expect(JSONPointer.subject(for: [Key("safeArea"), Key("bottom")]) == "`safeArea.bottom`")
    #expect(JSONPointer.subject(for: [Key("alsoReveal"), Key(index: 2)]) == "`alsoReveal[2]`")
  }
}
