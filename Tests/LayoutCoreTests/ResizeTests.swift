import Testing

@testable import LayoutCore

@Suite("§4.3 resize")
struct ResizeTests {
  let container = Rect(x: 0, y: 0, width: 390, height: 844)
  let safeArea = Insets(top: 47, left: 0, bottom: 34, right: 0)

  @Test("contract §1 geometry resized: 336 given up, 302 on top of the safe area, the field left under")
  func specExample() {
    // bottomInset = overlap = 336; additional bottom = max(0, 336 - 34) = 302
    // visible = {0, 0, 390, 844 - 336 = 508}
    // fits: 744 + 10 <= 508 is false (resizing alone leaves the field at 700 under the keyboard)
    let result = AvoidRequest(
      container: container, field: Rect(x: 20, y: 700, width: 350, height: 44), keyboard: .hidden,
      safeArea: safeArea,
      margin: 10, mode: .resize
    ).resize(for: Rect(x: 20, y: 700, width: 350, height: 44), overlap: 336)
    #expect(result.bottomInset == 336)
    #expect(result.additionalSafeAreaInsets == Insets(top: 0, left: 0, bottom: 302, right: 0))
    #expect(result.visible == Rect(x: 0, y: 0, width: 390, height: 508))
    #expect(!result.fits)
  }

  @Test("a field inside the space left fits")
  func fits() {
    // 400 + 44 + 10 = 454 <= 508 and 400 >= 47
    let answer = avoid(
      AvoidRequest(
        container: container, field: Rect(x: 20, y: 400, width: 350, height: 44),
        keyboard: .frame(Rect(x: 0, y: 508, width: 390, height: 336)), safeArea: safeArea, mode: .resize))
    #expect(
      answer.layout
        == .resize(
          bottomInset: 336, additionalSafeAreaInsets: Insets(bottom: 302),
          visible: Rect(x: 0, y: 0, width: 390, height: 508)))
    #expect(answer.fits)
  }

  @Test("a field under the safe-area top does not fit")
  func underTopInset() {
    // 20 < 47
    let result = AvoidRequest(
      container: container, field: Rect(x: 20, y: 20, width: 350, height: 44), keyboard: .hidden,
      safeArea: safeArea,
      margin: 10, mode: .resize
    ).resize(for: Rect(x: 20, y: 20, width: 350, height: 44), overlap: 336)
    #expect(!result.fits)
  }

  @Test("a keyboard shorter than the home indicator adds no safe-area inset")
  func shortKeyboard() {
    // overlap 20: additional = max(0, 20 - 34) = 0; visible height 824
    let result = AvoidRequest(
      container: container, field: Rect(x: 20, y: 400, width: 350, height: 44), keyboard: .hidden,
      safeArea: safeArea,
      margin: 10, mode: .resize
    ).resize(for: Rect(x: 20, y: 400, width: 350, height: 44), overlap: 20)
    #expect(result.bottomInset == 20)
    #expect(result.additionalSafeAreaInsets == .zero)
    #expect(result.visible == Rect(x: 0, y: 0, width: 390, height: 824))
  }

  @Test(
    "§4.3 fits includes its edges: the field and its margin may end at the keyboard's top and start at safeArea.top"
  )
  func fitsAtTheEdges() {
    let keyboard = KeyboardInput.frame(Rect(x: 0, y: 508, width: 390, height: 336))
    // 454 + 44 + 10 = 508, the keyboard's top.
    let low = avoid(
      AvoidRequest(
        container: container, field: Rect(x: 20, y: 454, width: 350, height: 44), keyboard: keyboard,
        safeArea: safeArea, mode: .resize))
    #expect(low.fits)
    // The field starts at 47, safeArea.top.
    let high = avoid(
      AvoidRequest(
        container: container, field: Rect(x: 20, y: 47, width: 350, height: 44), keyboard: keyboard,
        safeArea: safeArea, mode: .resize))
    #expect(high.fits)
    // Half a point past either edge does not fit.
    let under = avoid(
      AvoidRequest(
        container: container, field: Rect(x: 20, y: 454.5, width: 350, height: 44), keyboard: keyboard,
        safeArea: safeArea, mode: .resize))
    #expect(!under.fits)
    let above = avoid(
      AvoidRequest(
        container: container, field: Rect(x: 20, y: 46.5, width: 350, height: 44), keyboard: keyboard,
        safeArea: safeArea, mode: .resize))
    #expect(!above.fits)
  }
}
