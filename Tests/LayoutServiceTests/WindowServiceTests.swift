import Foundation
import HTTPTesting
import LayoutService
import LayoutTesting
import Testing

/// Contract §15 over HTTP: every error of `window` pointer-exact with either decoder, alone and in a
/// batch, in §15's order; and warnings on every endpoint.
@Suite("§15 window over HTTP")
struct WindowServiceTests {
  static let screen = #""screen": {"x": 0, "y": 0, "width": 1376, "height": 1032}"#
  static let window = #""window": {"x": 300, "y": 300, "width": 760, "height": 600}"#
  static let rest =
    #""container": {"x": 0, "y": 0, "width": 760, "height": 600}, "field": {"x": 40, "y": 200, "width": 680, "height": 44}"#
  static let page =
    #""viewport": {"layout": {"width": 390, "height": 664}, "visual": {"offsetLeft": 0, "offsetTop": 0, "width": 390, "height": 377, "scale": 1}}"#

  static func body(_ members: String...) -> String {
    "{" + ([rest] + members).joined(separator: ", ") + "}"
  }

  /// Each single fault, the problem it gets: kind and pointer.
  static let faults: [(body: String, type: String, pointer: String)] = [
    (body(#""window": [300, 300, 760, 600]"#, screen, #""keyboardHeight": 453"#), "wrong-type", "/window"),
    (body(#""window": 7"#, screen, #""keyboardHeight": 453"#), "wrong-type", "/window"),
    (
      body(#""window": {"x": 300, "y": 300, "width": 760}"#, screen, #""keyboardHeight": 453"#),
      "missing-member", "/window/height"
    ),
    (
      body(
        #""window": {"x": 300, "y": 300, "width": 760, "height": null}"#, screen, #""keyboardHeight": 453"#),
      "missing-member", "/window/height"
    ),
    (
      body(#""window": {"y": 300, "width": 760, "height": 600}"#, screen, #""keyboardHeight": 453"#),
      "missing-member", "/window/x"
    ),
    (
      body(
        #""window": {"x": "300", "y": 300, "width": 760, "height": 600}"#, screen, #""keyboardHeight": 453"#),
      "wrong-type", "/window/x"
    ),
    (
      body(
        #""window": {"x": 300, "y": 1e400, "width": 760, "height": 600}"#, screen, #""keyboardHeight": 453"#),
      "not-finite", "/window/y"
    ),
    (
      body(
        #""window": {"x": 2e9, "y": 300, "width": 760, "height": 600}"#, screen, #""keyboardHeight": 453"#),
      "out-of-range", "/window/x"
    ),
    (
      body(
        #""window": {"x": 300, "y": 300, "width": -760, "height": 600}"#, screen, #""keyboardHeight": 453"#),
      "negative", "/window/width"
    ),
    (
      body(#""window": {"x": 300, "y": 300, "width": 760, "height": -1}"#, screen, #""keyboardHeight": 453"#),
      "negative", "/window/height"
    ),
    (body(window, #""keyboardHeight": 453"#), "missing-member", "/screen"),
    (body(window, #""screen": null"#, #""keyboardHeight": 453"#), "missing-member", "/screen"),
    (
      body(window, #""keyboard": {"x": 0, "y": 579, "width": 1376, "height": 453}"#), "missing-member",
      "/screen"
    ),
    (body(window, #""keyboard": null"#), "missing-member", "/screen"),
    (body(window, page), "conflicting-members", "/viewport"),
    (body(window, screen, page), "conflicting-members", "/viewport"),
    // Order: the window's own fault first, then the conflict with viewport, then the missing screen.
    (body(#""window": {"x": 300, "y": 300, "width": -1, "height": 600}"#, page), "negative", "/window/width"),
  ]

  @Test(arguments: RequestDecoder.allCases)
  func everyFaultIsPointerExactAloneAndInABatch(decoder: RequestDecoder) throws {
    let fixture = HTTPTestService.layoutd(decoder: decoder)
    for fault in Self.faults {
      let response = try fixture.post("/avoid", fault.body)
      #expect(response.status == 422, "\(fault.body)")
      let problem = try response.jsonObject()
      #expect(problem["type"] as? String == "urn:layoutd:problem:" + fault.type, "\(fault.body) (\(decoder))")
      #expect(problem["pointer"] as? String == fault.pointer, "\(fault.body) (\(decoder))")
    }
    let batch = "[" + Self.faults.map(\.body).joined(separator: ",") + "]"
    let elements = try #require(try fixture.post("/avoid/batch", batch).json() as? [[String: Any]])
    #expect(elements.count == Self.faults.count)
    for (index, (element, fault)) in zip(elements, Self.faults).enumerated() {
      #expect(element["pointer"] as? String == "/\(index)" + fault.pointer, "\(fault.body) (\(decoder))")
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func nullWindowIsAbsentAndNegativeOriginsAreWindows(decoder: RequestDecoder) throws {
    let fixture = HTTPTestService.layoutd(decoder: decoder)
    let plain = try fixture.post("/avoid", Self.body(#""keyboardHeight": 453"#))
    let null = try fixture.post("/avoid", Self.body(#""window": null"#, #""keyboardHeight": 453"#))
    #expect(null.status == 200 && null.body == plain.body)
    // `window: null` with a web page's viewport is no conflict.
    #expect(try fixture.post("/avoid", Self.body(#""window": null"#, Self.page)).status == 200)
    let left = try fixture.post(
      "/avoid",
      Self.body(
        #""window": {"x": -100, "y": -20, "width": 760, "height": 600}"#, Self.screen,
        #""keyboardHeight": 453"#))
    #expect(left.status == 200)
  }

  @Test func everyEndpointTakesAWindowAndItsWarnings() throws {
    let fixture = HTTPTestService.layoutd()
    // Slide Over's missing strip (contract §15's worked example), sent to every endpoint.
    let window =
      #""window": {"x": 506, "y": 24, "width": 320, "height": 1150}, "screen": {"x": 0, "y": 0, "width": 834, "height": 1194}, "keyboard": {"x": 0, "y": 854, "width": 834, "height": 320}"#
    let container = #""container": {"x": 0, "y": 0, "width": 320, "height": 1150}"#
    let bodies = [
      "/avoid":
        "{\(container), \(window), \"field\": {\"x\": 16, \"y\": 900, \"width\": 288, \"height\": 44}}",
      "/caret-follow":
        "{\"textView\": {\"x\": 0, \"y\": 0, \"width\": 320, \"height\": 1150}, \(window), \"caret\": {\"x\": 0, \"y\": 10, \"width\": 2, \"height\": 20}, \"contentOffset\": {\"x\": 0, \"y\": 0}, \"contentSize\": {\"width\": 320, \"height\": 2000}}",
      "/chat":
        "{\(container), \(window), \"list\": {\"x\": 0, \"y\": 0, \"width\": 320, \"height\": 1100}, \"composer\": {\"x\": 0, \"y\": 1100, \"width\": 320, \"height\": 50}, \"contentOffset\": {\"x\": 0, \"y\": 0}, \"contentSize\": {\"width\": 320, \"height\": 2000}}",
      "/sheet": "{\(container), \(window), \"detents\": [300], \"track\": true}",
    ]
    #expect(Set(bodies.keys) == Set(LayoutAPI.operationPaths))
    for (path, body) in bodies {
      let response = try fixture.post(path, body)
      #expect(response.status == 200, "\(path): \(response.bodyString)")
      #expect(
        try response.jsonObject()["warnings"] as? [String] == ["keyboard-ends-at-window-bottom"], "\(path)")
      let batch = try #require(
        try fixture.post(path + "/batch", "[\(body), \(body)]").json() as? [[String: Any]])
      #expect(
        batch.allSatisfy { $0["warnings"] as? [String] == ["keyboard-ends-at-window-bottom"] }, "\(path)")
    }
  }
}
