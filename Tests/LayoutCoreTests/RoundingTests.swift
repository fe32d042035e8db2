import LayoutTesting
import Testing

@testable import LayoutCore

/// `fits` where the two sides it compares are equal in exact arithmetic: decimal inputs make
/// doubles that round the two sums apart, and a target the formulas have just placed at an edge,
/// or one that fills the space left exactly, still fits (§4.1–§4.3, §4.5, §5); a track follows
/// such a layout exactly (§11).
@Suite("fits within rounding")
struct RoundingTests {
  static let phone = Rect(x: 0, y: 0, width: 390, height: 844)

  /// A number of tenths of a point drawn from `range`: a decimal a double cannot hold exactly.
  static func tenths(_ range: ClosedRange<Int>, _ rng: inout SplitMix64) -> Double {
    Double(Int.random(in: range, using: &rng)) / 10
  }

  /// The keyboard heights from 0.1 to 300 (in tenths of a point) at which `fails` holds.
  static func keyboardHeights(where fails: (Double) -> Bool) -> [Double] {
    (1...3000).map { Double($0) / 10 }.filter(fails)
  }

  /// A form in a scroll view: field 900…954 (+10 margin) and its error text 960…1010, the union
  /// 900…1020 is 120 tall, the viewport at least 543.9: revealed, its bottom sits on the viewport's
  /// bottom edge.
  static func form(keyboardHeight: Double) -> AvoidRequest {
    AvoidRequest(
      container: phone, field: Rect(x: 0, y: 900, width: 100, height: 44), keyboard: .height(keyboardHeight),
      mode: .scroll, contentOffset: .zero, contentSize: Size(width: 390, height: 3000),
      alsoReveal: [Rect(x: 0, y: 960, width: 100, height: 50)])
  }

  @Test("scroll: a union §5.1 has just aligned with the viewport's bottom fits, at every keyboard height")
  func revealedUnionFits() {
    let dropped = Self.keyboardHeights { height in
      let answer = avoid(Self.form(keyboardHeight: height))
      return answer.alsoRevealed != [true] || !answer.fits
    }
    #expect(dropped.isEmpty, "dropped at \(dropped.count) heights, first \(dropped.prefix(5))")
  }

  @Test("the first of those heights, by its numbers: offset 476.1, both revealed")
  func revealedUnionByHand() throws {
    let answer = avoid(Self.form(keyboardHeight: 300.1))
    guard case .scroll(let offset, _, _) = answer.layout else { throw Failure("not a scroll answer") }
    #expect(abs(offset.y - 476.1) < 1e-9)
    #expect(answer.fits && answer.alsoRevealed == [true])
  }

  @Test("caret-follow: a caret scrolled to the viewport's bottom is visible, at every keyboard height")
  func revealedCaretIsVisible() {
    let hidden = Self.keyboardHeights { height in
      !caretFollow(
        CaretFollowRequest(
          textView: Self.phone, caret: Rect(x: 0, y: 1000, width: 2, height: 20), contentOffset: .zero,
          contentSize: Size(width: 390, height: 3000), keyboard: .height(height))
      ).caretVisible
    }
    #expect(hidden.isEmpty, "not visible at \(hidden.count) heights, first \(hidden.prefix(5))")
  }

  /// Whether a field `height` tall at `y` fits, with the keyboard `keyboard` tall: nil when it
  /// does, else what was tried.
  static func misfit(
    _ mode: AvoidMode, container: Rect = phone, y: Double, height: Double, keyboard: Double, top: Double,
    margin: Double
  ) -> String? {
    guard height > 0 else { return nil }
    let request = AvoidRequest(
      container: container, field: Rect(x: 0, y: y, width: 100, height: height), keyboard: .height(keyboard),
      safeArea: Insets(top: top), margin: margin, mode: mode)
    return avoid(request).fits ? nil : "\(mode) \(request)"
  }

