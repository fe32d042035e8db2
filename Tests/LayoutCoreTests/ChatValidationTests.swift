import Foundation
import LayoutCore
import Testing

/// `/chat` bodies with the required members filled in (§12's iPhone 14).
enum ChatRequests {
  static let required =
    #""container": {"x": 0, "y": 0, "width": 390, "height": 844}, "list": {"x": 0, "y": 0, "width": 390, "height": 760}, "#
    + #""composer": {"x": 0, "y": 760, "width": 390, "height": 50}, "contentOffset": {"x": 0, "y": 2240}, "#
    + #""contentSize": {"width": 390, "height": 3000}"#

  /// A /chat body with the required members and `members`.
  static func body(_ members: String) -> String {
    "{\(required), \(members)}"
  }

  /// A /chat body with the required members but `name`, and `members`.
  static func body(without name: String, _ members: String) -> String {
    let parts = required.components(separatedBy: "}, ").map { $0.hasSuffix("}") ? $0 : $0 + "}" }
    return "{" + (parts.filter { !$0.hasPrefix("\"\(name)\"") } + [members]).joined(separator: ", ") + "}"
  }
}

@Suite("§12 chat validation: each rule gives its kind and the member's pointer")
struct ChatValidationTests {
  func expectError(
    _ body: String, _ kind: LayoutValidationError.Kind, _ pointer: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = Decoding.error(ChatRequest.self, body)
    #expect(error?.kind == kind, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.pointer == pointer, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.detail.isEmpty == false, sourceLocation: sourceLocation)
  }

