import LayoutTesting
import Testing

@testable import LayoutCore

@Suite("Properties over thousands of seeded scenarios")
struct PropertyTests {
  static let count = 4000

  /// The scrollable range contract §4.2 allows for a scenario.
  func scrollRange(_ s: Scenario, overlap: Double) -> ClosedRange<Double> {
    let top = s.contentInset.top + s.safeArea.top
    let bottom = s.contentInset.bottom + max(overlap, s.safeArea.bottom)
    let minY = -top
    return minY...max(minY, s.contentSize.height + bottom - s.container.height)
  }

  @Test("translate clears the keyboard or stops at the safe-area top, and never shifts down")
  func translateClearsOrStops() {
    var rng = SplitMix64(seed: 1)
    var shifted = 0
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let answer = avoid(s.avoidRequest(mode: .translate))
      guard case .translate(let offset) = answer.layout else {
        Issue.record("not a translate answer")
        return
      }
      #expect(offset.x == 0)
      #expect(offset.y <= 0, "shift is never negative")
      let overlap = answer.keyboard.overlap
      if overlap == 0 {
        #expect(offset.y == 0)
        continue
      }
      if offset.y < 0 { shifted += 1 }
      let keyboardTop = s.container.height - overlap
      let clears = s.field.maxY + s.margin + offset.y <= keyboardTop
      let topAtSafeArea = s.field.minY + offset.y == s.safeArea.top
      let noRoom = s.field.minY <= s.safeArea.top && offset.y == 0
      #expect(clears || topAtSafeArea || noRoom, "\(s)")
      #expect(answer.fits == clears, "\(s)")
    }
    #expect(shifted > Self.count / 10, "the scenarios exercise shifting")
  }

  @Test("overlap lies in 0…container.height")
  func overlapBounded() {
    var rng = SplitMix64(seed: 2)
    var covered = 0
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let keyboard = KeyboardContext(keyboard: s.keyboard, screen: s.screen, undocked: s.undocked)
        .keyboardAnswer(over: s.container)
      #expect(keyboard.overlap >= 0 && keyboard.overlap <= s.container.height, "\(s)")
      if keyboard.state == .hidden { #expect(keyboard.overlap == 0) }
      if keyboard.overlap > 0 { covered += 1 }
    }
    #expect(covered > Self.count / 4, "the scenarios exercise covering keyboards")
  }

  @Test("scroll and caret-follow offsets lie in the scrollable range")
  func offsetsInRange() {
    var rng = SplitMix64(seed: 3)
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let answer = avoid(s.avoidRequest(mode: .scroll))
      guard case .scroll(let offset, _, _) = answer.layout else {
        Issue.record("not a scroll answer")
        return
      }
      #expect(scrollRange(s, overlap: answer.keyboard.overlap).contains(offset.y), "\(s)")
      #expect(offset.x == s.contentOffset.x)
      let caret = caretFollow(s.caretFollowRequest(lineHeight: 22))
      #expect(scrollRange(s, overlap: caret.keyboard.overlap).contains(caret.contentOffset.y), "\(s)")
    }
  }

  @Test("reveal is minimal: no smaller scroll shows the target")
  func revealMinimal() {
    var rng = SplitMix64(seed: 4)
    func shows(_ target: (min: Double, max: Double), _ y: Double, _ top: Double, _ bottomEdge: Double) -> Bool
    {
      target.min >= y + top && target.max <= y + bottomEdge
    }
    for _ in 0..<Self.count {
      let top = Scenario.grid(0...100, &rng)
      let bottomEdge = top + Scenario.grid(0...800, &rng)
      let start = Scenario.grid(-200...2000, &rng)
      let min = Scenario.grid(-200...3000, &rng)
      let target = (min: min, max: min + Scenario.grid(0...600, &rng))
      let y = ScrollTarget(min: target.min, max: target.max).reveal(
        from: start, top: top, bottomEdge: bottomEdge)
      if target.max - target.min > bottomEdge - top {
        #expect(y == target.min - top, "a taller target shows its top")
        continue
      }
      #expect(shows(target, y, top, bottomEdge))
      if shows(target, start, top, bottomEdge) {
        #expect(y == start)
      } else {
        // One grid step back toward the start no longer shows it.
        let back = y + (start > y ? 0.25 : -0.25)
        #expect(!shows(target, back, top, bottomEdge), "y \(y) from \(start) for \(target)")
      }
    }
  }

  @Test("a hidden keyboard gives identity answers")
  func hiddenIsIdentity() {
    var rng = SplitMix64(seed: 5)
    var seen = 0
    for _ in 0..<Self.count {
      var s = Scenario.random(using: &rng)
      s.keyboard =
        [KeyboardInput.hidden, .height(0), .frame(Rect(x: 0, y: s.screen.maxY, width: 100, height: 300))][
          seen % 3]
      seen += 1
      let translate = avoid(s.avoidRequest(mode: .translate))
      #expect(translate.keyboard == KeyboardAnswer(state: .hidden, overlap: 0))
      #expect(translate.layout == .translate(offset: .zero))
      #expect(translate.fits)

      let scroll = avoid(s.avoidRequest(mode: .scroll))
      guard case .scroll(let offset, let inset, let indicators) = scroll.layout else {
        Issue.record("not a scroll answer")
        return
      }
      #expect(inset == s.contentInset && indicators == s.contentInset)
      let range = scrollRange(s, overlap: 0)
      // Only clamped: unchanged inside the range, the nearest end outside it.
      #expect(offset.y == Swift.min(Swift.max(s.contentOffset.y, range.lowerBound), range.upperBound))

      let resize = avoid(s.avoidRequest(mode: .resize))
      #expect(
        resize.layout
          == .resize(
            bottomInset: 0, additionalSafeAreaInsets: .zero,
            visible: Rect(x: 0, y: 0, width: s.container.width, height: s.container.height)))
    }
  }

  @Test("caret-follow applied to its own answer changes nothing")
  func caretFollowIdempotent() {
    var rng = SplitMix64(seed: 6)
    var moved = 0
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      var request = s.caretFollowRequest(lineHeight: Scenario.grid(0...30, &rng))
      let first = caretFollow(request)
      if first.changed { moved += 1 }
      request.contentOffset = first.contentOffset
      let second = caretFollow(request)
      #expect(!second.changed, "\(request)")
      #expect(second.contentOffset == first.contentOffset)
      #expect(second.caretVisible == first.caretVisible)
    }
    #expect(moved > Self.count / 10, "the scenarios exercise scrolling")
  }

  @Test("a taller docked keyboard never gives a smaller shift")
  func monotonicShift() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let low = Scenario.grid(0...400, &rng)
      let high = low + Scenario.grid(0...300, &rng)
      func shift(_ height: Double) -> Double {
        var request = s.avoidRequest(mode: .translate)
        request.keyboard = .height(height)
        guard case .translate(let offset) = avoid(request).layout else { return .nan }
        return -offset.y
      }
      #expect(shift(high) >= shift(low), "\(s) keyboards \(low) and \(high)")
    }
  }

  @Test("no answer holds NaN, infinity or -0")
  func cleanNumbers() {
    var rng = SplitMix64(seed: 8)
    for index in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      for mode in AvoidMode.allCases {
        var request = s.avoidRequest(mode: mode)
        if index % 2 == 0 { request.animation = KeyboardAnimation(duration: -0.0, curve: index % 16) }
        let numbers = AnswerNumbers.of(avoid(request))
        #expect(numbers.allSatisfy(AnswerNumbers.isClean), "\(mode) \(numbers) for \(s)")
      }
      let numbers = AnswerNumbers.of(caretFollow(s.caretFollowRequest(lineHeight: 0)))
      #expect(numbers.allSatisfy(AnswerNumbers.isClean), "caret \(numbers) for \(s)")
    }
  }

  @Test("the cleanliness check itself catches -0 and non-finite values")
  func cleanCheck() {
    #expect(!AnswerNumbers.isClean(-0.0))
    #expect(!AnswerNumbers.isClean(.nan))
    #expect(!AnswerNumbers.isClean(-.infinity))
    #expect(AnswerNumbers.isClean(0))
    #expect(AnswerNumbers.isClean(-3))
  }
}

