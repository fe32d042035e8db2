import Testing

@testable import LayoutCore

@Suite("§4.1 translate")
struct TranslateTests {
  let safeArea = Insets(top: 47, left: 0, bottom: 34, right: 0)

  @Test("contract §1: a 44-pt field at 700 over a 336-pt keyboard moves up 246")
  func specExample() {
    // overlap = 844 - 508 = 336, keyboardTop = 844 - 336 = 508
    // need = 744 + 10 - 508 = 246, room = 700 - 47 = 653, shift = min(246, 653) = 246
    let result = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 508 + 336),
      field: Rect(x: 20, y: 700, width: 350, height: 44), keyboard: .hidden,
      safeArea: safeArea, margin: 10
    ).translate(Rect(x: 20, y: 700, width: 350, height: 44), overlap: 336, covered: 336 != 0)
    #expect(result.offset == Point(x: 0, y: -246))
    #expect(result.fits)
  }

  @Test("the whole request through avoid() gives the same answer")
  func specExampleThroughAvoid() {
    let request = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 844),
      field: Rect(x: 20, y: 700, width: 350, height: 44),
      keyboard: .frame(Rect(x: 0, y: 508, width: 390, height: 336)), safeArea: safeArea, margin: 10)
    let answer = avoid(request)
    #expect(answer.mode == .translate)
    #expect(answer.keyboard == KeyboardAnswer(state: .docked, overlap: 336))
    #expect(answer.layout == .translate(offset: Point(x: 0, y: -246)))
    #expect(answer.fits)
    #expect(answer.animation == nil)
  }

  @Test("the field's bottom plus margin exactly at the keyboard's top does not move")
  func exactlyClear() {
    // need = 498 + 10 - 508 = 0
    let result = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 508 + 336),
      field: Rect(x: 0, y: 454, width: 100, height: 44), keyboard: .hidden,
      safeArea: safeArea, margin: 10
    ).translate(Rect(x: 0, y: 454, width: 100, height: 44), overlap: 336, covered: 336 != 0)
    #expect(result.offset == Point(x: 0, y: 0))
    #expect(result.fits)
  }

  @Test("the shift stops where the field's top meets the safe area")
  func tallerThanSpace() {
    // need = 580 + 10 - 508 = 82, room = 100 - 47 = 53, shift 53, fits = 82 <= 53 = false
    let result = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 508 + 336),
      field: Rect(x: 20, y: 100, width: 350, height: 480), keyboard: .hidden,
      safeArea: safeArea, margin: 10
    ).translate(Rect(x: 20, y: 100, width: 350, height: 480), overlap: 336, covered: 336 != 0)
    #expect(result.offset == Point(x: 0, y: -53))
    #expect(!result.fits)
  }

  @Test("a field already above the safe-area top has no room: no shift")
  func noRoom() {
    // need = 30 + 600 + 10 - 508 = 132 > 0, room = max(0, 30 - 47) = 0
    let result = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 508 + 336),
      field: Rect(x: 0, y: 30, width: 100, height: 600), keyboard: .hidden,
      safeArea: safeArea, margin: 10
    ).translate(Rect(x: 0, y: 30, width: 100, height: 600), overlap: 336, covered: 336 != 0)
    #expect(result.offset == Point(x: 0, y: 0))
    #expect(result.offset.y.sign == .plus)
    #expect(!result.fits)
  }

  @Test("no overlap: nothing to avoid, even for a field past the container's bottom")
  func noOverlap() {
    let result = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 844 + 0),
      field: Rect(x: 0, y: 830, width: 100, height: 44), keyboard: .hidden,
      safeArea: safeArea, margin: 10
    ).translate(Rect(x: 0, y: 830, width: 100, height: 44), overlap: 0, covered: 0 != 0)
    #expect(result.offset == Point(x: 0, y: 0))
    #expect(result.fits)
  }
}
