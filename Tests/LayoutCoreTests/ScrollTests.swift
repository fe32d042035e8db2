import LayoutCore
import Testing

@Suite("§4.2 scroll")
struct ScrollTests {
  let safeArea = Insets(top: 47, left: 0, bottom: 34, right: 0)

  func request(
    field: Rect, offsetY: Double, contentHeight: Double, keyboard: KeyboardInput, contentInset: Insets = .zero
  )
    -> AvoidRequest
  {
    AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 844), field: field, keyboard: keyboard,
      safeArea: safeArea,
      margin: 10, mode: .scroll, contentOffset: Point(x: 0, y: offsetY),
      contentSize: Size(width: 390, height: contentHeight), contentInset: contentInset)
  }

  @Test("contract §1 geometry as a scroll view: scroll 246 and grow the bottom inset by 302")
  func specExample() {
    // overlap 336; keyboardInset = 336 - 34 = 302 → contentInset.bottom 302 (indicators too)
    // top = 0 + 47 = 47, bottom = 0 + max(336, 34) = 336, H - bottom = 508
    // target [700, 754]; viewport at y 0 is [47, 508]: below → y = 754 - 508 = 246
    // minY = -47, maxY = max(-47, 1000 + 336 - 844) = 492 → 246 stays; fits: 700 >= 293, 754 <= 754
    let answer = avoid(
      request(
        field: Rect(x: 20, y: 700, width: 350, height: 44), offsetY: 0, contentHeight: 1000,
        keyboard: .frame(Rect(x: 0, y: 508, width: 390, height: 336))))
    let insets = Insets(top: 0, left: 0, bottom: 302, right: 0)
    #expect(
      answer.layout
        == .scroll(contentOffset: Point(x: 0, y: 246), contentInset: insets, scrollIndicatorInsets: insets))
    #expect(answer.mode == .scroll)
    #expect(answer.fits)
  }

  @Test("a field already visible does not scroll")
  func visibleStays() {
    // target [300, 354] inside [47 + 100, 100 + 508] = [147, 608]
    let answer = avoid(
      request(
        field: Rect(x: 20, y: 300, width: 350, height: 44), offsetY: 100, contentHeight: 1000,
        keyboard: .frame(Rect(x: 0, y: 508, width: 390, height: 336))))
    guard case .scroll(let offset, _, _) = answer.layout else {
      Issue.record("not a scroll answer")
      return
    }
    #expect(offset == Point(x: 0, y: 100))
    #expect(answer.fits)
  }

  @Test("a field above the viewport scrolls up to show its top below the adjusted top inset")
  func scrollsUp() {
    // target [200, 254]; viewport at 600 is [647, 1108]: above → y = 200 - 47 = 153
    let answer = avoid(
      request(
        field: Rect(x: 20, y: 200, width: 350, height: 44), offsetY: 600, contentHeight: 2000,
        keyboard: .frame(Rect(x: 0, y: 508, width: 390, height: 336))))
    guard case .scroll(let offset, _, _) = answer.layout else {
      Issue.record("not a scroll answer")
      return
    }
    #expect(offset == Point(x: 0, y: 153))
  }

  @Test("the base content inset adds to the adjusted insets and may be negative")
  func baseInset() {
    // contentInset top -10, bottom 20 → returned bottom 20 + 302 = 322
    // top = -10 + 47 = 37, bottom = 20 + 336 = 356, H - bottom = 488
    // target [700, 754], viewport at 0 is [37, 488]: y = 754 - 488 = 266
    // maxY = 1000 + 356 - 844 = 512
    let base = Insets(top: -10, left: 5, bottom: 20, right: 0)
    let answer = avoid(
      request(
        field: Rect(x: 20, y: 700, width: 350, height: 44), offsetY: 0, contentHeight: 1000,
        keyboard: .frame(Rect(x: 0, y: 508, width: 390, height: 336)), contentInset: base))
    let insets = Insets(top: -10, left: 5, bottom: 322, right: 0)
    #expect(
      answer.layout
        == .scroll(contentOffset: Point(x: 0, y: 266), contentInset: insets, scrollIndicatorInsets: insets))
  }

  @Test("a short content never scrolls past its top")
  func shortContent() {
    // contentSize 300: maxY = max(-47, 300 + 336 - 844 = -208) = -47
    // target [250, 314] would need y = 314 - 508 = -194; clamped to -47
    let answer = avoid(
      request(
        field: Rect(x: 20, y: 250, width: 350, height: 44), offsetY: -47, contentHeight: 300,
        keyboard: .frame(Rect(x: 0, y: 508, width: 390, height: 336))))
    guard case .scroll(let offset, _, _) = answer.layout else {
      Issue.record("not a scroll answer")
      return
    }
    #expect(offset == Point(x: 0, y: -47))
    // viewport [0, 461]: the field shows
    #expect(answer.fits)
  }

  @Test("a keyboard shorter than the home indicator adds no inset")
  func shortKeyboard() {
    // overlap 20 < safeArea.bottom 34: keyboardInset = max(0, 20 - 34) = 0
    let answer = avoid(
      request(
        field: Rect(x: 20, y: 100, width: 350, height: 44), offsetY: 0, contentHeight: 1000,
        keyboard: .height(20)))
    guard case .scroll(_, let inset, let indicators) = answer.layout else {
      Issue.record("not a scroll answer")
      return
    }
    #expect(inset == .zero)
    #expect(indicators == .zero)
  }

  @Test("§4.2 scroll fits needs the target to start below the top inset")
  func fitsNeedsTheTopInset() {
    // A field at content y -30…-10, in the 47-point top inset, where no scroll can bring it below
    // the inset: target [-30, 0]; the reveal asks for y = -30 - 47 = -77, clamped to minY -47,
    // so the viewport is [0, 461] and the field's top -30 lies above it: fits is false.
    let keyboard = KeyboardInput.frame(Rect(x: 0, y: 508, width: 390, height: 336))
    let answer = avoid(
      request(
        field: Rect(x: 20, y: -30, width: 350, height: 20), offsetY: 0, contentHeight: 1000,
        keyboard: keyboard))
    guard case .scroll(let offset, _, _) = answer.layout else {
      Issue.record("not a scroll answer")
      return
    }
    #expect(offset == Point(x: 0, y: -47))
    #expect(!answer.fits)
    // §4.5 uses the same fits: the field 100…144 is in view, a companion in the top inset is not.
    var grown = request(
      field: Rect(x: 20, y: 100, width: 350, height: 44), offsetY: 0, contentHeight: 1000, keyboard: keyboard)
    grown.alsoReveal = [Rect(x: 20, y: -30, width: 350, height: 20)]
    let companion = avoid(grown)
    #expect(companion.alsoRevealed == [false])
    #expect(companion.fits)
    guard case .scroll(let kept, _, _) = companion.layout else {
      Issue.record("not a scroll answer")
      return
    }
    #expect(kept == Point(x: 0, y: 0))
  }
}
