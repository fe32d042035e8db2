import LayoutCore
import Testing

@Suite("§5 caret-follow")
struct CaretFollowTests {
  let textView = Rect(x: 0, y: 0, width: 390, height: 844)

  @Test("a caret below the keyboard's top scrolls down just enough")
  func below() {
    // overlap 336; top 0, bottom 336, H - bottom = 508; target [1500, 1520]
    // viewport at 1000 is [1000, 1508]: y = 1520 - 508 = 1012
    let answer = caretFollow(
      CaretFollowRequest(
        textView: textView, caret: Rect(x: 120, y: 1500, width: 2, height: 20),
        contentOffset: Point(x: 0, y: 1000),
        contentSize: Size(width: 390, height: 3000), keyboard: .height(336)))
    #expect(answer.contentOffset == Point(x: 0, y: 1012))
    #expect(answer.contentInset == Insets(bottom: 336))
    #expect(answer.scrollIndicatorInsets == Insets(bottom: 336))
    #expect(answer.changed)
    #expect(answer.caretVisible)
  }

  @Test("the caret grows to the line height and the margin pads both sides")
  func lineHeightAndMargin() {
    // caret [500, 500 + max(0, 30)] = [500, 530], margin 5 → target [495, 535]
    // viewport at 0 with top 0 and bottom 336 is [0, 508]: y = 535 - 508 = 27
    let answer = caretFollow(
      CaretFollowRequest(
        textView: textView, caret: Rect(x: 0, y: 500, width: 2, height: 0), contentOffset: .zero,
        contentSize: Size(width: 390, height: 3000), keyboard: .height(336), margin: 5, lineHeight: 30))
    #expect(answer.contentOffset == Point(x: 0, y: 27))
  }

  @Test("a caret taller than the line height keeps its own height")
  func tallCaret() {
    // caret [500, 540] (40 > 30); y = 540 - 508 = 32
    let answer = caretFollow(
      CaretFollowRequest(
        textView: textView, caret: Rect(x: 0, y: 500, width: 2, height: 40), contentOffset: .zero,
        contentSize: Size(width: 390, height: 3000), keyboard: .height(336), lineHeight: 30))
    #expect(answer.contentOffset == Point(x: 0, y: 32))
  }

  @Test("without a keyboard the caret is still revealed (a hardware keyboard types below the fold)")
  func noKeyboard() {
    // overlap 0; top 0, bottom max(0, 0) = 0, viewport at 0 is [0, 844]; target [900, 920]
    // y = 920 - 844 = 76; the inset stays the base one
    let answer = caretFollow(
      CaretFollowRequest(
        textView: textView, caret: Rect(x: 0, y: 900, width: 2, height: 20), contentOffset: .zero,
        contentSize: Size(width: 390, height: 3000), keyboard: .hidden))
    #expect(answer.keyboard == KeyboardAnswer(state: .hidden, overlap: 0))
    #expect(answer.contentOffset == Point(x: 0, y: 76))
    #expect(answer.contentInset == .zero)
    #expect(answer.changed)
  }

  @Test("a visible caret changes nothing")
  func unchanged() {
    let answer = caretFollow(
      CaretFollowRequest(
        textView: textView, caret: Rect(x: 0, y: 1200, width: 2, height: 20),
        contentOffset: Point(x: 3, y: 1000),
        contentSize: Size(width: 390, height: 3000), keyboard: .height(336)))
    #expect(answer.contentOffset == Point(x: 3, y: 1000))
    #expect(!answer.changed)
    #expect(answer.caretVisible)
  }

  @Test("§5.1 step 4: a caret at the viewport's very edges leaves the offset as it is, to the last bit")
  func edgesLeaveTheOffset() throws {
    // A 3x device's offset, 100 / 3; viewport [y + 47, y + 810] (safe area 47 and 34, no
    // keyboard). In doubles (y + 47) - 47 is not y: only leaving y alone keeps `changed` false.
    let y = 100.0 / 3
    try #require((y + 47) - 47 != y)
    func follow(_ caret: Rect) -> CaretFollowAnswer {
      caretFollow(
        CaretFollowRequest(
          textView: textView, caret: caret, contentOffset: Point(x: 0, y: y),
          contentSize: Size(width: 390, height: 3000),
          safeArea: Insets(top: 47, left: 0, bottom: 34, right: 0),
          keyboard: .hidden))
    }
    let atTop = Rect(x: 0, y: y + 47, width: 2, height: 20)
    let atBottom = Rect(x: 0, y: (y + 810) - 20, width: 2, height: 20)
    try #require(atBottom.maxY == y + 810)
    // Exactly as tall as the viewport (763), so not "taller": steps 2 and 3 find it inside.
    let asTall = Rect(x: 0, y: y + 47, width: 2, height: 763)
    try #require(asTall.maxY - asTall.minY == 810 - 47)
    for caret in [atTop, atBottom, asTall] {
      let answer = follow(caret)
      #expect(answer.contentOffset == Point(x: 0, y: y), "\(caret)")
      #expect(!answer.changed, "\(caret)")
      #expect(answer.caretVisible, "\(caret)")
    }
  }
}
