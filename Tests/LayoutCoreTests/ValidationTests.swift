import Foundation
import LayoutCore
import Testing

@Suite("Validation: each rule gives its kind and the member's pointer")
struct ValidationTests {
  func expectError(
    _ body: String, _ kind: LayoutValidationError.Kind, _ pointer: String, caret: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error =
      caret ? Decoding.error(CaretFollowRequest.self, body) : Decoding.error(AvoidRequest.self, body)
    #expect(error?.kind == kind, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.pointer == pointer, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.detail.isEmpty == false, sourceLocation: sourceLocation)
  }

  @Test("missing required members")
  func missing() {
    expectError(
      #"{"field": {"x": 0, "y": 0, "width": 1, "height": 1}, "keyboard": null}"#, .missingMember, "/container"
    )
    expectError(
      #"{"container": {"x": 0, "y": 0, "width": 1, "height": 1}, "field": {"x": 0, "y": 0, "width": 1}, "keyboard": null}"#,
      .missingMember, "/field/height")
    expectError(
      Requests.avoid(#""keyboard": {"x": 0, "y": 508, "width": 390}"#), .missingMember, "/keyboard/height")
    expectError(
      #"{"textView": {"x": 0, "y": 0, "width": 390, "height": 844}, "keyboard": null}"#, .missingMember,
      "/caret",
      caret: true)
  }

  @Test("the detail names the member in a sentence")
  func detailSentence() {
    let error = Decoding.error(
      AvoidRequest.self, Requests.avoid(#""keyboard": {"x": 0, "y": 508, "width": 390, "height": -1}"#))
    #expect(error?.detail == "`keyboard.height` must be ≥ 0, got -1.")
    let missing = Decoding.error(AvoidRequest.self, #"{"keyboard": null}"#)
    #expect(missing?.detail == "`container` is required.")
  }

  @Test("wrong types for every member type")
  func wrongTypes() {
    expectError(#"{"container": 5, "keyboard": null}"#, .wrongType, "/container")
    expectError(Requests.avoid(#""keyboard": "docked""#), .wrongType, "/keyboard")
    expectError(Requests.avoid(#""keyboard": null, "margin": "10""#), .wrongType, "/margin")
    expectError(Requests.avoid(#""keyboard": null, "mode": 3"#), .wrongType, "/mode")
    expectError(Requests.avoid(#""keyboard": null, "undocked": true"#), .wrongType, "/undocked")
    expectError(Requests.avoid(#""keyboard": null, "safeArea": [0, 0, 0, 0]"#), .wrongType, "/safeArea")
    expectError(Requests.avoid(#""keyboard": null, "safeArea": {"top": "47"}"#), .wrongType, "/safeArea/top")
    expectError(Requests.avoid(#""keyboard": null, "screen": "main""#), .wrongType, "/screen")
    expectError(Requests.avoid(#""keyboard": null, "animation": true"#), .wrongType, "/animation")
    expectError(
      Requests.avoid(#""keyboard": null, "animation": {"curve": "7"}"#), .wrongType, "/animation/curve")
    expectError(Requests.avoid(#""keyboardHeight": {}"#), .wrongType, "/keyboardHeight")
    expectError(
      Requests.avoid(
        #""keyboard": null, "mode": "scroll", "contentOffset": {"x": true, "y": 0}, "contentSize": {"width": 1, "height": 1}"#
      ),
      .wrongType, "/contentOffset/x")
    expectError(
      #"{"container": {"x": 0, "y": null, "width": 1, "height": 1}, "field": {"x": 0, "y": 0, "width": 1, "height": 1}, "keyboard": null}"#,
      .wrongType, "/container/y")
    expectError("[1, 2]", .wrongType, "")
    expectError(
      Requests.caret(#""keyboard": null, "lineHeight": "22""#), .wrongType, "/lineHeight", caret: true)
    expectError(
      #"{"textView": {"x": 0, "y": 0, "width": 390, "height": 844}, "caret": false, "keyboard": null}"#,
      .wrongType,
      "/caret", caret: true)
  }

  @Test("1e400 overflows a double: notFinite at that member")
  func unrepresentable() {
    // Foundation's JSONDecoder would report it as corrupted data with an empty coding path.
    expectError(
      Requests.avoid(#""keyboard": {"x": 0, "y": 508, "width": 390, "height": 1e400}"#), .notFinite,
      "/keyboard/height")
    expectError(Requests.avoid(#""keyboard": null, "margin": -1e400"#), .notFinite, "/margin")
    expectError(
      Requests.avoid(#""keyboard": null, "safeArea": {"left": 1e400}"#), .notFinite, "/safeArea/left")
    expectError(
      Requests.caret(#""keyboard": null, "lineHeight": 1e999"#), .notFinite, "/lineHeight", caret: true)
  }

  @Test("numbers beyond ±1e9 are out of range")
  func outOfRange() {
    expectError(
      #"{"container": {"x": 1e10, "y": 0, "width": 1, "height": 1}, "field": {"x": 0, "y": 0, "width": 1, "height": 1}, "keyboard": null}"#,
      .outOfRange, "/container/x")
    expectError(
      Requests.avoid(#""keyboard": null, "contentInset": {"bottom": -2e9}"#), .outOfRange,
      "/contentInset/bottom")
    expectError(Requests.avoid(#""keyboardHeight": 1000000001"#), .outOfRange, "/keyboardHeight")
  }

  @Test("negative sizes, margins, durations and safe-area insets")
  func negative() {
    expectError(
      Requests.avoid(#""keyboard": {"x": 0, "y": 508, "width": 390, "height": -1}"#), .negative,
      "/keyboard/height")
    expectError(
      Requests.avoid(#""keyboard": {"x": 0, "y": 508, "width": -390, "height": 1}"#), .negative,
      "/keyboard/width")
    expectError(Requests.avoid(#""keyboardHeight": -5"#), .negative, "/keyboardHeight")
    expectError(Requests.avoid(#""keyboard": null, "margin": -1"#), .negative, "/margin")
    expectError(
      Requests.avoid(#""keyboard": null, "animation": {"duration": -0.1}"#), .negative, "/animation/duration")
    expectError(
      Requests.avoid(#""keyboard": null, "safeArea": {"top": 47, "bottom": -1}"#), .negative,
      "/safeArea/bottom")
    expectError(
      Requests.avoid(
        #""keyboard": null, "mode": "scroll", "contentOffset": {"x": 0, "y": 0}, "contentSize": {"width": -1, "height": 1}"#
      ),
      .negative, "/contentSize/width")
    expectError(Requests.caret(#""keyboard": null, "lineHeight": -1"#), .negative, "/lineHeight", caret: true)
    expectError(
      Requests.caret(#""keyboard": null, "safeArea": {"right": -3}"#), .negative, "/safeArea/right",
      caret: true)
  }

  @Test("§2 safe-area insets are ≥ 0: each member, however little below 0, is negative at its pointer")
  func negativeSafeArea() {
    for member in ["top", "left", "bottom", "right"] {
      let safeArea = #""keyboard": null, "safeArea": {"\#(member)": -0.5}"#
      expectError(Requests.avoid(safeArea), .negative, "/safeArea/\(member)")
      expectError(Requests.caret(safeArea), .negative, "/safeArea/\(member)", caret: true)
    }
  }

  @Test("a negative contentInset and negative positions are allowed")
  func negativeAllowed() throws {
    let request = try Decoding.decode(
      AvoidRequest.self,
      Requests.avoid(
        #""keyboard": {"x": -10, "y": -20, "width": 1, "height": 1}, "contentInset": {"top": -5, "left": -1, "bottom": -2, "right": -3}"#
      ))
    #expect(request.contentInset == Insets(top: -5, left: -1, bottom: -2, right: -3))
    let caret = try Decoding.decode(
      CaretFollowRequest.self, Requests.caret(#""keyboard": null, "contentInset": {"top": -8}"#))
    #expect(caret.contentInset == Insets(top: -8))
  }

  @Test("unknown mode and undocked values")
  func unknownValues() {
    expectError(Requests.avoid(#""keyboard": null, "mode": "fly""#), .unknownValue, "/mode")
    expectError(Requests.avoid(#""keyboard": null, "mode": "Translate""#), .unknownValue, "/mode")
    expectError(Requests.avoid(#""keyboard": null, "undocked": "hide""#), .unknownValue, "/undocked")
    expectError(Requests.caret(#""keyboard": null, "undocked": """#), .unknownValue, "/undocked", caret: true)
    let error = Decoding.error(AvoidRequest.self, Requests.avoid(#""keyboard": null, "mode": "fly""#))
    #expect(error?.detail == #"`mode` must be "translate", "scroll" or "resize", got "fly"."#)
  }

  @Test("curve must be an integer 0…15")
  func curve() throws {
    expectError(
      Requests.avoid(#""keyboard": null, "animation": {"curve": 7.5}"#), .notAnInteger, "/animation/curve")
    expectError(
      Requests.avoid(#""keyboard": null, "animation": {"curve": 16}"#), .outOfRange, "/animation/curve")
    expectError(
      Requests.avoid(#""keyboard": null, "animation": {"curve": -1}"#), .outOfRange, "/animation/curve")
    let request = try Decoding.decode(
      AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": {"curve": 15.0, "duration": 0}"#))
    #expect(request.animation == KeyboardAnimation(duration: 0, curve: 15))
  }

  @Test("both keyboard and keyboardHeight, or neither, point at /keyboard")
  func bothOrNeither() {
    expectError(
      Requests.avoid(#""keyboard": {"x": 0, "y": 508, "width": 390, "height": 336}, "keyboardHeight": 336"#),
      .bothKeyboardAndHeight, "/keyboard")
    expectError(
      Requests.avoid(#""keyboard": null, "keyboardHeight": 336"#), .bothKeyboardAndHeight, "/keyboard")
    expectError(Requests.avoid(#""margin": 4"#), .noKeyboard, "/keyboard")
    expectError(
      Requests.caret(#""keyboard": null, "keyboardHeight": 0"#), .bothKeyboardAndHeight, "/keyboard",
      caret: true)
    expectError(Requests.caret(#""margin": 4"#), .noKeyboard, "/keyboard", caret: true)
  }

  @Test("scroll needs contentOffset and contentSize")
  func scrollRequirements() throws {
    expectError(
      Requests.avoid(#""keyboard": null, "mode": "scroll", "contentSize": {"width": 1, "height": 1}"#),
      .missingMember,
      "/contentOffset")
    expectError(
      Requests.avoid(#""keyboard": null, "mode": "scroll", "contentOffset": {"x": 0, "y": 0}"#),
      .missingMember,
      "/contentSize")
    // Other modes don't need them.
    let resize = try Decoding.decode(
      AvoidRequest.self, Requests.avoid(#""keyboard": null, "mode": "resize""#))
    #expect(resize.mode == .resize)
  }

  @Test("a body that is not JSON maps to invalidValue at the root")
  func notJSON() {
    expectError(#"{"container": "#, .invalidValue, "")
  }
}
