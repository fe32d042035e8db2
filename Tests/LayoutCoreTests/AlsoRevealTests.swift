import Foundation
import LayoutTesting
import Testing

@testable import LayoutCore

@Suite("§4.5 alsoReveal: the target grows through the rects while the mode's fits holds")
struct AlsoRevealTests {
  let phone = Rect(x: 0, y: 0, width: 390, height: 844)
  let notched = Insets(top: 47, left: 0, bottom: 34, right: 0)
  /// A 336-point docked keyboard on the phone: keyboardTop 508.
  let keyboard = KeyboardInput.frame(Rect(x: 0, y: 508, width: 390, height: 336))

  func row(_ y: Double, _ height: Double) -> Rect {
    Rect(x: 20, y: y, width: 350, height: height)
  }

  @Test("the three also-reveal-* worked examples")
  func goldenExamples() throws {
    let examples = try GoldenExamples.loadSingle().filter { $0.name.hasPrefix("also-reveal-") }
    #expect(examples.count == 3)
    for example in examples {
      let request = try JSONDecoder().decode(AvoidRequest.self, from: example.request)
      #expect(request.alsoReveal?.count == 2, "\(example.name)")
      let actual = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(avoid(request)))
      let differences = JSONComparison.differences(actual, example.answer)
      #expect(differences.isEmpty, "\(example.name): \(differences.joined(separator: "; "))")
    }
  }

  @Test("translate: a label under the status bar counts while nothing is covered, then blocks a shift")
  func translateByHand() {
    // Field 440…484: need = 484 + 10 - 508 = -14, nothing covered.
    // Label 40…60: union 40…484, need -14 <= room max(0, 40 - 47) = 0 → revealed, no shift.
    // Button 520…564: union 40…564, need = 574 - 508 = 66 > room 0 → skipped.
    // Error 488…504: union 40…504, need = 514 - 508 = 6 > 0 → skipped. Target stays 40…484.
    let request = AvoidRequest(
      container: phone, field: row(440, 44), keyboard: keyboard, safeArea: notched,
      alsoReveal: [row(40, 20), row(520, 44), row(488, 16)])
    let answer = avoid(request)
    #expect(answer.layout == .translate(offset: .zero))
    #expect(answer.fits)
    #expect(answer.alsoRevealed == [true, false, false])

    // Without the label the button and the error text join: union 440…564, need 66 <= room 393.
    var withoutLabel = request
    withoutLabel.alsoReveal = [row(520, 44), row(488, 16)]
    let moved = avoid(withoutLabel)
    #expect(moved.layout == .translate(offset: Point(x: 0, y: -66)))
    #expect(moved.alsoRevealed == [true, true])
  }

  @Test("scroll: the error text and the button join; a footer taller than the viewport is skipped")
  func scrollByHand() {
    // overlap 336, safeArea and contentInset zero: top 0, bottom 336, viewport height 508.
    // Field 600…644 (target 600…654). Error 648…664 → 600…674 fits. Button 700…750 → 600…760:
    // reveal y = 760 - 508 = 252, inside 0…(2000 + 336 - 844); 600 >= 252, 760 <= 760 → fits.
    // Footer 760…1360 → target 600…1370, taller than 508: y = 600, 1370 > 1108 → skipped.
    let request = AvoidRequest(
      container: phone, field: row(600, 44), keyboard: keyboard, mode: .scroll,
      contentOffset: .zero, contentSize: Size(width: 390, height: 2000),
      alsoReveal: [row(648, 16), row(700, 50), row(760, 600)])
    let answer = avoid(request)
    #expect(
      answer.layout
        == .scroll(
          contentOffset: Point(x: 0, y: 252), contentInset: Insets(bottom: 336),
          scrollIndicatorInsets: Insets(bottom: 336)))
    #expect(answer.fits)
    #expect(answer.alsoRevealed == [true, true, false])
  }

  @Test("resize: only what ends margin above keyboardTop and starts below safeArea.top joins")
  func resizeByHand() {
    // keyboardTop 508. Field 400…444: 454 <= 508 fits.
    // Button 460…504 → 400…504: 514 > 508 → skipped. Error 446…462 → 400…462: 472 → revealed.
    // Label 30…50 → 30…462: 30 < 47 → skipped. The layout itself never depends on the target.
    let request = AvoidRequest(
      container: phone, field: row(400, 44), keyboard: keyboard, safeArea: notched, mode: .resize,
      alsoReveal: [row(460, 44), row(446, 16), row(30, 20)])
    let answer = avoid(request)
    #expect(
      answer.layout
        == .resize(
          bottomInset: 336, additionalSafeAreaInsets: Insets(bottom: 302),
          visible: Rect(x: 0, y: 0, width: 390, height: 508)))
    #expect(answer.fits)
    #expect(answer.alsoRevealed == [false, true, false])
  }

  @Test("a field that does not fit takes nothing with it, and fits stays the field's")
  func fieldDoesNotFit() {
    for mode in AvoidMode.allCases {
      // A field from 100 to 620: translate needs 630 - 508 = 122 > room 53; resize's 630 passes
      // keyboardTop 508; scroll's target 100…630 is taller than the 508-point viewport.
      let request = AvoidRequest(
        container: phone, field: row(100, 520), keyboard: keyboard, safeArea: notched, mode: mode,
        contentOffset: .zero, contentSize: Size(width: 390, height: 2000),
        alsoReveal: [row(100, 0), row(300, 10), row(90, 0)])
      let answer = avoid(request)
      #expect(!answer.fits, "\(mode)")
      #expect(answer.alsoRevealed == [false, false, false], "\(mode)")
    }
  }

  @Test("an empty alsoReveal answers []; none answers nothing; either way the same layout")
  func emptyAndAbsent() {
    var request = AvoidRequest(container: phone, field: row(700, 44), keyboard: keyboard, safeArea: notched)
    let plain = avoid(request)
    #expect(plain.alsoRevealed == nil)
    request.alsoReveal = []
    let empty = avoid(request)
    #expect(empty.alsoRevealed == AlsoRevealed())
    #expect(empty.alsoRevealed?.count == 0)
    #expect(empty.layout == plain.layout && empty.fits == plain.fits)
  }

  @Test("only y and height matter: x and width never change an answer")
  func onlyVerticalMatters() {
    for mode in AvoidMode.allCases {
      var request = AvoidRequest(
        container: phone, field: row(600, 44), keyboard: keyboard, safeArea: notched, mode: mode,
        contentOffset: .zero, contentSize: Size(width: 390, height: 2000),
        alsoReveal: [row(650, 40), row(200, 30)])
      let near = avoid(request)
      request.alsoReveal = [
        Rect(x: -5000, y: 650, width: 0, height: 40), Rect(x: 9000, y: 200, width: 12_345, height: 30),
      ]
      #expect(avoid(request) == near, "\(mode)")
    }
  }

  @Test("a zero-sized rect still stretches the union to its point")
  func zeroSizedRectsCount() {
    let union = row(400, 44).union(Rect(x: 0, y: 600, width: 0, height: 0))
    #expect(union.minY == 400 && union.maxY == 600)
    #expect(union.minX == 0 && union.maxX == 370)
    // 600 + 10 - 508 = 102 of shift, room 353: the point joins and the view moves for it.
    let answer = avoid(
      AvoidRequest(
        container: phone, field: row(400, 44), keyboard: keyboard, safeArea: notched,
        alsoReveal: [Rect(x: 0, y: 600, width: 0, height: 0)]))
    #expect(answer.layout == .translate(offset: Point(x: 0, y: -102)))
    #expect(answer.alsoRevealed == [true])
  }

  @Test("the rule itself: each flag is fits of the union it was tried with, skipped rects leave no trace")
  func ruleOverAnyPredicate() {
    var tried: [Rect] = []
    // A predicate that accepts targets no taller than 100.
    let companions: AlsoReveal = [row(50, 10), row(200, 10), row(90, 10)]
    let grown = companions.grow(row(0, 40)) { union in
      tried.append(union)
      return union.height <= 100
    }
    #expect(tried.map(\.minY) == [0, 0, 0])
    #expect(tried.map(\.maxY) == [60, 210, 100])
    #expect(grown.alsoRevealed == [true, false, true])
    #expect(grown.target.minY == 0 && grown.target.maxY == 100)
  }

  @Test("the inline lists hold 16 and say so; equality looks at the stored elements only")
  func inlineLists() {
    let rects = (0..<16).map { row(Double($0) * 10, 5) }
    let full = AlsoReveal(rects)
    #expect(full?.count == 16)
    #expect(full.map(Array.init) == rects)
    #expect(AlsoReveal(rects + [row(0, 1)]) == nil)
    var flags = AlsoRevealed()
    for index in 0..<16 { flags.append(index % 3 == 0) }
    #expect(Array(flags) == (0..<16).map { $0 % 3 == 0 })
    var shorter = AlsoReveal(rects)!
    #expect(shorter != AlsoReveal(rects.dropLast()))
    shorter = AlsoReveal(rects.dropLast())!
    #expect(shorter == AlsoReveal(rects.dropLast()))
    #expect(MemoryLayout<AlsoReveal>.size >= 16 * MemoryLayout<Rect>.stride, "stored inline")
  }
}
