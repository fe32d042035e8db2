import LayoutTesting
import Testing

@testable import LayoutCore

@Suite("§11 track of §12 chat over thousands of seeded screens")
struct ChatTrackPropertyTests {
  static let count = 3000

  @Test("every lift, ordinary and inverted: exact, minimal, from the hidden keyboard to the answer")
  func tracks() throws {
    var rng = SplitMix64(seed: 1800)
    var seen = TrackPropertyTests.Seen()
    var inverted = 0
    for _ in 0..<Self.count {
      let request = ChatScenario.random(using: &rng)
      let check = try #require(TrackReference.check(request))
      seen.record(check, check.problems(samples: 6, using: &rng), "\(request)")
      if request.inverted { inverted += 1 }
      #expect(check.track.memberNames.contains("contentInsetTop") == request.inverted)
      #expect(check.track.memberNames.contains("contentInsetBottom") == !request.inverted)
    }
    #expect(seen.failures.isEmpty, "\(seen.failures)")
    #expect(seen.moving > Self.count / 4, "\(seen)")
    // The sheets that run below the screen's bottom are covered from the keyboard's first point.
    #expect(seen.jumpsAtZero > Self.count / 100, "\(seen)")
    #expect(inverted > Self.count / 5)
    print("track chat: \(seen)")
  }

  @Test("every lift at the end of its range: the bends where the clamp takes over are breakpoints")
  func tracksAtTheEnds() throws {
    var rng = SplitMix64(seed: 1801)
    var seen = TrackPropertyTests.Seen()
    for index in 0..<Self.count {
      var request = ChatScenario.random(using: &rng)
      request.lift = ChatLift.allCases[index % ChatLift.allCases.count]
      // Short conversations and offsets at or past either end, where the clamps bend the offset.
      if index % 2 == 0 { request.contentSize.height = Scenario.grid(0...900, &rng) }
      let ends = ChatReference.ends(request)
      request.contentOffset.y = index % 3 == 0 ? ends.low : index % 3 == 1 ? ends.high : ends.newest
      let check = try #require(TrackReference.check(request))
      seen.record(check, check.problems(samples: 6, using: &rng), "\(request)")
    }
    #expect(seen.failures.isEmpty, "\(seen.failures)")
    #expect(seen.largest >= 5, "\(seen)")
  }

  @Test("off the quarter-point grid: the same rules")
  func offTheGrid() throws {
    var rng = SplitMix64(seed: 1802)
    var failures: [String] = []
    for _ in 0..<Self.count {
      var request = ChatScenario.random(using: &rng)
      func jitter() -> Double { Double.random(in: 0..<1, using: &rng) / 3 }
      request.composer.y += jitter()
      request.composer.height += jitter()
      request.list.height += jitter()
      request.container.height += jitter()
      request.contentOffset.y += jitter()
      request.contentSize.height += jitter()
      request.safeArea.top += jitter()
      request.safeArea.bottom += jitter()
      request.contentInset.bottom += jitter()
      if let inset = request.keyboardInset { request.keyboardInset = inset + jitter() }
      if case .height(let h) = request.keyboard { request.keyboard = .height(h + jitter()) }
      let check = try #require(TrackReference.check(request))
      let problems = check.problems(samples: 6, using: &rng)
      if !problems.isEmpty && failures.count < 3 { failures.append("\(problems) \(request)") }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test("a hidden or undocked end keyboard: one breakpoint, the answer's own")
  func noWayIn() throws {
    var rng = SplitMix64(seed: 1803)
    var seen = 0
    for _ in 0..<Self.count {
      var request = ChatScenario.random(using: &rng)
      guard TrackReference.endHeight(request.keyboard, screen: request.screen ?? request.container) == 0
      else { continue }
      seen += 1
      request.track = true
      let answer = chat(request)
      let track = try #require(answer.track)
      #expect(track.keyboardHeight == [0])
      #expect(
        ([track.overlap] + track.members.arrays)
          == TrackReference.values(answer, inverted: request.inverted).map { [$0] })
    }
    #expect(seen > Self.count / 5)
  }

  @Test("without track the answer is the same, and has no track; with it, the rest is unchanged")
  func trackChangesNothingElse() {
    var rng = SplitMix64(seed: 1804)
    for _ in 0..<Self.count / 3 {
      var request = ChatScenario.random(using: &rng)
      let plain = chat(request)
      #expect(plain.track == nil)
      request.track = true
      var tracked = chat(request)
      #expect(tracked.track != nil)
      tracked.track = nil
      #expect(tracked == plain)
    }
  }
}
