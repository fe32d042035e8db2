import Foundation
import LayoutTesting
import Testing

@testable import LayoutCore

/// iPad windows as §15 describes them, for the tests: the screens, the windows each kind of
/// multitasking makes, and keyboards docked, floating or hidden.
enum IPad {
  /// An 11" iPad Pro, landscape or portrait.
  static func screen(portrait: Bool) -> Rect {
    portrait ? Rect(x: 0, y: 0, width: 834, height: 1194) : Rect(x: 0, y: 0, width: 1194, height: 834)
  }

  /// A window of `screen` of one of the kinds users know: Split View (⅓, ½, ⅔, either side), Slide
  /// Over (either side), or a Stage Manager window anywhere on the screen.
  static func window(on screen: Rect, using rng: inout SplitMix64) -> Rect {
    switch Int.random(in: 0..<3, using: &rng) {
    case 0:
      let width = (screen.width - 10) * [1.0 / 3, 0.5, 2.0 / 3].randomElement(using: &rng)!
      return Rect(
        x: Bool.random(using: &rng) ? 0 : screen.width - width, y: 0, width: width, height: screen.height)
    case 1:
      let x = Bool.random(using: &rng) ? 8 : screen.width - 328
      return Rect(x: x, y: 24, width: 320, height: screen.height - 44)
    default:
      let width = Double.random(in: 320...screen.width - 20, using: &rng).rounded()
      let height = Double.random(in: 300...screen.height - 30, using: &rng).rounded()
      return Rect(
        x: Double.random(in: 0...screen.width - width, using: &rng).rounded(),
        y: Double.random(in: 0...screen.height - height, using: &rng).rounded(), width: width, height: height)
    }
  }

  /// A keyboard as the OS reports it on `screen`: docked at its bottom (as a rect or a height),
  /// the floating one somewhere on the screen, hidden, or the frame of a hide.
  static func keyboard(on screen: Rect, using rng: inout SplitMix64) -> KeyboardInput {
    let height = Double.random(in: 55...453, using: &rng).rounded()
    switch Int.random(in: 0..<5, using: &rng) {
    case 0: return .frame(Rect(x: 0, y: screen.maxY - height, width: screen.width, height: height))
    case 1: return .height(height)
    case 2:
      return .frame(
        Rect(
          x: Double.random(in: 0...screen.width - 320, using: &rng).rounded(),
          y: Double.random(in: 0...screen.height - 300, using: &rng).rounded(), width: 320, height: 254))
    case 3: return .hidden
    default: return .frame(Rect(x: 0, y: screen.maxY, width: screen.width, height: height))
    }
  }
}

@Suite("§15 an app in a window: the conversion")
struct WindowTests {
  let screen = IPad.screen(portrait: false)
  let splitRight = Rect(x: 602, y: 0, width: 592, height: 834)

