import Foundation
import LayoutCore
import Testing

/// `/sheet` bodies: an iPhone 14 with its safe areas and a sheet of two detents (§14's example).
enum SheetBodies {
  static let base =
    #""container": {"x": 0, "y": 0, "width": 390, "height": 844}, "safeArea": {"top": 47, "left": 0, "bottom": 34, "right": 0}"#
  static let field =
    #""field": {"x": 16, "y": 400, "width": 358, "height": 44}, "contentOffset": {"x": 0, "y": 0}, "contentSize": {"width": 390, "height": 900}"#

  /// A body with the base members, `detents` (raw JSON) and `members`; a keyboard of 336 unless
  /// `members` names one.
  static func body(detents: String = "[300, 600]", _ members: String = "") -> String {
    let keyboard =
      ["\"keyboard\"", "\"keyboardHeight\"", "\"viewport\""].contains(where: members.contains)
      ? "" : #", "keyboardHeight": 336"#
    return "{\(base), \"detents\": \(detents)\(keyboard)\(members.isEmpty ? "" : ", \(members)")}"
  }
}

@Suite("§14 sheet validation: each rule gives its kind and the member's pointer")
struct SheetValidationTests {
  func expectError(
    _ body: String, _ kind: LayoutValidationError.Kind, _ pointer: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = Decoding.error(SheetRequest.self, body)
    #expect(error?.kind == kind, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.pointer == pointer, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.detail.isEmpty == false, sourceLocation: sourceLocation)
  }

  @Test("a minimal request gets every default")
  func defaults() throws {
    let request = try Decoding.decode(SheetRequest.self, SheetBodies.body())
    #expect(request.detents == [300, 600])
    #expect(request.detent == 0)
    #expect(request.keyboardBehavior == .interactive)
    #expect(request.topInset == 0)
    #expect(request.header == 0)
    #expect(request.field == nil && request.contentOffset == nil && request.contentSize == nil)
    #expect(request.contentInset == .zero)
    #expect(request.margin == 10)
    #expect(request.keyboard == .height(336))
    #expect(request.undocked == .ignore)
    #expect(request.animation == nil)
    #expect(request.track == false)
  }

