import LayoutTesting
import Testing

@testable import LayoutCore

@Suite("§11 track over thousands of seeded layouts")
struct TrackPropertyTests {
  static let count = 3000

  /// A seeded scenario; one in ten has its container running below the screen's bottom, so that
  /// the keyboard covers it from its first point.
  static func scenario(_ rng: inout SplitMix64) -> Scenario {
    var s = Scenario.random(using: &rng)
    if rng.chance(0.1) { s.container.height += Scenario.grid(0...200, &rng) }
    return s
  }

  /// What the tracks of a run looked like, so that a test can tell it exercised the rules.
  struct Seen: CustomStringConvertible {
    var tracks = 0
    var moving = 0
    var jumps = 0
    var jumpsAtZero = 0
    var largest = 0
    var failures: [String] = []

    mutating func record(
      _ check: TrackCheck, _ problems: [TrackCheck.Problem], _ context: @autoclosure () -> String
    ) {
      tracks += 1
      let h = check.track.keyboardHeight
      if h.count > 2 { moving += 1 }
      largest = max(largest, h.count)
      let jumpHeights = (0..<max(0, h.count - 1)).filter { h[$0] == h[$0 + 1] }.map { h[$0] }
      jumps += jumpHeights.filter { $0 > 0 }.count
      jumpsAtZero += jumpHeights.filter { $0 == 0 }.count
      if !problems.isEmpty && failures.count < 3 { failures.append("\(problems.prefix(4)) \(context())") }
    }

    var description: String {
      "\(tracks) tracks, \(moving) with a bend or jump, \(jumps) jumps above 0, \(jumpsAtZero) at 0, "
        + "at most \(largest) breakpoints"
    }
  }

