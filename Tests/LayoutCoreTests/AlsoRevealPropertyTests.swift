import LayoutCore
import LayoutTesting
import Testing

@Suite("§4.5 alsoReveal over thousands of seeded layouts")
struct AlsoRevealPropertyTests {
  static let count = 4000

  /// What a form puts around a field: labels above, error texts and buttons below, other rows
  /// anywhere, the odd zero-sized rect; on the quarter-point grid. Mostly a few, sometimes 16.
  static func companions(of field: Rect, in container: Rect, _ rng: inout SplitMix64) -> [Rect] {
    let count = rng.chance(0.1) ? AlsoReveal.capacity : Int.random(in: 0...6, using: &rng)
    return (0..<count).map { _ in
      let height = Scenario.grid(0...80, &rng)
      let x = Scenario.grid(-20...200, &rng)
      let width = Scenario.grid(0...300, &rng)
      let y: Double
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: y = field.minY - Scenario.grid(0...40, &rng) - height
      case 1: y = field.maxY + Scenario.grid(0...120, &rng)
      case 2: y = Scenario.grid(-100...(container.height + 100), &rng)
      case 3: return Rect(x: x, y: Scenario.grid(-100...(container.height + 100), &rng), width: 0, height: 0)
      default: y = field.minY + Scenario.grid(0...max(0, field.height), &rng)
      }
      return Rect(x: x, y: y, width: width, height: height)
    }
  }

  /// A scenario's request in `mode` with `rects` as `alsoReveal`.
  static func request(_ s: Scenario, _ mode: AvoidMode, _ rects: [Rect]) -> AvoidRequest {
    var request = s.avoidRequest(mode: mode)
    request.alsoReveal = AlsoReveal(rects)
    return request
  }

  /// The answer with `alsoRevealed` left out.
  static func withoutFlags(_ answer: AvoidAnswer) -> AvoidAnswer {
    var answer = answer
    answer.alsoRevealed = nil
    return answer
  }

  @Test("nothing revealed: the same answer as without alsoReveal; fits is always the field's")
  func nothingRevealedChangesNothing() {
    var rng = SplitMix64(seed: 121)
    var allFalse = 0
    var someTrue = 0
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let rects = Self.companions(of: s.field, in: s.container, &rng)
      for mode in AvoidMode.allCases {
        let plain = avoid(s.avoidRequest(mode: mode))
        let answer = avoid(Self.request(s, mode, rects))
        let flags = Array(answer.alsoRevealed ?? [])
        #expect(flags.count == rects.count)
        #expect(answer.fits == plain.fits, "\(mode) \(s)")
        if flags.allSatisfy({ !$0 }) {
          if !rects.isEmpty { allFalse += 1 }
          #expect(Self.withoutFlags(answer) == plain, "\(mode) \(rects) \(s)")
        } else {
          someTrue += 1
        }
      }
    }
    #expect(allFalse > Self.count / 20 && someTrue > Self.count / 2, "both outcomes are exercised")
  }

  @Test("a field that does not fit takes nothing with it")
  func unfitFieldRevealsNothing() {
    var rng = SplitMix64(seed: 122)
    var unfit = 0
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let rects = Self.companions(of: s.field, in: s.container, &rng)
      for mode in AvoidMode.allCases where !avoid(s.avoidRequest(mode: mode)).fits {
        unfit += 1
        let flags = avoid(Self.request(s, mode, rects)).alsoRevealed
        #expect(flags.map { $0.allSatisfy { !$0 } } == true, "\(mode) \(rects) \(s)")
      }
    }
    #expect(unfit > Self.count / 10, "the scenarios exercise fields that do not fit")
  }

  @Test("with the keyboard covering the container, a revealed rect ends margin above it once applied")
  func revealedRectsClearTheKeyboard() {
    var rng = SplitMix64(seed: 123)
    var checked = 0
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let rects = Self.companions(of: s.field, in: s.container, &rng)
      for mode in AvoidMode.allCases {
        let answer = avoid(Self.request(s, mode, rects))
        let overlap = answer.keyboard.overlap
        guard overlap > 0, let flags = answer.alsoRevealed else { continue }
        let keyboardTop = s.container.height - overlap
        for (rect, revealed) in zip(rects, flags) where revealed {
          checked += 1
          switch answer.layout {
          case .translate(let offset):
            #expect(rect.maxY + offset.y + s.margin <= keyboardTop, "\(rect) \(s)")
          case .resize(_, _, let visible):
            #expect(rect.maxY + s.margin <= keyboardTop && keyboardTop == visible.height, "\(rect) \(s)")
          case .scroll(let contentOffset, _, _):
            // Kept inside the viewport contract §4.2 defines; its bottom edge is at or above the
            // keyboard's top unless the base contentInset.bottom is negative.
            let bottom = s.contentInset.bottom + max(overlap, s.safeArea.bottom)
            let end = rect.maxY - contentOffset.y + s.margin
            #expect(end <= s.container.height - bottom, "\(rect) \(s)")
            if s.contentInset.bottom >= 0 { #expect(end <= keyboardTop, "\(rect) \(s)") }
          }
        }
      }
    }
    #expect(checked > Self.count, "the scenarios reveal rects over covering keyboards")
  }

  @Test("the same rect listed twice is revealed both times or neither")
  func duplicatesAgree() {
    var rng = SplitMix64(seed: 124)
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      var rects = Array(Self.companions(of: s.field, in: s.container, &rng).prefix(AlsoReveal.capacity - 1))
      guard !rects.isEmpty else { continue }
      let first = Int.random(in: 0..<rects.count, using: &rng)
      let second = Int.random(in: (first + 1)...rects.count, using: &rng)
      rects.insert(rects[first], at: second)
      for mode in AvoidMode.allCases {
        let flags = avoid(Self.request(s, mode, rects)).alsoRevealed
        #expect(flags?[first] == flags?[second], "\(mode) \(first) \(second) \(rects) \(s)")
      }
    }
  }

  @Test("appending a rect never changes what the earlier rects got")
  func appendingKeepsThePrefix() {
    var rng = SplitMix64(seed: 125)
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let rects = Self.companions(of: s.field, in: s.container, &rng)
      guard !rects.isEmpty else { continue }
      for mode in AvoidMode.allCases {
        let full = Array(avoid(Self.request(s, mode, rects)).alsoRevealed ?? [])
        let cut = Int.random(in: 0..<rects.count, using: &rng)
        let prefix = Array(avoid(Self.request(s, mode, Array(rects.prefix(cut)))).alsoRevealed ?? [])
        #expect(prefix == Array(full.prefix(cut)), "\(mode) \(rects) \(s)")
      }
    }
  }

  @Test("translate with nothing covered reveals every rect, above the safe area included")
  func translateWithoutOverlapRevealsAll() {
    var rng = SplitMix64(seed: 126)
    var seen = 0
    for _ in 0..<Self.count {
      let s = Scenario.random(using: &rng)
      let rects = Self.companions(of: s.field, in: s.container, &rng)
      let answer = avoid(Self.request(s, .translate, rects))
      guard answer.keyboard.overlap == 0 else { continue }
      seen += 1
      #expect(answer.alsoRevealed.map { $0.allSatisfy { $0 } } == true, "\(rects) \(s)")
      #expect(answer.layout == .translate(offset: .zero))
    }
    #expect(seen > Self.count / 10)
  }
}