  @Test("every member read as sent; nulls read as absent; 2.0 is the detent 2")
  func members() throws {
    let request = try Decoding.decode(
      SheetRequest.self,
      SheetBodies.body(
        detents: "[100, 300.5, 0, 600]",
        #""detent": 2.0, "keyboardBehavior": "fillParent", "topInset": 12, "header": 56, "margin": 4, "contentInset": {"bottom": 8}, \#(SheetBodies.field), "track": true"#
      ))
    #expect(request.detents == [100, 300.5, 0, 600])
    #expect(request.detent == 2)
    #expect(request.keyboardBehavior == .fillParent)
    #expect(request.topInset == 12 && request.header == 56 && request.margin == 4)
    #expect(request.contentInset == Insets(bottom: 8))
    #expect(request.field == Rect(x: 16, y: 400, width: 358, height: 44))
    #expect(request.track)
    let nulls = try Decoding.decode(
      SheetRequest.self,
      SheetBodies.body(
        #""detent": null, "keyboardBehavior": null, "topInset": null, "header": null, "field": null, "margin": null"#
      ))
    #expect(nulls.detent == 0 && nulls.keyboardBehavior == .interactive && nulls.margin == 10)
    for behavior in SheetKeyboardBehavior.allCases {
      let read = try Decoding.decode(
        SheetRequest.self, SheetBodies.body(#""keyboardBehavior": "\#(behavior.rawValue)""#))
      #expect(read.keyboardBehavior == behavior)
    }
  }

  @Test("detents: missing, null, not an array, empty, too many, an item of the wrong type or negative")
  func detents() {
    expectError("{\(SheetBodies.base), \"keyboardHeight\": 336}", .missingMember, "/detents")
    expectError(SheetBodies.body(detents: "null"), .wrongType, "/detents")
    expectError(SheetBodies.body(detents: "300"), .wrongType, "/detents")
    expectError(SheetBodies.body(detents: "{}"), .wrongType, "/detents")
    expectError(SheetBodies.body(detents: "[]"), .outOfRange, "/detents")
    expectError(
      SheetBodies.body(detents: "[" + Array(repeating: "100", count: 17).joined(separator: ",") + "]"),
      .tooMany,
      "/detents")
    expectError(SheetBodies.body(detents: #"[300, "600"]"#), .wrongType, "/detents/1")
    expectError(SheetBodies.body(detents: "[300, null]"), .wrongType, "/detents/1")
    expectError(SheetBodies.body(detents: "[300, [1]]"), .wrongType, "/detents/1")
    expectError(SheetBodies.body(detents: "[300, -5]"), .negative, "/detents/1")
    expectError(SheetBodies.body(detents: "[2e9]"), .outOfRange, "/detents/0")
    expectError(SheetBodies.body(detents: "[300, 1e400]"), .notFinite, "/detents/1")
    #expect(Decoding.error(SheetRequest.self, SheetBodies.body(detents: "[0]")) == nil)
    let sixteen = "[" + Array(repeating: "100", count: 16).joined(separator: ",") + "]"
    #expect(Decoding.error(SheetRequest.self, SheetBodies.body(detents: sixteen)) == nil)
    let error = Decoding.error(SheetRequest.self, SheetBodies.body(detents: "[300, -5]"))
    #expect(error?.detail == "`detents[1]` must be ≥ 0, got -5.")
  }

  @Test("detent: not an integer, outside the detents (checked once they are valid), a wrong type")
  func detent() {
    expectError(SheetBodies.body(#""detent": 0.5"#), .notAnInteger, "/detent")
    expectError(SheetBodies.body(#""detent": 2"#), .outOfRange, "/detent")
    expectError(SheetBodies.body(#""detent": -1"#), .outOfRange, "/detent")
    expectError(SheetBodies.body(#""detent": 2e9"#), .outOfRange, "/detent")
    expectError(SheetBodies.body(#""detent": 1e400"#), .notFinite, "/detent")
    expectError(SheetBodies.body(#""detent": "1""#), .wrongType, "/detent")
    // The detents' own fault comes first.
    expectError(SheetBodies.body(detents: "[]", #""detent": 3"#), .outOfRange, "/detents")
    #expect(Decoding.error(SheetRequest.self, SheetBodies.body(#""detent": 1"#)) == nil)
    #expect(Decoding.error(SheetRequest.self, SheetBodies.body(#""detent": -0"#)) == nil)
  }

  @Test("keyboardBehavior: an unknown value, case counts, a wrong type")
  func keyboardBehavior() {
    expectError(SheetBodies.body(#""keyboardBehavior": "fill""#), .unknownValue, "/keyboardBehavior")
    expectError(SheetBodies.body(#""keyboardBehavior": "Extend""#), .unknownValue, "/keyboardBehavior")
    expectError(SheetBodies.body(#""keyboardBehavior": 1"#), .wrongType, "/keyboardBehavior")
    let error = Decoding.error(SheetRequest.self, SheetBodies.body(#""keyboardBehavior": "fill""#))
    #expect(
      error?.detail == #"`keyboardBehavior` must be "interactive", "extend" or "fillParent", got "fill"."#)
  }

  @Test("a field without contentOffset or contentSize: missing at the one missing, contentOffset first")
  func fieldNeedsItsScrollView() {
    let field = #""field": {"x": 16, "y": 10, "width": 100, "height": 40}"#
    expectError(SheetBodies.body(field), .missingMember, "/contentOffset")
    expectError(
      SheetBodies.body(#"\#(field), "contentOffset": {"x": 0, "y": 0}"#), .missingMember, "/contentSize")
    expectError(
      SheetBodies.body(#"\#(field), "contentSize": {"width": 1, "height": 1}"#), .missingMember,
      "/contentOffset")
    // Without a field, a scroll view's members are read when sent, and not needed.
    #expect(Decoding.error(SheetRequest.self, SheetBodies.body(#""contentOffset": {"x": 0, "y": 4}"#)) == nil)
    expectError(
      SheetBodies.body(#""contentSize": {"width": -1, "height": 1}"#), .negative, "/contentSize/width")
  }

  @Test("the rest as on /avoid: sizes, insets, the keyboard, animation, track, viewport")
  func rest() {
    expectError(SheetBodies.body(#""topInset": -1"#), .negative, "/topInset")
    expectError(SheetBodies.body(#""header": -1"#), .negative, "/header")
    expectError(SheetBodies.body(#""margin": -1"#), .negative, "/margin")
    expectError(
      #"{"safeArea": {"top": -1}, "detents": [300], "keyboardHeight": 1, "container": {"x": 0, "y": 0, "width": 1, "height": 1}}"#,
      .negative, "/safeArea/top")
    expectError(#"{"detents": [300], "keyboardHeight": 1}"#, .missingMember, "/container")
    expectError(
      SheetBodies.body(
        #""field": {"x": 0, "y": 0, "width": -2, "height": 1}, "contentOffset": {"x": 0, "y": 0}"#),
      .negative, "/field/width")
    expectError("{\(SheetBodies.base), \"detents\": [300]}", .noKeyboard, "/keyboard")
    expectError(
      "{\(SheetBodies.base), \"detents\": [300], \"keyboardHeight\": 3, \"keyboard\": null}",
      .bothKeyboardAndHeight,
      "/keyboard")
    expectError(SheetBodies.body(#""animation": {"curve": 16}"#), .outOfRange, "/animation/curve")
    expectError(
      SheetBodies.body(#""animation": {"platform": "Android"}"#), .unknownValue, "/animation/platform")
    expectError(SheetBodies.body(#""track": "yes""#), .wrongType, "/track")
    expectError(SheetBodies.body(#""undocked": "never""#), .unknownValue, "/undocked")
    expectError(
      SheetBodies.body(
        #""viewport": {"layout": {"width": 390, "height": 664}, "visual": {"offsetLeft": 0, "offsetTop": 0, "width": 390, "height": 377, "scale": 1}}, "keyboardHeight": 3"#
      ), .conflictingMembers, "/viewport")
  }

  @Test("a request encodes and decodes back to the same request")
  func roundTrip() throws {
    let request = try Decoding.decode(
      SheetRequest.self,
      SheetBodies.body(#""detent": 1, "keyboardBehavior": "extend", "header": 56, \#(SheetBodies.field)"#))
    let data = try JSONEncoder().encode(request)
    #expect(try JSONDecoder().decode(SheetRequest.self, from: data) == request)
  }
}
