import LayoutCore
import Testing

/// The bugs contract §8 lists in the hand-written code, each with the contract's answer.
@Suite("§8 the hand-written code's bugs, answered by the contract")
struct SpecBugTests {
  let screen = Rect(x: 0, y: 0, width: 390, height: 844)
  let safeArea = Insets(top: 47, left: 0, bottom: 34, right: 0)
  let docked = KeyboardInput.frame(Rect(x: 0, y: 508, width: 390, height: 336))

  @Test("a field the keyboard does not cover does not move (not by the keyboard's height)")
  func uncoveredFieldStays() {
    // field bottom 344 + 10 = 354 <= 508: need < 0
    let answer = avoid(
      AvoidRequest(
        container: screen, field: Rect(x: 20, y: 300, width: 350, height: 44), keyboard: docked,
        safeArea: safeArea))
    #expect(answer.layout == .translate(offset: Point(x: 0, y: 0)))
    #expect(answer.fits)
  }

  @Test("the hide call restores: zero offset, base insets")
  func hideRestores() {
    let field = Rect(x: 20, y: 700, width: 350, height: 44)
    let shown = avoid(AvoidRequest(container: screen, field: field, keyboard: docked, safeArea: safeArea))
    #expect(shown.layout == .translate(offset: Point(x: 0, y: -246)))
    let hidden = avoid(AvoidRequest(container: screen, field: field, keyboard: .hidden, safeArea: safeArea))
    #expect(hidden.layout == .translate(offset: Point(x: 0, y: 0)))
    #expect(hidden.keyboard == KeyboardAnswer(state: .hidden, overlap: 0))

    let base = Insets(top: 8, left: 0, bottom: 12, right: 0)
    let scroll = avoid(
      AvoidRequest(
        container: screen, field: field, keyboard: .hidden, safeArea: safeArea, mode: .scroll,
        contentOffset: Point(x: 0, y: 100), contentSize: Size(width: 390, height: 2000), contentInset: base))
    #expect(
      scroll.layout
        == .scroll(contentOffset: Point(x: 0, y: 100), contentInset: base, scrollIndicatorInsets: base))
  }

  @Test("a caret above the visible top scrolls up")
  func caretAboveScrollsUp() {
    // target [400 - 8, 420 + 8] = [392, 428]; viewport at 1000 is [1000, 1508]: y = 392
    let answer = caretFollow(
      CaretFollowRequest(
        textView: screen, caret: Rect(x: 120, y: 400, width: 2, height: 20),
        contentOffset: Point(x: 0, y: 1000),
        contentSize: Size(width: 390, height: 3000), keyboard: .height(336), margin: 8))
    #expect(answer.contentOffset == Point(x: 0, y: 392))
    #expect(answer.changed)
    #expect(answer.caretVisible)
  }

  @Test("an offset past the content's end is clamped")
  func offsetClamped() {
    // caret at the content's end [2990, 3010]: reveal wants 3010 - 508 = 2502,
    // maxY = 3000 + 336 - 844 = 2492
    let answer = caretFollow(
      CaretFollowRequest(
        textView: screen, caret: Rect(x: 120, y: 2990, width: 2, height: 20),
        contentOffset: Point(x: 0, y: 0),
        contentSize: Size(width: 390, height: 3000), keyboard: .height(336)))
    #expect(answer.contentOffset == Point(x: 0, y: 2492))
    #expect(!answer.caretVisible)
  }

  @Test("the duration is never the curve value")
  func durationIsNotCurve() {
    let answer = avoid(
      AvoidRequest(
        container: screen, field: Rect(x: 20, y: 700, width: 350, height: 44), keyboard: docked,
        safeArea: safeArea,
        animation: KeyboardAnimation(duration: 0.35, curve: 7)))
    #expect(answer.animation?.duration == 0.35)
    #expect(answer.animation?.curve == 7)
  }

  @Test("an undocked keyboard is ignored by default")
  func undockedIgnored() {
    let container = Rect(x: 0, y: 0, width: 820, height: 1180)
    let floating = KeyboardInput.frame(Rect(x: 250, y: 600, width: 320, height: 254))
    let field = Rect(x: 40, y: 700, width: 740, height: 44)
    let answer = avoid(AvoidRequest(container: container, field: field, keyboard: floating))
    #expect(answer.keyboard == KeyboardAnswer(state: .undocked, overlap: 0))
    #expect(answer.layout == .translate(offset: Point(x: 0, y: 0)))
    // The same keyboard under "avoid": 744 + 10 - 600 = 154
    let avoided = avoid(
      AvoidRequest(container: container, field: field, keyboard: floating, undocked: .avoid))
    #expect(avoided.layout == .translate(offset: Point(x: 0, y: -154)))
  }

  @Test("a field taller than the space keeps its top visible, fits false")
  func tallFieldKeepsTop() {
    // need = 580 + 10 - 508 = 82, room = 100 - 47 = 53: the top ends at 100 - 53 = 47
    let field = Rect(x: 20, y: 100, width: 350, height: 480)
    let answer = avoid(AvoidRequest(container: screen, field: field, keyboard: docked, safeArea: safeArea))
    #expect(answer.layout == .translate(offset: Point(x: 0, y: -53)))
    #expect(!answer.fits)
  }
}