/// Every number an answer holds, for checks that hold for all of them.
enum AnswerNumbers {
  static func of(_ answer: AvoidAnswer) -> [Double] {
    var numbers = [answer.keyboard.overlap]
    switch answer.layout {
    case .translate(let offset):
      numbers += [offset.x, offset.y]
    case .scroll(let contentOffset, let contentInset, let indicators):
      numbers += [contentOffset.x, contentOffset.y] + of(contentInset) + of(indicators)
    case .resize(let bottomInset, let additional, let visible):
      numbers += [bottomInset, visible.x, visible.y, visible.width, visible.height] + of(additional)
    }
    if let animation = answer.animation { numbers += of(animation) }
    return numbers
  }

  static func of(_ animation: AnimationAnswer) -> [Double] {
    [animation.duration, animation.motionDuration].compactMap { $0 }
      + Array(animation.frames ?? MotionFrames([]))
  }

  static func of(_ answer: CaretFollowAnswer) -> [Double] {
    [answer.keyboard.overlap, answer.contentOffset.x, answer.contentOffset.y] + of(answer.contentInset)
      + of(answer.scrollIndicatorInsets)
  }

  static func of(_ insets: Insets) -> [Double] {
    [insets.top, insets.left, insets.bottom, insets.right]
  }

  /// Finite and not `-0`.
  static func isClean(_ value: Double) -> Bool {
    value.isFinite && !(value == 0 && value.sign == .minus)
  }
}