  @Test("the container moves by the window's origin; the keyboard and the screen stay")
  func containerMovesByTheWindowsOrigin() {
    let inWindow = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 592, height: 834),
      field: Rect(x: 20, y: 600, width: 552, height: 44),
      keyboard: .frame(Rect(x: 0, y: 436, width: 1194, height: 398)), screen: screen, window: splitRight,
      safeArea: Insets(top: 24, bottom: 20))
    #expect(inWindow.screenContainer == Rect(x: 602, y: 0, width: 592, height: 834))
    var onScreen = inWindow
    onScreen.window = nil
    onScreen.container = inWindow.screenContainer
    #expect(avoid(inWindow) == avoid(onScreen))
    #expect(avoid(inWindow).keyboard == KeyboardAnswer(state: .docked, overlap: 398))
    #expect(avoid(inWindow).layout == .translate(offset: Point(x: 0, y: -218)))
  }

  @Test("a keyboardHeight is docked at the screen's bottom, not the window's")
  func keyboardHeightAtTheScreensBottom() {
    // A Stage Manager window {300, 300, 760, 600} ends at 900; the screen at 1032.
    let stage = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 760, height: 600),
      field: Rect(x: 40, y: 200, width: 680, height: 44),
      keyboard: .height(453), screen: Rect(x: 0, y: 0, width: 1376, height: 1032),
      window: Rect(x: 300, y: 300, width: 760, height: 600), mode: .resize)
    // 900 - (1032 - 453) = 321, not 453.
    #expect(avoid(stage).keyboard.overlap == 321)
  }

  @Test("the track is flat while the keyboard is below the container: heights above the screen's bottom")
  func trackIsFlatBelowTheContainer() throws {
    var request = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 760, height: 600),
      field: Rect(x: 40, y: 500, width: 680, height: 44),
      keyboard: .height(453), screen: Rect(x: 0, y: 0, width: 1376, height: 1032),
      window: Rect(x: 300, y: 300, width: 760, height: 600), track: true)
    let track = try #require(avoid(request).track)
    // flat = 1032 - 900 = 132: nothing moves over [0, 132].
    #expect(track.keyboardHeight.first == 0 && track.keyboardHeight.last == 453)
    #expect(track.value(of: track.overlap, at: 132) == 0)
    #expect(track.value(of: track.overlap, at: 133) == 1)
    #expect(track.keyboardHeight.contains(132))
    // A window wholly above the keyboard: flat all the way.
    request.window = Rect(x: 200, y: 60, width: 760, height: 500)
    request.container = Rect(x: 0, y: 0, width: 760, height: 500)
    let above = try #require(avoid(request).track)
    #expect(above.overlap.allSatisfy { $0 == 0 })
  }

  @Test("a full-screen window at the origin changes nothing but what the warnings add")
  func fullScreenWindowChangesNothing() throws {
    var rng = SplitMix64(seed: 15)
    for _ in 0..<300 {
      let screen = IPad.screen(portrait: Bool.random(using: &rng))
      let keyboard = IPad.keyboard(on: screen, using: &rng)
      let plain = AvoidRequest(
        container: screen,
        field: Rect(x: 20, y: Double.random(in: 0...screen.height, using: &rng), width: 300, height: 44),
        keyboard: keyboard, screen: screen, mode: AvoidMode.allCases.randomElement(using: &rng)!,
        contentOffset: .zero, contentSize: Size(width: screen.width, height: 3000),
        track: Bool.random(using: &rng))
      var windowed = plain
      windowed.window = screen
      var answer = avoid(windowed)
      #expect(answer.warnings == nil, "\(keyboard)")
      answer.warnings = nil
      #expect(answer == avoid(plain))
    }
  }

  @Test("moving the window and the container by opposite amounts changes no answer, tracks included")
  func oppositeMovesCancel() {
    var rng = SplitMix64(seed: 1515)
    for _ in 0..<300 {
      let screen = IPad.screen(portrait: Bool.random(using: &rng))
      let window = IPad.window(on: screen, using: &rng)
      let keyboard = IPad.keyboard(on: screen, using: &rng)
      let container = Rect(
        x: 0, y: Double.random(in: 0...50, using: &rng).rounded(), width: window.width,
        height: window.height - 50)
      let dx = Double.random(in: -100...100, using: &rng).rounded()
      let dy = Double.random(in: -100...100, using: &rng).rounded()
      let track = Bool.random(using: &rng)
      func chatRequest(_ window: Rect, _ container: Rect) -> ChatRequest {
        ChatRequest(
          container: container, list: Rect(x: 0, y: 0, width: container.width, height: container.height - 50),
          composer: Rect(x: 0, y: container.height - 50, width: container.width, height: 50),
          contentOffset: Point(x: 0, y: 1000), contentSize: Size(width: container.width, height: 3000),
          keyboard: keyboard, screen: screen, window: window, track: track)
      }
      func sheetRequest(_ window: Rect, _ container: Rect) -> SheetRequest {
        SheetRequest(
          container: container, detents: [200, 400], keyboardBehavior: .extend, keyboard: keyboard,
          screen: screen,
          window: window, track: track)
      }
      func caretRequest(_ window: Rect, _ container: Rect) -> CaretFollowRequest {
        CaretFollowRequest(
          textView: container, caret: Rect(x: 10, y: 900, width: 2, height: 20),
          contentOffset: Point(x: 0, y: 500),
          contentSize: Size(width: container.width, height: 2000), keyboard: keyboard, screen: screen,
          window: window,
          track: track)
      }
      let moved = window.offset(by: Point(x: dx, y: dy))
      let back = container.offset(by: Point(x: -dx, y: -dy))
      func same<Answer: Equatable>(_ a: Answer, _ b: Answer, _ strip: (inout Answer) -> Void) -> Bool {
        var a = a
        var b = b
        strip(&a)
        strip(&b)
        return a == b
      }
      #expect(
        same(chat(chatRequest(window, container)), chat(chatRequest(moved, back))) { $0.warnings = nil })
      #expect(
        same(sheet(sheetRequest(window, container)), sheet(sheetRequest(moved, back))) { $0.warnings = nil })
      #expect(
        same(caretFollow(caretRequest(window, container)), caretFollow(caretRequest(moved, back))) {
          $0.warnings = nil
        })
    }
  }

  @Test("thousands of iPad windows answer as their containers moved to the screen, with no warning")
  func windowsAnswerAsTheScreensContainers() {
    var rng = SplitMix64(seed: 2026)
    for _ in 0..<2000 {
      let screen = IPad.screen(portrait: Bool.random(using: &rng))
      let window = IPad.window(on: screen, using: &rng)
      let keyboard = IPad.keyboard(on: screen, using: &rng)
      let container = Rect(x: 0, y: 0, width: window.width, height: window.height)
      let request = AvoidRequest(
        container: container,
        field: Rect(
          x: 16, y: Double.random(in: 0...window.height, using: &rng).rounded(), width: 200, height: 44),
        keyboard: keyboard, screen: screen, window: window,
        undocked: Bool.random(using: &rng) ? .avoid : .ignore,
        mode: AvoidMode.allCases.randomElement(using: &rng)!,
        contentOffset: .zero, contentSize: Size(width: window.width, height: 2500))
      var onScreen = request
      onScreen.window = nil
      onScreen.container = request.screenContainer
      let answer = avoid(request)
      #expect(answer.warnings == nil, "window \(window), keyboard \(keyboard)")
      #expect(answer == avoid(onScreen))
    }
  }
}