  @Test(
    "translate and resize: a field that fills the space left to the tenth of a point fits, near and far down")
  func exactFillFits() {
    // need = room (translate) and field.maxY + margin = keyboardTop (resize) in decimals: in
    // doubles a third of these sums round the two sides apart. A million points down, need = room
    // = 0 while every sum is about a million: the slack scales with the field's and the keyboard's
    // position, not with need and room.
    var rng = SplitMix64(seed: 4_242)
    var failures: [String] = []
    for _ in 0..<2_000 {
      let keyboard = Self.tenths(2_000...4_000, &rng)
      let top = Self.tenths(0...600, &rng)
      let margin = Self.tenths(0...200, &rng)
      let y = top + Self.tenths(10...4_000, &rng)
      // translate: the field's bottom and margin reach the keyboard's top shifted up by all the
      // room there is, y - top; resize: they end on the keyboard's top.
      let shifted = ((844 - keyboard - margin - top) * 10).rounded() / 10
      let filled = ((844 - keyboard - margin - y) * 10).rounded() / 10
      let tall = Rect(x: 0, y: 0, width: 390, height: 1_000_000 + Self.tenths(0...9_999, &rng))
      let farY = tall.height - Self.tenths(5_000...8_000, &rng)
      let far = ((tall.height - keyboard - margin - farY) * 10).rounded() / 10
      failures += [
        Self.misfit(.translate, y: y, height: shifted, keyboard: keyboard, top: top, margin: margin),
        Self.misfit(.resize, y: y, height: filled, keyboard: keyboard, top: top, margin: margin),
        Self.misfit(
          .translate, container: tall, y: farY, height: far, keyboard: keyboard, top: farY, margin: margin),
      ].compactMap { $0 }
    }
    #expect(failures.isEmpty, "\(failures.count) do not fit, first \(failures.prefix(3))")
  }

  @Test("scroll: a field that ends on the viewport's bottom edge a million points down fits, unscrolled")
  func farDownScrollFits() {
    // No keyboard, so the offset stays 0 and §4.2 compares the target with the viewport's edge
    // where they are, about a million points down: the slack scales with those positions, not
    // with the offset, which is 0.
    var rng = SplitMix64(seed: 5_151)
    var failures: [String] = []
    for _ in 0..<2_000 {
      let height = 1_000_000 + Self.tenths(0...9_999, &rng)
      let inset = Self.tenths(0...500, &rng)
      let margin = Self.tenths(0...200, &rng)
      let fieldHeight = Self.tenths(10...400, &rng)
      let y = ((height - inset - margin - fieldHeight) * 10).rounded() / 10
      let request = AvoidRequest(
        container: Rect(x: 0, y: 0, width: 390, height: height),
        field: Rect(x: 0, y: y, width: 100, height: fieldHeight), keyboard: .hidden, margin: margin,
        mode: .scroll, contentOffset: .zero, contentSize: Size(width: 390, height: height),
        contentInset: Insets(bottom: inset))
      if !avoid(request).fits { failures.append("\(request)") }
    }
    let misfits = failures.count
    #expect(misfits == 0, "\(misfits) do not fit, first \(failures.prefix(2))")
  }

  @Test("a little more than the space left does not fit")
  func justOverDoesNotFit() {
    // The slack is rounding's, not a tolerance a layout can use: a hundredth of a point over.
    let fits = avoid(
      AvoidRequest(
        container: Self.phone, field: Rect(x: 0, y: 124, width: 100, height: 598.91),
        keyboard: .height(229.1),
        safeArea: Insets(top: 3.9), margin: 12.1)
    ).fits
    #expect(!fits)
    #expect((1 + 0x1p-40).isAtMost(1))
    #expect(!(1 + 0x1p-30).isAtMost(1))
    #expect((1e9 + 1e-6).isAtMost(1e9) && !(1e9 + 0.1).isAtMost(1e9))
  }

  @Test("a track where a companion stops fitting where the field starts to be covered, both rounded apart")
  func trackThroughCoincidingTurns() throws {
    // The union's bottom, -600 + 999.7, rounds to 399.70000000000005, the field's to 399.7: the
    // companion stops fitting at overlap 69.29999999999995, the field is covered from
    // 69.30000000000001. The offset then follows the field: 0 up to 69.3, -17.7 from 87.
    let request = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 400, height: 479),
      field: Rect(x: 0, y: 17.7, width: 100, height: 382),
      keyboard: .height(264), alsoReveal: [Rect(x: 0, y: -600, width: 100, height: 47)])
    let check = try #require(TrackReference.check(request))
    var rng = SplitMix64(seed: 17)
    #expect(check.problems(samples: 200, using: &rng) == [])
    let heights = check.track.keyboardHeight
    try #require(heights.count == 4, "\(heights)")
    #expect(abs(heights[1] - 69.3) < 1e-9 && abs(heights[2] - 87) < 1e-9 && heights[3] == 264)
    #expect(check.track.members.arrays[0].map { ($0 * 1e6).rounded() / 1e6 } == [0, 0, -17.7, -17.7])
  }
}

/// A test's own failure, for `throw`.
private struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
