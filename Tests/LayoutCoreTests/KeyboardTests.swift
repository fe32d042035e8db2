import Testing

@testable import LayoutCore

@Suite("§3 keyboard: classification and overlap")
struct KeyboardTests {
  let screen = Rect(x: 0, y: 0, width: 390, height: 844)

  @Test("null, empty and below-screen frames are hidden")
  func hidden() {
    #expect(KeyboardState(nil, on: screen) == .hidden)
    #expect(
      KeyboardState(Rect(x: 0, y: 508, width: 0, height: 336), on: screen)
        == .hidden)
    #expect(
      KeyboardState(Rect(x: 0, y: 844, width: 390, height: 0), on: screen)
        == .hidden)
    // The frame iOS reports on hide starts at the screen's bottom (844 >= 844).
    #expect(
      KeyboardState(Rect(x: 0, y: 844, width: 390, height: 336), on: screen)
        == .hidden)
  }

  @Test("a frame reaching within half a point of the screen's bottom is docked")
  func docked() {
    // maxY 844 >= 843.5
    #expect(
      KeyboardState(Rect(x: 0, y: 508, width: 390, height: 336), on: screen)
        == .docked)
    // maxY 843.5 >= 843.5
    #expect(
      KeyboardState(Rect(x: 0, y: 508, width: 390, height: 335.5), on: screen)
        == .docked)
    // maxY 843.25 < 843.5
    #expect(
      KeyboardState(Rect(x: 0, y: 508, width: 390, height: 335.25), on: screen)
        == .undocked)
  }

  @Test("keyboardHeight is a full-width keyboard docked at the bottom of the screen")
  func heightShorthand() {
    let sheet = Rect(x: 10, y: 100, width: 300, height: 500)
    // y = 100 + 500 - 55 = 545
    #expect(
      KeyboardInput.height(55).frame(on: sheet) == Rect(x: 10, y: 545, width: 300, height: 55))
    #expect(KeyboardInput.hidden.frame(on: sheet) == nil)
    let frame = Rect(x: 1, y: 2, width: 3, height: 4)
    #expect(KeyboardInput.frame(frame).frame(on: sheet) == frame)
    // A zero keyboardHeight is an empty frame: hidden.
    let zero = KeyboardInput.height(0).frame(on: sheet)
    #expect(KeyboardState(zero, on: sheet) == .hidden)
  }

  @Test("overlap of a docked keyboard over a full-screen container")
  func overlapDocked() {
    let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)
    // 844 - 508 = 336
    #expect(
      ResolvedKeyboard(frame: keyboard, state: .docked).overlap(with: screen, undocked: .ignore) == 336)
  }

  @Test("overlap only counts what covers the container, clamped to its height")
  func overlapPartial() {
    let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)
    // A container from 100 to 700: 700 - 508 = 192.
    let middle = Rect(x: 0, y: 100, width: 390, height: 600)
    #expect(
      ResolvedKeyboard(frame: keyboard, state: .docked).overlap(with: middle, undocked: .ignore) == 192)
    // A container from 600 to 800 lies wholly over the keyboard: 800 - 508 = 292, clamped to 200.
    let low = Rect(x: 0, y: 600, width: 390, height: 200)
    #expect(
      ResolvedKeyboard(frame: keyboard, state: .docked).overlap(with: low, undocked: .ignore) == 200)
    // A container ending at the keyboard's top does not intersect it.
    let above = Rect(x: 0, y: 0, width: 390, height: 508)
    #expect(
      ResolvedKeyboard(frame: keyboard, state: .docked).overlap(with: above, undocked: .ignore) == 0)
    // A container beside the keyboard does not intersect it.
    let beside = Rect(x: 390, y: 0, width: 200, height: 844)
    #expect(
      ResolvedKeyboard(frame: keyboard, state: .docked).overlap(with: beside, undocked: .ignore) == 0)
  }

  @Test("an undocked keyboard counts only under the avoid policy")
  func overlapUndocked() {
    let container = Rect(x: 0, y: 0, width: 820, height: 1180)
    let floating = Rect(x: 250, y: 600, width: 320, height: 254)
    #expect(KeyboardState(floating, on: container) == .undocked)
    #expect(
      ResolvedKeyboard(frame: floating, state: .undocked).overlap(with: container, undocked: .ignore)
        == 0)
    // 1180 - 600 = 580
    #expect(
      ResolvedKeyboard(frame: floating, state: .undocked).overlap(with: container, undocked: .avoid)
        == 580)
  }

  @Test("a hidden state gives no overlap even with a frame")
  func overlapHidden() {
    let keyboard = Rect(x: 0, y: 508, width: 390, height: 336)
    #expect(
      ResolvedKeyboard(frame: keyboard, state: .hidden).overlap(with: screen, undocked: .avoid) == 0)
    #expect(ResolvedKeyboard(frame: nil, state: .docked).overlap(with: screen, undocked: .avoid) == 0)
  }

  @Test("without a screen, the container is the screen")
  func screenDefaultsToContainer() {
    let sheet = Rect(x: 0, y: 100, width: 390, height: 600)
    let keyboard = KeyboardInput.frame(Rect(x: 0, y: 508, width: 390, height: 336))
    // The keyboard's top 508 lies inside the sheet (ends at 700) but its bottom 844 is past the
    // sheet's: docked against the sheet, overlap 700 - 508 = 192.
    let answer = KeyboardContext(keyboard: keyboard, screen: nil, undocked: .ignore).keyboardAnswer(
      over: sheet)
    #expect(answer == KeyboardAnswer(state: .docked, overlap: 192))
    // A keyboard that starts below the sheet reads as hidden against it…
    let below = KeyboardInput.frame(Rect(x: 0, y: 720, width: 390, height: 124))
    #expect(
      KeyboardContext(keyboard: below, screen: nil, undocked: .ignore).keyboardAnswer(over: sheet).state
        == .hidden)
    // …and as docked against the real screen, with no overlap either way.
    let onScreen = KeyboardContext(
      keyboard: below, screen: Rect(x: 0, y: 0, width: 390, height: 844), undocked: .ignore
    ).keyboardAnswer(over: sheet)
    #expect(onScreen == KeyboardAnswer(state: .docked, overlap: 0))
  }

  /// The keyboard part of the `/avoid` answer for `frame` over `container` on a 780 × 844 screen.
  func answer(_ frame: Rect, container: Rect, undocked: UndockedPolicy = .ignore) -> KeyboardAnswer {
    avoid(
      AvoidRequest(
        container: container, field: Rect(x: 20, y: 20, width: 100, height: 44), keyboard: .frame(frame),
        screen: Rect(x: 0, y: 0, width: 780, height: 844), undocked: undocked)
    ).keyboard
  }

  @Test("§3 hidden: a frame of zero height is hidden wherever it sits, not only at the screen's bottom")
  func zeroHeightIsHidden() {
    let flat = Rect(x: 0, y: 600, width: 390, height: 0)
    #expect(KeyboardState(flat, on: screen) == .hidden)
    #expect(answer(flat, container: screen, undocked: .avoid) == KeyboardAnswer(state: .hidden, overlap: 0))
  }

  @Test("§3 overlap 0: a keyboard that only touches the container's left or right edge does not intersect it")
  func touchingSideDoesNotIntersect() {
    // Container 0…390 on a 780-point screen; keyboards 390…780 (kb.minX == c.maxX) and, for a
    // container 390…780, 0…390 (kb.maxX == c.minX).
    let right = Rect(x: 390, y: 508, width: 390, height: 336)
    #expect(answer(right, container: screen) == KeyboardAnswer(state: .docked, overlap: 0))
    let left = Rect(x: 0, y: 508, width: 390, height: 336)
    #expect(
      answer(left, container: Rect(x: 390, y: 0, width: 390, height: 844))
        == KeyboardAnswer(state: .docked, overlap: 0))
  }

  @Test("§3 overlap 0: a floating keyboard above the container, touching it or not, does not intersect it")
  func keyboardAboveDoesNotIntersect() {
    // Container 400…844; floating keyboards ending at 400 (kb.maxY == c.minY) and at 300.
    let container = Rect(x: 0, y: 400, width: 390, height: 444)
    for frame in [Rect(x: 0, y: 100, width: 390, height: 300), Rect(x: 0, y: 100, width: 390, height: 200)] {
      #expect(
        answer(frame, container: container, undocked: .avoid) == KeyboardAnswer(state: .undocked, overlap: 0))
    }
  }
}