@Suite("§15 validation: each rule gives its kind and the member's pointer")
struct WindowValidationTests {
  static let window = #""window": {"x": 300, "y": 300, "width": 760, "height": 600}"#
  static let screen = #""screen": {"x": 0, "y": 0, "width": 1376, "height": 1032}"#

  func expectError(
    _ body: String, _ kind: LayoutValidationError.Kind, _ pointer: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = Decoding.error(AvoidRequest.self, body)
    #expect(error?.kind == kind, "\(body)", sourceLocation: sourceLocation)
    #expect(error?.pointer == pointer, "\(body)", sourceLocation: sourceLocation)
  }

  @Test("screen is required with window, absent or null, whatever the keyboard")
  func screenRequired() {
    expectError(Requests.avoid("\(Self.window), \"keyboardHeight\": 453"), .missingMember, "/screen")
    expectError(
      Requests.avoid("\(Self.window), \"screen\": null, \"keyboard\": null"), .missingMember, "/screen")
  }

  @Test("window with viewport is a conflict, at /viewport")
  func withViewport() {
    expectError(
      ViewportBodies.avoid(outside: #""window": {"x": 0, "y": 0, "width": 390, "height": 664}"#),
      .conflictingMembers, "/viewport")
  }

  @Test("each member of window is required, absent or null", arguments: ["x", "y", "width", "height"])
  func membersRequired(member: String) {
    let values = ["x": "300", "y": "300", "width": "760", "height": "600"]
    for value in [nil, "null"] {
      let members = ["x", "y", "width", "height"].compactMap { name -> String? in
        name == member ? value.map { "\"\(name)\": \($0)" } : "\"\(name)\": \(values[name]!)"
      }
      let window = "\"window\": {\(members.joined(separator: ", "))}"
      expectError(
        Requests.avoid("\(window), \(Self.screen), \"keyboardHeight\": 453"), .missingMember,
        "/window/\(member)")
    }
  }

  @Test("the window's size is ≥ 0; its origin of any sign")
  func sizes() {
    expectError(
      Requests.avoid(
        #""window": {"x": 300, "y": 300, "width": -760, "height": 600}, "# + Self.screen
          + #", "keyboardHeight": 453"#),
      .negative, "/window/width")
    expectError(
      Requests.avoid(
        #""window": {"x": 300, "y": 300, "width": 760, "height": -1}, "# + Self.screen
          + #", "keyboardHeight": 453"#),
      .negative, "/window/height")
    #expect(
      Decoding.error(
        AvoidRequest.self,
        Requests.avoid(
          #""window": {"x": -300, "y": -5, "width": 760, "height": 600}, "# + Self.screen
            + #", "keyboardHeight": 453"#
        )) == nil)
  }
}

@Suite("§15 warnings: each rule, its half point, and the table's order")
struct WindowWarningTests {
  let screen = Rect(x: 0, y: 0, width: 834, height: 1194)
  let slideOver = Rect(x: 506, y: 24, width: 320, height: 1150)

  func warnings(
    _ keyboard: KeyboardInput, screen: Rect? = nil, window: Rect? = nil, container: Rect? = nil
  ) -> [WindowWarning] {
    let window = window ?? slideOver
    let request = AvoidRequest(
      container: container ?? Rect(x: 0, y: 0, width: window.width, height: window.height),
      field: Rect(x: 16, y: 100, width: 100, height: 44), keyboard: keyboard, screen: screen ?? self.screen,
      window: window)
    return Array(avoid(request).warnings ?? [])
  }

  @Test("keyboard-beyond-screen: past a side or the top by more than half a point; below is legal")
  func beyondScreen() {
    let docked = Rect(x: 0, y: 874, width: 834, height: 320)
    #expect(warnings(.frame(docked)) == [])
    #expect(warnings(.frame(docked.offset(by: Point(x: -0.5, y: 0)))) == [])
    #expect(warnings(.frame(docked.offset(by: Point(x: -0.51, y: 0)))) == [.keyboardBeyondScreen])
    #expect(warnings(.frame(docked.offset(by: Point(x: 0.5, y: 0)))) == [])
    #expect(warnings(.frame(docked.offset(by: Point(x: 0.51, y: 0)))) == [.keyboardBeyondScreen])
    #expect(warnings(.frame(Rect(x: 0, y: -0.51, width: 320, height: 254))) == [.keyboardBeyondScreen])
    #expect(warnings(.frame(Rect(x: 0, y: -0.5, width: 320, height: 254))) == [])
    // The hide frame lies below the screen: no warning.
    #expect(warnings(.frame(Rect(x: 0, y: 1194, width: 834, height: 320))) == [])
    #expect(warnings(.frame(Rect(x: 0, y: 1300, width: 834, height: 320))) == [])
    // A keyboardHeight taller than the screen.
    #expect(warnings(.height(1194.5)) == [])
    #expect(warnings(.height(1194.51)) == [.keyboardBeyondScreen])
  }

  @Test("keyboard-in-window-coordinates: an undocked full-width frame that is docked moved back by an origin")
  func inWindowCoordinates() {
    // A window at {0, 100}: the docked 320 keyboard (top 874) moved by -100 ends at 1094.
    let window = Rect(x: 0, y: 100, width: 834, height: 900)
    let moved = Rect(x: 0, y: 774, width: 834, height: 320)
    #expect(warnings(.frame(moved), window: window) == [.keyboardInWindowCoordinates])
    // Moved back by the container's screen origin (window origin plus the container's).
    let container = Rect(x: 0, y: 50, width: 834, height: 800)
    let byView = Rect(x: 0, y: 724, width: 834, height: 320)
    #expect(warnings(.frame(byView), window: window, container: container) == [.keyboardInWindowCoordinates])
    // Within half a point, and no further.
    #expect(
      warnings(.frame(moved.offset(by: Point(x: 0, y: 0.5))), window: window) == [
        .keyboardInWindowCoordinates
      ])
    #expect(warnings(.frame(moved.offset(by: Point(x: 0, y: -0.6))), window: window) == [])
    #expect(
      warnings(.frame(moved.offset(by: Point(x: 0.5, y: 0))), window: window) == [
        .keyboardInWindowCoordinates
      ])
    // Moved back by the window's origin alone, the container lying lower in it.
    #expect(warnings(.frame(moved), window: window, container: container) == [.keyboardInWindowCoordinates])
    // Not full width: a floating keyboard is no misreport.
    #expect(warnings(.frame(Rect(x: 0, y: 774, width: 320, height: 320)), window: window) == [])
    // Docked as sent: no misreport either.
    #expect(warnings(.frame(Rect(x: 0, y: 874, width: 834, height: 320)), window: window) == [])
    // The batch example's: a window right of the screen's left edge gives both keyboard rules.
    #expect(
      warnings(
        .frame(Rect(x: -200, y: 519, width: 1376, height: 453)),
        screen: Rect(x: 0, y: 0, width: 1376, height: 1032),
        window: Rect(x: 200, y: 60, width: 700, height: 800))
        == [.keyboardBeyondScreen, .keyboardInWindowCoordinates])
  }

  @Test("keyboard-ends-at-window-bottom: an undocked full-width frame ending where the window does")
  func endsAtWindowBottom() {
    let missingStrip = Rect(x: 0, y: 854, width: 834, height: 320)
    #expect(warnings(.frame(missingStrip)) == [.keyboardEndsAtWindowBottom])
    #expect(warnings(.frame(missingStrip.offset(by: Point(x: 0, y: 0.5)))) == [.keyboardEndsAtWindowBottom])
    #expect(warnings(.frame(missingStrip.offset(by: Point(x: 0, y: -0.6)))) == [])
    #expect(warnings(.frame(Rect(x: 0, y: 854, width: 833.5, height: 320))) == [.keyboardEndsAtWindowBottom])
    #expect(warnings(.frame(Rect(x: 0, y: 854, width: 833.4, height: 320))) == [])
    // With the default ignore or with avoid: the rule reads the state, not the policy.
    let avoided = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 320, height: 1150),
      field: Rect(x: 16, y: 900, width: 288, height: 44),
      keyboard: .frame(missingStrip), screen: screen, window: slideOver, undocked: .avoid)
    #expect(avoid(avoided).warnings == [.keyboardEndsAtWindowBottom])
  }

  @Test("screen-is-window: the window's size sent as the screen's, one of them off the origin")
  func screenIsWindow() {
    let stage = Rect(x: 200, y: 60, width: 600, height: 800)
    #expect(
      warnings(.height(398), screen: Rect(x: 0, y: 0, width: 600, height: 800), window: stage) == [
        .screenIsWindow
      ])
    #expect(
      warnings(.height(398), screen: Rect(x: 0, y: 0, width: 600.5, height: 799.5), window: stage) == [
        .screenIsWindow
      ])
    #expect(warnings(.height(398), screen: Rect(x: 0, y: 0, width: 601, height: 800), window: stage) == [])
    // The screen off the origin, the window at it.
    #expect(
      warnings(.height(398), screen: stage, window: Rect(x: 0, y: 0, width: 600, height: 800)) == [
        .screenIsWindow
      ])
    // The window's frame as the screen, both off the origin.
    #expect(warnings(.height(398), screen: stage, window: stage) == [.screenIsWindow])
    // A window as large as its screen, both at the origin, is the screen itself.
    let whole = Rect(x: 0, y: 0, width: 834, height: 1194)
    #expect(warnings(.height(398), screen: whole, window: whole) == [])
    #expect(warnings(.height(398), screen: whole, window: whole.offset(by: Point(x: 0.5, y: -0.5))) == [])
    #expect(
      warnings(.height(398), screen: whole, window: whole.offset(by: Point(x: 0, y: 0.51))) == [
        .screenIsWindow
      ])
  }

  @Test("window-larger-than-screen: wider or taller by more than half a point")
  func windowLargerThanScreen() {
    #expect(warnings(.hidden, window: Rect(x: 0, y: 0, width: 834.5, height: 600)) == [])
    #expect(
      warnings(.hidden, window: Rect(x: 0, y: 0, width: 834.51, height: 600)) == [.windowLargerThanScreen])
    #expect(
      warnings(.hidden, window: Rect(x: 0, y: 0, width: 600, height: 1194.51)) == [.windowLargerThanScreen])
    // The window in pixels: twice the points, both rules about the window at once.
    #expect(
      warnings(.hidden, window: Rect(x: 0, y: 0, width: 1668, height: 2388)) == [.windowLargerThanScreen])
  }

  @Test("the keyboard rules need a keyboard of positive width and height; none fire without a window")
  func keyboardRulesNeedAKeyboard() {
    #expect(warnings(.hidden) == [])
    #expect(warnings(.frame(Rect(x: -50, y: 854, width: 834, height: 0))) == [])
    #expect(warnings(.frame(Rect(x: -50, y: 854, width: 0, height: 320))) == [])
    #expect(warnings(.height(0)) == [])
    // Without a window the same numbers answer without warnings (the screen may be the container).
    let plain = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 320, height: 1150),
      field: Rect(x: 16, y: 100, width: 100, height: 44),
      keyboard: .frame(Rect(x: -50, y: -10, width: 834, height: 320)), screen: screen)
    #expect(avoid(plain).warnings == nil)
  }

  @Test("several warnings come in the table's order, each once, on every endpoint")
  func orderAndEveryEndpoint() {
    // Undocked (it ends at 660, the screen at 1000), full width, past the left edge, ending where
    // the window does; the window wider than the screen.
    let screen = Rect(x: 0, y: 0, width: 600, height: 1000)
    let window = Rect(x: 200, y: 60, width: 700, height: 600)
    let keyboard = KeyboardInput.frame(Rect(x: -1, y: 400, width: 600, height: 260))
    let expected: [WindowWarning] = [
      .keyboardBeyondScreen, .keyboardEndsAtWindowBottom, .windowLargerThanScreen,
    ]
    let container = Rect(x: 0, y: 0, width: 700, height: 600)
    #expect(warnings(keyboard, screen: screen, window: window) == expected)
    let chatAnswer = chat(
      ChatRequest(
        container: container, list: Rect(x: 0, y: 0, width: 700, height: 550),
        composer: Rect(x: 0, y: 550, width: 700, height: 50), contentOffset: .zero,
        contentSize: Size(width: 700, height: 2000), keyboard: keyboard, screen: screen, window: window))
    #expect(chatAnswer.warnings.map(Array.init) == expected)
    let sheetAnswer = sheet(
      SheetRequest(
        container: container, detents: [300], keyboard: keyboard, screen: screen, window: window, track: true)
    )
    #expect(sheetAnswer.warnings.map(Array.init) == expected)
    let caret = caretFollow(
      CaretFollowRequest(
        textView: container, caret: Rect(x: 0, y: 10, width: 2, height: 20), contentOffset: .zero,
        contentSize: Size(width: 700, height: 2000), keyboard: keyboard, screen: screen, window: window))
    #expect(caret.warnings.map(Array.init) == expected)
  }

  @Test("warnings are written as the contract spells them, after every other member, and read back")
  func encoding() throws {
    let answer = avoid(
      AvoidRequest(
        container: Rect(x: 0, y: 0, width: 320, height: 1150),
        field: Rect(x: 16, y: 900, width: 288, height: 44),
        keyboard: .frame(Rect(x: 0, y: 854, width: 834, height: 320)), screen: screen, window: slideOver,
        track: true))
    let data = try JSONEncoder().encode(answer)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["warnings"] as? [String] == ["keyboard-ends-at-window-bottom"])
    #expect(try JSONDecoder().decode(AvoidAnswer.self, from: data) == answer)
    // The track carries none.
    #expect((json["track"] as? [String: Any])?["warnings"] == nil)
    #expect(
      WindowWarning.allCases.map(\.rawValue) == [
        "keyboard-beyond-screen", "keyboard-in-window-coordinates", "keyboard-ends-at-window-bottom",
        "screen-is-window",
        "window-larger-than-screen",
      ])
  }
}
