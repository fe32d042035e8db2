import Foundation
import LayoutCore
import Testing

/// `viewport` members for bodies: Safari on an iPhone 14, panned (§13's first example).
enum ViewportBodies {
  static let layout = #""layout": {"width": 390, "height": 664}"#
  static let visual =
    #""visual": {"offsetLeft": 0, "offsetTop": 157.5, "width": 390, "height": 377, "scale": 1}"#

  /// An /avoid body whose `viewport` holds `layout`, `visual` and `members`, and whose top level
  /// holds `outside` too.
  static func avoid(_ members: String = "", outside: String = "") -> String {
    var viewport = "\(layout), \(visual)"
    if !members.isEmpty { viewport += ", \(members)" }
    return Requests.avoid(#""viewport": {\#(viewport)}"# + (outside.isEmpty ? "" : ", \(outside)"))
  }

  /// An /avoid body whose `viewport` is exactly `viewport`.
  static func avoid(viewport: String) -> String {
    Requests.avoid(#""viewport": \#(viewport)"#)
  }
}

@Suite("§13 viewport validation: each rule gives its kind and the member's pointer")
struct ViewportValidationTests {
  func expectError(
    _ body: String, _ kind: LayoutValidationError.Kind, _ pointer: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = Decoding.error(AvoidRequest.self, body)
    #expect(error?.kind == kind, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.pointer == pointer, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.detail.isEmpty == false, sourceLocation: sourceLocation)
  }

  @Test("a minimal viewport gets every default")
  func defaults() throws {
    let request = try Decoding.decode(AvoidRequest.self, ViewportBodies.avoid())
    let viewport = try #require(request.keyboard.viewport)
    #expect(viewport.layout == Size(width: 390, height: 664))
    #expect(
      viewport.visual == VisualViewport(offsetLeft: 0, offsetTop: 157.5, width: 390, height: 377, scale: 1))
    #expect(viewport.interactiveWidget == .resizesVisual)
    #expect(viewport.restingHeight == nil)
    #expect(viewport.keyboardRect == nil)
    #expect(viewport.threshold == 150)
    #expect(request.screen == nil)
  }

  @Test("every member read as sent, nulls for the optional ones read as absent")
  func members() throws {
    let resting = try Decoding.decode(
      AvoidRequest.self,
      ViewportBodies.avoid(
        #""interactiveWidget": "resizes-content", "restingHeight": 839, "threshold": 0, "keyboardRect": null"#
      ))
    #expect(resting.keyboard.viewport?.interactiveWidget == .resizesContent)
    #expect(resting.keyboard.viewport?.restingHeight == 839)
    #expect(resting.keyboard.viewport?.threshold == 0)
    let overlays = try Decoding.decode(
      AvoidRequest.self,
      ViewportBodies.avoid(
        #""interactiveWidget": "overlays-content", "keyboardRect": {"x": 0, "y": 526, "width": 412, "height": 313}, "restingHeight": null, "threshold": null"#
      ))
    #expect(overlays.keyboard.viewport?.keyboardRect == Rect(x: 0, y: 526, width: 412, height: 313))
    #expect(overlays.keyboard.viewport?.threshold == 150)
    let defaulted = try Decoding.decode(
      AvoidRequest.self, ViewportBodies.avoid(#""interactiveWidget": null"#))
    #expect(defaulted.keyboard.viewport?.interactiveWidget == .resizesVisual)
    // One optional member beside `layout` and `visual` is read as well as several are.
    let threshold = try Decoding.decode(AvoidRequest.self, ViewportBodies.avoid(#""threshold": 20"#))
    #expect(threshold.keyboard.viewport?.threshold == 20)
  }

  /// The optional members are read until as many were found as the object holds besides `layout`
  /// and `visual`: a `null` or a member the contract does not name counts among those, so the
  /// members after it are still read, in any order, and a member of another mode still conflicts.
  @Test("nulls and unknown members do not hide the members after them")
  func membersAfterNullsAndUnknownOnes() throws {
    let rect = #""keyboardRect": {"x": 0, "y": 526, "width": 412, "height": 313}"#
    for extra in [#""interactiveWidget": null"#, #""restingHeight": null"#, #""note": "pinned""#] {
      let threshold = try Decoding.decode(
        AvoidRequest.self, ViewportBodies.avoid("\(extra), \"threshold\": 20"))
      #expect(threshold.keyboard.viewport?.threshold == 20, "\(extra)")
    }
    for extra in [#""restingHeight": null"#, #""threshold": null"#, #""note": "pinned""#] {
      let overlays = try Decoding.decode(
        AvoidRequest.self,
        ViewportBodies.avoid("\(extra), \(rect), \"interactiveWidget\": \"overlays-content\""))
      #expect(
        overlays.keyboard.viewport?.keyboardRect == Rect(x: 0, y: 526, width: 412, height: 313), "\(extra)")
      #expect(overlays.keyboard.viewport?.interactiveWidget == .overlaysContent, "\(extra)")
    }
    for extra in [#""keyboardRect": null"#, #""note": "pinned""#] {
      let resting = try Decoding.decode(
        AvoidRequest.self,
        ViewportBodies.avoid(
          "\"threshold\": 40, \(extra), \"restingHeight\": 700, \"interactiveWidget\": \"resizes-content\""))
      #expect(resting.keyboard.viewport?.restingHeight == 700, "\(extra)")
      #expect(resting.keyboard.viewport?.threshold == 40, "\(extra)")
    }
    // The page's mode is absent (null): a keyboardRect after it is another mode's.
    expectError(
      ViewportBodies.avoid(#""interactiveWidget": null, \#(rect)"#), .conflictingMembers,
      "/viewport/keyboardRect")
    expectError(
      ViewportBodies.avoid(#""note": 1, "restingHeight": 700"#), .conflictingMembers,
      "/viewport/restingHeight")
    // Every optional member at once: the first rule broken, in the contract's order, is reported.
    expectError(
      ViewportBodies.avoid(
        #""threshold": -1, \#(rect), "restingHeight": 700, "interactiveWidget": "overlays-content""#),
      .conflictingMembers, "/viewport/restingHeight")
    expectError(
      ViewportBodies.avoid(#""threshold": -1, \#(rect), "interactiveWidget": "overlays-content""#),
      .negative, "/viewport/threshold")
  }

  @Test(
    "viewport with keyboard, keyboardHeight or screen conflicts at /viewport; their nulls do not, but keyboard: null does"
  )
  func conflicts() throws {
    expectError(ViewportBodies.avoid(outside: #""keyboardHeight": 287"#), .conflictingMembers, "/viewport")
    expectError(
      ViewportBodies.avoid(outside: #""keyboard": {"x": 0, "y": 377, "width": 390, "height": 287}"#),
      .conflictingMembers, "/viewport")
    expectError(ViewportBodies.avoid(outside: #""keyboard": null"#), .conflictingMembers, "/viewport")
    expectError(
      ViewportBodies.avoid(outside: #""screen": {"x": 0, "y": 0, "width": 390, "height": 664}"#),
      .conflictingMembers, "/viewport")
    let nulls = try Decoding.decode(
      AvoidRequest.self, ViewportBodies.avoid(outside: #""keyboardHeight": null, "screen": null"#))
    #expect(nulls.keyboard.viewport != nil)
    // `viewport: null` is absent: the keyboard must come another way.
    expectError(Requests.avoid(#""viewport": null"#), .noKeyboard, "/keyboard")
    let height = try Decoding.decode(
      AvoidRequest.self, Requests.avoid(#""viewport": null, "keyboardHeight": 336"#))
    #expect(height.keyboard == .height(336))
  }

  @Test(
    "a broken keyboardHeight, keyboard, viewport or screen is reported before the rules against sending two of them"
  )
  func brokenBeforeConflicts() {
    expectError(ViewportBodies.avoid(outside: #""keyboardHeight": -1"#), .negative, "/keyboardHeight")
    expectError(ViewportBodies.avoid(outside: #""keyboard": {"x": 0}"#), .missingMember, "/keyboard/y")
    expectError(ViewportBodies.avoid(outside: #""keyboard": 5"#), .wrongType, "/keyboard")
    expectError(
      ViewportBodies.avoid(outside: #""screen": {"x": 0, "y": 0, "width": -1, "height": 664}"#), .negative,
      "/screen/width")
    let zoomedOut =
      #"{\#(ViewportBodies.layout), "visual": {"offsetLeft": 0, "offsetTop": 0, "width": 390, "height": 377, "scale": 0}}"#
    expectError(
      Requests.avoid(#""keyboardHeight": 5, "viewport": \#(zoomedOut)"#), .outOfRange,
      "/viewport/visual/scale")
    // Then both-keyboard-and-height, then conflicting-members.
    expectError(
      ViewportBodies.avoid(outside: #""keyboardHeight": 287, "keyboard": null"#), .bothKeyboardAndHeight,
      "/keyboard")
    expectError(
      ViewportBodies.avoid(outside: #""keyboardHeight": 287, "screen": {"x": 0, "y": 0, "width": 390}"#),
      .missingMember, "/screen/height")
    // The same order without viewport: the screen is read before the two keyboards are compared.
    expectError(
      Requests.avoid(#""keyboardHeight": 287, "keyboard": null, "screen": {"x": 0, "y": 0, "width": 390}"#),
      .missingMember, "/screen/height")
  }

  @Test("null for layout, visual or one of the five visual members is a missing member")
  func nullsAreMissing() {
    expectError(
      ViewportBodies.avoid(viewport: "{\(ViewportBodies.visual)}"), .missingMember, "/viewport/layout")
    expectError(
      ViewportBodies.avoid(viewport: #"{"layout": null, \#(ViewportBodies.visual)}"#), .missingMember,
      "/viewport/layout")
    expectError(
      ViewportBodies.avoid(viewport: #"{\#(ViewportBodies.layout), "visual": null}"#), .missingMember,
      "/viewport/visual")
    for member in ["offsetLeft", "offsetTop", "width", "height", "scale"] {
      var visual: [String: Any] = ["offsetLeft": 0, "offsetTop": 0, "width": 390, "height": 377, "scale": 1]
      visual[member] = NSNull()
      let nulled = String(decoding: try! JSONSerialization.data(withJSONObject: visual), as: UTF8.self)
      expectError(
        ViewportBodies.avoid(viewport: #"{\#(ViewportBodies.layout), "visual": \#(nulled)}"#), .missingMember,
        "/viewport/visual/\(member)")
      visual.removeValue(forKey: member)
      let absent = String(decoding: try! JSONSerialization.data(withJSONObject: visual), as: UTF8.self)
      expectError(
        ViewportBodies.avoid(viewport: #"{\#(ViewportBodies.layout), "visual": \#(absent)}"#), .missingMember,
        "/viewport/visual/\(member)")
    }
  }

  @Test(
    "keyboardRect without overlays-content and restingHeight without resizes-content conflict at their member"
  )
  func membersOfAnotherMode() {
    let rect = #""keyboardRect": {"x": 0, "y": 377, "width": 390, "height": 287}"#
    expectError(ViewportBodies.avoid(rect), .conflictingMembers, "/viewport/keyboardRect")
    expectError(
      ViewportBodies.avoid(#""interactiveWidget": "resizes-content", \#(rect)"#), .conflictingMembers,
      "/viewport/keyboardRect")
    expectError(
      ViewportBodies.avoid(#""restingHeight": 839"#), .conflictingMembers, "/viewport/restingHeight")
    expectError(
      ViewportBodies.avoid(#""interactiveWidget": "overlays-content", "restingHeight": 839"#),
      .conflictingMembers, "/viewport/restingHeight")
    // Each detail names the member and the one mode it is read with.
    #expect(
      Decoding.error(AvoidRequest.self, ViewportBodies.avoid(rect))?.detail
        == #"`keyboardRect` is read only with `interactiveWidget: "overlays-content"`."#)
    #expect(
      Decoding.error(AvoidRequest.self, ViewportBodies.avoid(#""restingHeight": 839"#))?.detail
        == #"`restingHeight` is read only with `interactiveWidget: "resizes-content"`."#)
  }

  @Test("scale outside [0.01, 100] is out of range; the bounds themselves are valid")
  func scale() throws {
    func body(_ scale: String) -> String {
      ViewportBodies.avoid(
        viewport:
          #"{\#(ViewportBodies.layout), "visual": {"offsetLeft": 0, "offsetTop": 0, "width": 390, "height": 377, "scale": \#(scale)}}"#
      )
    }
    for bad in ["0", "0.0099", "-1", "100.5", "1e9"] {
      expectError(body(bad), .outOfRange, "/viewport/visual/scale")
    }
    expectError(body("1e400"), .notFinite, "/viewport/visual/scale")
    expectError(body("\"2\""), .wrongType, "/viewport/visual/scale")
    for good in ["0.01", "100", "2.5"] {
      #expect(Decoding.error(AvoidRequest.self, body(good)) == nil, "\(good)")
    }
  }

  @Test("sizes and numbers as section 2 says; the offsets may be negative")
  func numbers() throws {
    expectError(
      ViewportBodies.avoid(viewport: #"{"layout": {"width": -1, "height": 664}, \#(ViewportBodies.visual)}"#),
      .negative, "/viewport/layout/width")
    expectError(
      ViewportBodies.avoid(viewport: #"{"layout": {"width": 390}, \#(ViewportBodies.visual)}"#),
      .missingMember,
      "/viewport/layout/height")
    expectError(
      ViewportBodies.avoid(
        viewport:
          #"{\#(ViewportBodies.layout), "visual": {"offsetLeft": 0, "offsetTop": 0, "width": -390, "height": 377, "scale": 1}}"#
      ), .negative, "/viewport/visual/width")
    expectError(
      ViewportBodies.avoid(
        viewport:
          #"{\#(ViewportBodies.layout), "visual": {"offsetLeft": 0, "offsetTop": 0, "width": 390, "height": -1, "scale": 1}}"#
      ), .negative, "/viewport/visual/height")
    expectError(
      ViewportBodies.avoid(
        viewport:
          #"{\#(ViewportBodies.layout), "visual": {"offsetLeft": 2e9, "offsetTop": 0, "width": 390, "height": 377, "scale": 1}}"#
      ), .outOfRange, "/viewport/visual/offsetLeft")
    expectError(
      ViewportBodies.avoid(#""interactiveWidget": "resizes-content", "restingHeight": -5"#), .negative,
      "/viewport/restingHeight")
    expectError(ViewportBodies.avoid(#""threshold": -1"#), .negative, "/viewport/threshold")
    expectError(
      ViewportBodies.avoid(
        #""interactiveWidget": "overlays-content", "keyboardRect": {"x": 0, "y": 377, "width": 390, "height": -287}"#
      ),
      .negative, "/viewport/keyboardRect/height")
    let banded = try Decoding.decode(
      AvoidRequest.self,
      ViewportBodies.avoid(
        viewport:
          #"{\#(ViewportBodies.layout), "visual": {"offsetLeft": -3, "offsetTop": -42, "width": 390, "height": 377, "scale": 1}}"#
      ))
    #expect(banded.keyboard.viewport?.visual.offsetTop == -42)
  }

  @Test("interactiveWidget: an unknown value, a wrong type, case counts")
  func interactiveWidget() {
    expectError(
      ViewportBodies.avoid(#""interactiveWidget": "resizes-layout""#), .unknownValue,
      "/viewport/interactiveWidget")
    expectError(
      ViewportBodies.avoid(#""interactiveWidget": "Resizes-Visual""#), .unknownValue,
      "/viewport/interactiveWidget")
    expectError(ViewportBodies.avoid(#""interactiveWidget": 2"#), .wrongType, "/viewport/interactiveWidget")
    let error = Decoding.error(AvoidRequest.self, ViewportBodies.avoid(#""interactiveWidget": "resizes""#))
    #expect(
      error?.detail
        == #"`viewport.interactiveWidget` must be "resizes-visual", "resizes-content" or "overlays-content", got "resizes"."#
    )
  }

  @Test("viewport that is not an object is a wrong type; no keyboard at all names viewport too")
  func shape() {
    expectError(Requests.avoid(#""viewport": 5"#), .wrongType, "/viewport")
    expectError(Requests.avoid(#""viewport": [1]"#), .wrongType, "/viewport")
    let none = Decoding.error(AvoidRequest.self, Requests.avoid(#""margin": 4"#))
    #expect(none?.kind == .noKeyboard)
    #expect(none?.detail.contains("viewport") == true)
  }

  @Test("/caret-follow and /chat read viewport by the same rules")
  func otherEndpoints() throws {
    let caret = try Decoding.decode(
      CaretFollowRequest.self,
      Requests.caret(#""viewport": {\#(ViewportBodies.layout), \#(ViewportBodies.visual)}"#))
    #expect(caret.keyboard.viewport?.layout == Size(width: 390, height: 664))
    let error = Decoding.error(
      CaretFollowRequest.self,
      Requests.caret(
        #""keyboardHeight": 3, "viewport": {\#(ViewportBodies.layout), \#(ViewportBodies.visual)}"#))
    #expect(error?.kind == .conflictingMembers)
    #expect(error?.pointer == "/viewport")
    let chat = try Decoding.decode(
      ChatRequest.self,
      ChatRequests.body(
        #""viewport": {\#(ViewportBodies.layout), \#(ViewportBodies.visual), "threshold": 10}"#))
    #expect(chat.keyboard.viewport?.threshold == 10)
  }

  @Test("a request with viewport encodes it and decodes back to the same request")
  func roundTrip() throws {
    for members in [
      "", #""interactiveWidget": "resizes-content", "restingHeight": 839"#,
      #""interactiveWidget": "overlays-content", "keyboardRect": {"x": 0, "y": 526, "width": 412, "height": 313}, "threshold": 3"#,
    ] {
      let request = try Decoding.decode(AvoidRequest.self, ViewportBodies.avoid(members))
      let data = try JSONEncoder().encode(request)
      #expect(try JSONDecoder().decode(AvoidRequest.self, from: data) == request)
      let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
      #expect(json["viewport"] is [String: Any] && json["keyboard"] == nil && json["keyboardHeight"] == nil)
    }
  }
}