  @Test(
    "every mode without companions: exact, minimal, from the hidden keyboard to the answer",
    arguments: AvoidMode.allCases)
  func avoidWithoutCompanions(mode: AvoidMode) throws {
    var rng = SplitMix64(seed: 1100 + UInt64(mode.rawValue.utf8.count))
    var seen = Seen()
    for _ in 0..<Self.count {
      let s = Self.scenario(&rng)
      let check = try #require(TrackReference.check(s.avoidRequest(mode: mode)))
      seen.record(check, check.problems(samples: 6, using: &rng), "\(mode) \(s)")
    }
    #expect(seen.failures.isEmpty, "\(seen.failures)")
    #expect(seen.moving > Self.count / 4, "\(seen)")
    if mode != .resize { #expect(seen.jumps + seen.jumpsAtZero > Self.count / 50, "\(seen)") }
    print("track \(mode): \(seen)")
  }

  @Test(
    "every mode with companions: dropped and re-admitted ones jump where they should",
    arguments: AvoidMode.allCases)
  func avoidWithCompanions(mode: AvoidMode) throws {
    var rng = SplitMix64(seed: 1200 + UInt64(mode.rawValue.utf8.count))
    var seen = Seen()
    for _ in 0..<Self.count {
      let s = Self.scenario(&rng)
      let rects = AlsoRevealPropertyTests.companions(of: s.field, in: s.container, &rng)
      let check = try #require(TrackReference.check(AlsoRevealPropertyTests.request(s, mode, rects)))
      seen.record(check, check.problems(samples: 6, using: &rng), "\(mode) \(rects) \(s)")
    }
    #expect(seen.failures.isEmpty, "\(seen.failures)")
    #expect(seen.moving > Self.count / 4, "\(seen)")
    if mode != .resize { #expect(seen.jumps > Self.count / 20, "\(seen)") }
    print("track \(mode) with alsoReveal: \(seen)")
  }

  @Test("caret-follow: exact and minimal; the caret is revealed at every height, so nothing jumps")
  func caretFollowTracks() throws {
    var rng = SplitMix64(seed: 1300)
    var seen = Seen()
    for _ in 0..<Self.count {
      let s = Self.scenario(&rng)
      let request = s.caretFollowRequest(lineHeight: Scenario.grid(0...30, &rng))
      let check = try #require(TrackReference.check(request))
      seen.record(check, check.problems(samples: 6, using: &rng), "\(request)")
    }
    #expect(seen.failures.isEmpty, "\(seen.failures)")
    #expect(seen.moving > Self.count / 4, "\(seen)")
    print("track caret-follow: \(seen)")
  }

  @Test("a hidden or undocked end keyboard: one breakpoint, the answer's own")
  func noWayIn() throws {
    var rng = SplitMix64(seed: 1400)
    var seen = 0
    for _ in 0..<Self.count {
      let s = Self.scenario(&rng)
      guard TrackReference.endHeight(s.keyboard, screen: s.screen) == 0 else { continue }
      seen += 1
      for mode in AvoidMode.allCases {
        var request = s.avoidRequest(mode: mode)
        request.track = true
        let answer = avoid(request)
        let track = try #require(answer.track)
        #expect(track.keyboardHeight == [0])
        #expect(
          ([track.overlap] + track.members.arrays).map { $0 } == TrackReference.values(answer).map { [$0] })
      }
    }
    #expect(seen > Self.count / 4)
  }

  @Test("without track the answer is the same, and has no track; with it, the rest is unchanged")
  func trackChangesNothingElse() {
    var rng = SplitMix64(seed: 1500)
    for _ in 0..<Self.count / 3 {
      let s = Self.scenario(&rng)
      let rects = AlsoRevealPropertyTests.companions(of: s.field, in: s.container, &rng)
      for mode in AvoidMode.allCases {
        var request = AlsoRevealPropertyTests.request(s, mode, rects)
        let plain = avoid(request)
        #expect(plain.track == nil)
        request.track = true
        var tracked = avoid(request)
        #expect(tracked.track != nil)
        tracked.track = nil
        #expect(tracked == plain)
      }
      var caret = s.caretFollowRequest(lineHeight: 0)
      let plain = caretFollow(caret)
      #expect(plain.track == nil)
      caret.track = true
      var tracked = caretFollow(caret)
      tracked.track = nil
      #expect(tracked == plain)
    }
  }
}

extension TrackPropertyTests {
  /// A scenario whose numbers lie off the quarter-point grid, where the core's arithmetic rounds.
  static func offGrid(_ rng: inout SplitMix64) -> Scenario {
    var s = scenario(&rng)
    func jitter() -> Double { Double.random(in: 0..<1, using: &rng) / 3 }
    s.field.y += jitter()
    s.field.height += jitter()
    s.margin += jitter()
    s.contentOffset.y += jitter()
    s.contentSize.height += jitter()
    s.safeArea.top += jitter()
    s.safeArea.bottom += jitter()
    s.container.y += jitter()
    s.container.height += jitter()
    switch s.keyboard {
    case .height(let h): s.keyboard = .height(h + jitter())
    case .frame(let f): s.keyboard = .frame(Rect(x: f.x, y: f.y + jitter(), width: f.width, height: f.height))
    case .hidden, .viewport: break
    }
    return s
  }

  @Test("off the quarter-point grid: the same rules, but for what the core's own rounding decides")
  func offTheGrid() throws {
    var rng = SplitMix64(seed: 1600)
    var failures: [String] = []
    var roundedAtJumps = 0
    for _ in 0..<Self.count {
      let s = Self.offGrid(&rng)
      let rects = AlsoRevealPropertyTests.companions(of: s.field, in: s.container, &rng)
      var checks = try AvoidMode.allCases.flatMap { mode in
        [
          try #require(TrackReference.check(s.avoidRequest(mode: mode))),
          try #require(TrackReference.check(AlsoRevealPropertyTests.request(s, mode, rects))),
        ]
      }
      checks.append(try #require(TrackReference.check(s.caretFollowRequest(lineHeight: 0))))
      for (index, check) in checks.enumerated() {
        let problems = check.problems(samples: 6, using: &rng).filter { problem in
          guard case .jumpDoesNotHoldBefore(let i) = problem else { return true }
          // At the jump's own height the core may round to either side: just below it, the
          // value before the jump must hold.
          roundedAtJumps += 1
          return !check.close(check.rows.map { $0[i] }, check.answerAt(check.track.keyboardHeight[i] - 1e-7))
        }
        if !problems.isEmpty && failures.count < 3 { failures.append("\(index) \(problems) \(s) \(rects)") }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
    print(
      "track off the grid: \(roundedAtJumps) jumps at whose own height the core rounds to the value after")
  }
}