  @Test("a minimal request gets every default")
  func defaults() throws {
    let request = try Decoding.decode(ChatRequest.self, ChatRequests.body(#""keyboardHeight": 336"#))
    #expect(request.container == Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(request.list == Rect(x: 0, y: 0, width: 390, height: 760))
    #expect(request.composer == Rect(x: 0, y: 760, width: 390, height: 50))
    #expect(request.contentOffset == Point(x: 0, y: 2240))
    #expect(request.contentSize == Size(width: 390, height: 3000))
    #expect(request.contentInset == .zero && request.safeArea == .zero)
    #expect(request.keyboardInset == nil)
    #expect(request.lift == .always && request.endThreshold == 0 && !request.inverted)
    #expect(request.keyboard == .height(336) && request.screen == nil && request.undocked == .ignore)
    #expect(request.animation == nil && !request.track)
  }

  @Test("every member read as sent; null means absent; -0 is 0")
  func values() throws {
    let request = try Decoding.decode(
      ChatRequest.self,
      ChatRequests.body(
        #""keyboard": null, "keyboardInset": 302.5, "safeArea": {"top": 47}, "contentInset": {"top": -4}, "#
          + #""lift": "whenAtEnd", "endThreshold": 20, "inverted": true, "screen": {"x": 0, "y": 0, "width": 390, "height": 844}, "#
          + #""undocked": "avoid", "animation": {"platform": "android"}, "track": true"#))
    #expect(request.keyboard == .hidden && request.keyboardInset == 302.5)
    #expect(request.safeArea == Insets(top: 47) && request.contentInset == Insets(top: -4))
    #expect(request.lift == .whenAtEnd && request.endThreshold == 20 && request.inverted)
    #expect(request.undocked == .avoid && request.animation?.platform == .android && request.track)
    let nulls = try Decoding.decode(
      ChatRequest.self,
      ChatRequests.body(
        #""keyboardHeight": 0, "keyboardInset": null, "lift": null, "endThreshold": null, "inverted": null"#))
    #expect(nulls.keyboardInset == nil && nulls.lift == .always && nulls.endThreshold == 0 && !nulls.inverted)
    let zero = try Decoding.decode(
      ChatRequest.self, ChatRequests.body(#""keyboardHeight": 0, "keyboardInset": -0, "endThreshold": -0.0"#))
    #expect(zero.keyboardInset?.sign == .plus && zero.endThreshold.sign == .plus)
    for lift in ChatLift.allCases {
      let request = try Decoding.decode(
        ChatRequest.self, ChatRequests.body(#""keyboardHeight": 0, "lift": "\#(lift.rawValue)""#))
      #expect(request.lift == lift)
    }
  }

  @Test("a missing list, composer, contentOffset, contentSize or container is missing-member")
  func missing() {
    for name in ["container", "list", "composer", "contentOffset", "contentSize"] {
      expectError(ChatRequests.body(without: name, #""keyboardHeight": 336"#), .missingMember, "/\(name)")
    }
    expectError(
      ChatRequests.body(#""keyboardHeight": 336"#).replacingOccurrences(of: #", "height": 50}"#, with: "}"),
      .missingMember, "/composer/height")
    expectError(ChatRequests.body(#""margin": 4"#), .noKeyboard, "/keyboard")
  }

  @Test("lift: one of its four values, spelled exactly; a non-string is a wrong type")
  func lift() {
    for value in [#""sometimes""#, #""WhenAtEnd""#, #""Always""#, #""""#, #""when_at_end""#] {
      expectError(ChatRequests.body(#""keyboardHeight": 336, "lift": \#(value)"#), .unknownValue, "/lift")
    }
    for value in ["3", "true", "[]", "{}"] {
      expectError(ChatRequests.body(#""keyboardHeight": 336, "lift": \#(value)"#), .wrongType, "/lift")
    }
    let error = Decoding.error(ChatRequest.self, ChatRequests.body(#""keyboardHeight": 336, "lift": "up""#))
    #expect(error?.detail == #"`lift` must be "always", "whenAtEnd", "persistent" or "never", got "up"."#)
  }

  @Test("inverted: a boolean")
  func inverted() {
    for value in ["1", "0", #""true""#, "[]"] {
      expectError(
        ChatRequests.body(#""keyboardHeight": 336, "inverted": \#(value)"#), .wrongType, "/inverted")
    }
  }

  @Test("keyboardInset and endThreshold: numbers ≥ 0 within ±1e9")
  func numbers() {
    for name in ["keyboardInset", "endThreshold"] {
      expectError(ChatRequests.body(#""keyboardHeight": 336, "\#(name)": -0.25"#), .negative, "/\(name)")
      expectError(ChatRequests.body(#""keyboardHeight": 336, "\#(name)": "5""#), .wrongType, "/\(name)")
      expectError(ChatRequests.body(#""keyboardHeight": 336, "\#(name)": 1e400"#), .notFinite, "/\(name)")
      expectError(ChatRequests.body(#""keyboardHeight": 336, "\#(name)": 2e9"#), .outOfRange, "/\(name)")
    }
  }

  @Test("rects, sizes and insets as on /avoid")
  func geometry() {
    expectError(
      ChatRequests.body(#""keyboardHeight": 336"#).replacingOccurrences(
        of: #""list": {"x": 0, "y": 0, "width": 390"#, with: #""list": {"x": 0, "y": 0, "width": -390"#),
      .negative, "/list/width")
    expectError(
      ChatRequests.body(#""keyboardHeight": 336"#).replacingOccurrences(
        of: #""composer": {"x": 0"#, with: #""composer": {"x": "0""#),
      .wrongType, "/composer/x")
    expectError(
      ChatRequests.body(#""keyboardHeight": 336"#).replacingOccurrences(
        of: #""composer": {"x": 0, "y": 760"#, with: #""composer": {"x": 0, "y": 7.6e9"#),
      .outOfRange, "/composer/y")
    expectError(
      ChatRequests.body(#""keyboardHeight": 336"#).replacingOccurrences(
        of: #""height": 3000"#, with: #""height": -1"#),
      .negative, "/contentSize/height")
    expectError(
      ChatRequests.body(#""keyboardHeight": 336"#).replacingOccurrences(
        of: #""contentOffset": {"x": 0"#, with: #""contentOffset": {"x": null"#),
      .wrongType, "/contentOffset/x")
    expectError(
      ChatRequests.body(#""keyboardHeight": 336, "safeArea": {"bottom": -1}"#), .negative, "/safeArea/bottom")
    expectError(
      ChatRequests.body(#""keyboardHeight": 336, "contentInset": {"top": 2e9}"#), .outOfRange,
      "/contentInset/top")
    expectError(ChatRequests.body(#""keyboardHeight": 336, "screen": []"#), .wrongType, "/screen")
    expectError(ChatRequests.body(without: "list", #""keyboardHeight": 336, "list": 5"#), .wrongType, "/list")
  }

  @Test("the keyboard, undocked and animation as on /avoid")
  func keyboardAndAnimation() {
    expectError(
      ChatRequests.body(#""keyboard": null, "keyboardHeight": 336"#), .bothKeyboardAndHeight, "/keyboard")
    expectError(ChatRequests.body(#""keyboardHeight": -1"#), .negative, "/keyboardHeight")
    expectError(
      ChatRequests.body(#""keyboard": {"x": 0, "y": 508, "width": 390, "height": -336}"#), .negative,
      "/keyboard/height")
    expectError(ChatRequests.body(#""keyboard": null, "undocked": "hide""#), .unknownValue, "/undocked")
    expectError(
      ChatRequests.body(#""keyboard": null, "animation": {"platform": "Android"}"#), .unknownValue,
      "/animation/platform")
    expectError(
      ChatRequests.body(#""keyboard": null, "animation": {"curve": 16}"#), .outOfRange, "/animation/curve")
  }

  @Test("one problem per body, the first in §12's table order")
  func order() {
    // Both list and composer missing: the list first.
    let neither = ChatRequests.body(without: "list", #""keyboardHeight": 336"#)
      .replacingOccurrences(of: #""composer""#, with: #""composr""#)
    expectError(neither, .missingMember, "/list")
    // A broken lift, endThreshold and keyboard: lift first, then endThreshold, then the keyboard.
    expectError(
      ChatRequests.body(#""keyboardHeight": -1, "endThreshold": -1, "lift": 2"#), .wrongType, "/lift")
    expectError(ChatRequests.body(#""keyboardHeight": -1, "endThreshold": -1"#), .negative, "/endThreshold")
    // keyboardInset before safeArea, contentInset before both.
    expectError(
      ChatRequests.body(#""keyboardHeight": 0, "safeArea": {"top": -1}, "keyboardInset": -1"#), .negative,
      "/keyboardInset")
    expectError(
      ChatRequests.body(#""keyboardHeight": 0, "keyboardInset": -1, "contentInset": {"top": "1"}"#),
      .wrongType,
      "/contentInset/top")
    // The animation after the keyboard, the track last.
    expectError(
      ChatRequests.body(#""keyboardHeight": 0, "track": 1, "animation": {"platform": 1}, "undocked": 1"#),
      .wrongType, "/undocked")
    expectError(
      ChatRequests.body(#""keyboardHeight": 0, "track": 1, "animation": {"platform": 1}"#), .wrongType,
      "/animation/platform")
  }
}

@Suite("§12 chat models: encoding and decoding")
struct ChatCodableTests {
  let answer = ChatAnswer(
    keyboard: KeyboardAnswer(state: .docked, overlap: 336), composerOffset: Point(x: 0, y: -302),
    keyboardInset: 302, contentOffset: Point(x: 0, y: 2542), contentInset: Insets(bottom: 302),
    scrollIndicatorInsets: Insets(bottom: 302), atEnd: true)

  @Test("the answer's members in §12's order, then animation and track")
  func keyOrder() throws {
    var answer = answer
    answer.animation = AnimationAnswer(
      duration: nil, curve: nil, options: nil, motionDuration: 0.285, easing: "x", timingFunction: nil)
    answer.track = KeyboardTrack(
      keyboardHeight: [0], overlap: [0],
      members: .chat(composerOffsetY: [0], keyboardInset: [0], contentOffsetY: [0], contentInsetBottom: [0]))
    let recorder = KeyRecorder()
    try answer.encode(to: recorder)
    #expect(
      recorder.keys.keys == [
        "keyboard", "composerOffset", "keyboardInset", "contentOffset", "contentInset",
        "scrollIndicatorInsets",
        "atEnd", "animation", "track",
      ])
  }

  @Test("without animation and track the answer has exactly §12's seven members, insets with all four")
  func shape() throws {
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(answer)) as? [String: Any] ?? [:]
    #expect(
      Set(json.keys) == [
        "keyboard", "composerOffset", "keyboardInset", "contentOffset", "contentInset",
        "scrollIndicatorInsets",
        "atEnd",
      ])
    #expect(Set((json["contentInset"] as? [String: Any] ?? [:]).keys) == ["top", "left", "bottom", "right"])
  }

  @Test("answers and requests decode back to themselves")
  func roundTrips() throws {
    var tracked = answer
    for members: [NamedNumbers] in [
      .chat(
        composerOffsetY: [0, -302], keyboardInset: [0, 302], contentOffsetY: [2240, 2542],
        contentInsetBottom: [0, 302]),
      .invertedChat(
        composerOffsetY: [0, -302], keyboardInset: [50, 352], contentOffsetY: [-84, -386],
        contentInsetTop: [50, 352]),
    ] {
      tracked.track = KeyboardTrack(keyboardHeight: [0, 336], overlap: [0, 336], members: members)
      #expect(try JSONDecoder().decode(ChatAnswer.self, from: JSONEncoder().encode(tracked)) == tracked)
    }
    for keyboardInset in [nil, 50.0] {
      let request = ChatRequest(
        container: ChatTests.phone, list: ChatTests.list, composer: ChatTests.composer,
        contentOffset: Point(x: 1, y: 2), contentSize: Size(width: 3, height: 4),
        contentInset: Insets(top: -1),
        keyboardInset: keyboardInset, safeArea: Insets(bottom: 34), lift: .persistent, endThreshold: 5,
        inverted: true, keyboard: .frame(Rect(x: 0, y: 508, width: 390, height: 336)),
        screen: ChatTests.phone,
        undocked: .avoid, animation: KeyboardAnimation(frameRate: 30, platform: .ios), track: true)
      #expect(try JSONDecoder().decode(ChatRequest.self, from: JSONEncoder().encode(request)) == request)
    }
  }

  @Test("a chat answer carries a chat track, and an /avoid answer an /avoid one")
  func trackKinds() throws {
    var wrong = answer
    wrong.track = KeyboardTrack(keyboardHeight: [0], overlap: [0], members: .translate(offsetY: [0]))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ChatAnswer.self, from: JSONEncoder().encode(wrong))
    }
    var avoidAnswer = AvoidAnswer(keyboard: answer.keyboard, layout: .translate(offset: .zero), fits: true)
    avoidAnswer.track = KeyboardTrack(
      keyboardHeight: [0], overlap: [0],
      members: .chat(composerOffsetY: [0], keyboardInset: [0], contentOffsetY: [0], contentInsetBottom: [0]))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(AvoidAnswer.self, from: JSONEncoder().encode(avoidAnswer))
    }
  }
}
