import Foundation
import LayoutCore
import Testing

@Suite("§4.5 alsoReveal validation: each rule once, with its pointer")
struct AlsoRevealValidationTests {
  static let rect = #"{"x": 20, "y": 748, "width": 350, "height": 16}"#

  /// An /avoid body with `"alsoReveal": elements`.
  static func body(_ elements: String) -> String {
    Requests.avoid(#""keyboardHeight": 336, "alsoReveal": "# + elements)
  }

  /// `count` copies of a valid rect as a JSON array.
  static func rects(_ count: Int) -> String {
    "[" + Array(repeating: rect, count: count).joined(separator: ", ") + "]"
  }

  func expectError(
    _ elements: String, _ kind: LayoutValidationError.Kind, _ pointer: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = Decoding.error(AvoidRequest.self, Self.body(elements))
    #expect(error?.kind == kind, "\(elements)", sourceLocation: sourceLocation)
    #expect(error?.pointer == pointer, "\(elements)", sourceLocation: sourceLocation)
    #expect(error?.detail.isEmpty == false, sourceLocation: sourceLocation)
  }

  @Test("valid: rects in order; [] is an empty list; null is no list")
  func valid() throws {
    let request = try Decoding.decode(
      AvoidRequest.self, Self.body(#"[{"x": 0, "y": -5, "width": 0, "height": 0}, "# + Self.rect + "]"))
    #expect(
      request.alsoReveal == [
        Rect(x: 0, y: -5, width: 0, height: 0), Rect(x: 20, y: 748, width: 350, height: 16),
      ])
    #expect(try Decoding.decode(AvoidRequest.self, Self.body("[]")).alsoReveal == AlsoReveal())
    #expect(try Decoding.decode(AvoidRequest.self, Self.body("null")).alsoReveal == nil)
    #expect(try Decoding.decode(AvoidRequest.self, Requests.avoid(#""keyboard": null"#)).alsoReveal == nil)
  }

  @Test("16 rects are accepted; 17 are too many, at the array")
  func count() throws {
    #expect(try Decoding.decode(AvoidRequest.self, Self.body(Self.rects(16))).alsoReveal?.count == 16)
    expectError(Self.rects(17), .tooMany, "/alsoReveal")
    // The count is checked before the elements.
    expectError(
      "[" + Array(repeating: "null", count: 17).joined(separator: ",") + "]", .tooMany, "/alsoReveal")
  }

  @Test("not an array is a wrong type at /alsoReveal")
  func notAnArray() {
    expectError(Self.rect, .wrongType, "/alsoReveal")
    expectError("7", .wrongType, "/alsoReveal")
    expectError(#""button""#, .wrongType, "/alsoReveal")
  }

  @Test("an element that is not an object, null included, is a wrong type at its index")
  func elementNotAnObject() {
    expectError("[\(Self.rect), \(Self.rect), null]", .wrongType, "/alsoReveal/2")
    expectError("[\(Self.rect), [1, 2, 3, 4]]", .wrongType, "/alsoReveal/1")
    expectError("[5]", .wrongType, "/alsoReveal/0")
  }

  @Test("each element is validated like field, with pointers into the array")
  func elementMembers() {
    let bad = { (member: String) in "[\(Self.rect), \(Self.rect), {\(member)}]" }
    expectError(bad(#""x": 0, "y": 0, "width": 1"#), .missingMember, "/alsoReveal/2/height")
    expectError(bad(#""x": 0, "y": 0, "width": 1, "height": "16""#), .wrongType, "/alsoReveal/2/height")
    expectError(bad(#""x": 0, "y": 0, "width": 1, "height": null"#), .wrongType, "/alsoReveal/2/height")
    expectError(bad(#""x": 0, "y": 0, "width": 1, "height": -1"#), .negative, "/alsoReveal/2/height")
    expectError(bad(#""x": 0, "y": 2e9, "width": 1, "height": 1"#), .outOfRange, "/alsoReveal/2/y")
    expectError(bad(#""x": 0, "y": 0, "width": 1, "height": 1e400"#), .notFinite, "/alsoReveal/2/height")
  }

  @Test("the detail names the element in a sentence")
  func detail() {
    let error = Decoding.error(AvoidRequest.self, Self.body(#"[{"x": 0, "y": 0, "width": 1, "height": -1}]"#))
    #expect(error?.detail == "`alsoReveal[0].height` must be ≥ 0, got -1.")
    let tooMany = Decoding.error(AvoidRequest.self, Self.body(Self.rects(20)))
    #expect(tooMany?.detail == "`alsoReveal` holds at most 16 elements, got 20.")
  }

  @Test("requests and answers round-trip through Codable with their lists")
  func roundTrip() throws {
    let request = try Decoding.decode(AvoidRequest.self, Self.body(Self.rects(3)))
    let again = try JSONDecoder().decode(AvoidRequest.self, from: JSONEncoder().encode(request))
    #expect(again == request)
    let answer = avoid(request)
    #expect(answer.alsoRevealed?.count == 3)
    #expect(try JSONDecoder().decode(AvoidAnswer.self, from: JSONEncoder().encode(answer)) == answer)
  }
}
