import Foundation
import LayoutTesting
import Testing

@testable import LayoutCore

@Suite("§11 track: the worked examples and each kind of breakpoint, by hand")
struct TrackTests {
  let phone = Rect(x: 0, y: 0, width: 390, height: 844)
  /// An 800-point scroll view with 2,000 points of content, at rest at the top.
  let scroller = Rect(x: 0, y: 0, width: 390, height: 800)

  func row(_ y: Double, _ height: Double) -> Rect {
    Rect(x: 20, y: y, width: 350, height: height)
  }

  /// The track of `request`, checked against every §11 rule first.
  func track(
    _ request: AvoidRequest, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> KeyboardTrack {
    var rng = SplitMix64(seed: 11)
    let check = try #require(TrackReference.check(request), sourceLocation: sourceLocation)
    #expect(check.problems(samples: 50, using: &rng) == [], sourceLocation: sourceLocation)
    return check.track
  }

  func scroll(
    field: Rect, offset: Double = 0, contentHeight: Double = 2000, keyboardHeight: Double
  )
    -> AvoidRequest
  {
    AvoidRequest(
      container: scroller, field: field, keyboard: .height(keyboardHeight), margin: 0, mode: .scroll,
      contentOffset: Point(x: 0, y: offset), contentSize: Size(width: 390, height: contentHeight))
  }

  @Test("the ten track-* worked examples, pinned whole, and each keeps every rule")
  func goldenExamples() throws {
    let examples = try GoldenExamples.loadSingle().filter { $0.name.hasPrefix("track-") }
    #expect(examples.count == 10)
    var rng = SplitMix64(seed: 12)
    for example in examples {
      let expected = try #require((example.answer as? [String: Any])?["track"], "\(example.name)")
      let check: TrackCheck
      if example.endpoint == "/avoid" {
        check = try #require(
          TrackReference.check(try JSONDecoder().decode(AvoidRequest.self, from: example.request)))
      } else {
        check = try #require(
          TrackReference.check(try JSONDecoder().decode(CaretFollowRequest.self, from: example.request)))
      }
      let actual = try JSONSerialization.jsonObject(with: JSONEncoder().encode(check.track))
      let differences = JSONComparison.differences(actual, expected, unpinned: [])
      #expect(differences.isEmpty, "\(example.name): \(differences)")
      #expect(check.problems(samples: 50, using: &rng) == [], "\(example.name)")
    }
  }

  @Test("translate: nothing moves until need turns positive at 184, then the view follows")
  func needTurnsPositive() throws {
    // need = 600 + 50 + 10 - (844 - overlap) = overlap - 184; room 600 is never reached.
    let track = try track(AvoidRequest(container: phone, field: row(600, 50), keyboard: .height(300)))
    #expect(track.keyboardHeight == [0, 184, 300])
    #expect(track.overlap == [0, 184, 300])
    #expect(track.members == .translate(offsetY: [0, 0, -116]))
  }

  @Test("translate: the offset stops at room = 53 when need reaches it at 187")
  func needReachesRoom() throws {
    // Field 100…700: need = 710 - 844 + overlap = overlap - 134, room = 100 - 47 = 53.
    let track = try track(
      AvoidRequest(container: phone, field: row(100, 600), keyboard: .height(300), safeArea: Insets(top: 47)))
    #expect(track.keyboardHeight == [0, 134, 187, 300])
    #expect(track.members == .translate(offsetY: [0, 0, -53, -53]))
  }

  @Test("resize: the additional safe area starts where the keyboard passes safeArea.bottom")
  func safeAreaBottomResize() throws {
    let track = try track(
      AvoidRequest(
        container: phone, field: row(100, 44), keyboard: .height(200), safeArea: Insets(bottom: 34),
        mode: .resize))
    #expect(track.keyboardHeight == [0, 34, 200])
    #expect(
      track.members
        == .resize(
          bottomInset: [0, 34, 200], additionalSafeAreaBottom: [0, 0, 166], visibleHeight: [844, 810, 644]))
  }

  @Test("scroll: the inset starts at safeArea.bottom 20; the field sticks out below from 160 (§5.1 case 2)")
  func safeAreaBottomAndSticksOutBelow() throws {
    // bottom = max(overlap, 20); 640 > 0 + 800 - bottom from overlap 160, then y = overlap - 160.
    var request = scroll(field: row(600, 40), keyboardHeight: 300)
    request.safeArea = Insets(bottom: 20)
    let track = try track(request)
    #expect(track.keyboardHeight == [0, 20, 160, 300])
    #expect(track.members == .scroll(contentOffsetY: [0, 0, 0, 140], contentInsetBottom: [0, 0, 140, 280]))
  }

  @Test("scroll: a 400-point field follows the keyboard, then is taller than the viewport from 400 (case 1)")
  func tallerThanTheViewport() throws {
    // Case 2 from overlap 100: y = 700 - (800 - overlap); case 1 from 400: y = 300, its top aligned.
    let track = try track(scroll(field: row(300, 400), keyboardHeight: 500))
    #expect(track.keyboardHeight == [0, 100, 400, 500])
    #expect(
      track.members == .scroll(contentOffsetY: [0, 0, 300, 300], contentInsetBottom: [0, 100, 400, 500]))
  }

  @Test("scroll: a field above the viewport is revealed (case 3) as soon as the keyboard covers anything")
  func sticksOutAboveJumpsAtZero() throws {
    let track = try track(scroll(field: row(100, 40), offset: 500, keyboardHeight: 300))
    #expect(track.keyboardHeight == [0, 0, 300])
    #expect(track.overlap == [0, 0, 300])
    #expect(track.members == .scroll(contentOffsetY: [500, 100, 100], contentInsetBottom: [0, 0, 300]))
  }

  @Test("scroll: the largest offset holds the view below its offset until it passes it at 100")
  func clampedAtTheLargestOffset() throws {
    // 1,000 points of content at offset 300, field 400…440 inside the viewport: y stays 300, but the
    // largest offset 1000 + overlap - 800 is smaller until overlap 100.
    let track = try track(scroll(field: row(400, 40), offset: 300, contentHeight: 1000, keyboardHeight: 300))
    #expect(track.keyboardHeight == [0, 100, 300])
    #expect(track.members == .scroll(contentOffsetY: [200, 300, 300], contentInsetBottom: [0, 100, 300]))
  }

  @Test("scroll: the smallest offset holds a revealed offset until it passes 0 at 40")
  func clampedAtTheSmallestOffset() throws {
    // From offset -100 (pulled down), reveal gives y = 760 - (800 - overlap) = overlap - 40, which the
    // clamp keeps at 0 until overlap 40.
    let track = try track(scroll(field: row(700, 60), offset: -100, keyboardHeight: 300))
    #expect(track.keyboardHeight == [0, 40, 300])
    #expect(track.members == .scroll(contentOffsetY: [0, 0, 260], contentInsetBottom: [0, 40, 300]))
  }

  @Test("scroll: the field and its 200-point companion are revealed until they no longer fit at 500")
  func scrollCompanionDrops() throws {
    // Union 600…900 fits while 300 <= 800 - overlap; it is aligned at the bottom from the start
    // (y = 100 + overlap), so the scroll jumps at 0; past 500 the field alone gives overlap - 160.
    var request = scroll(field: row(600, 40), keyboardHeight: 600)
    request.alsoReveal = [row(700, 200)]
    let track = try track(request)
    #expect(track.keyboardHeight == [0, 0, 500, 500, 600])
    #expect(
      track.members
        == .scroll(contentOffsetY: [0, 100, 600, 340, 440], contentInsetBottom: [0, 0, 500, 500, 600]))
    request.keyboard = .height(250)
    #expect(avoid(request).alsoRevealed == [true])
    request.keyboard = .height(550)
    #expect(avoid(request).alsoRevealed == [false])
  }

  @Test(
    "translate: a companion dropped at 137 lets one skipped before rejoin; a silent change leaves no mark")
  func companionDroppedAndReadmitted() throws {
    // Field 100…144, Send button 700…750, label 60…80, safe area 47, margin 10, need = overlap - 84
    // for every target ending at 750. Up to 97 all three fit (room 13); up to 137 the label is
    // skipped (room 53, same need: nothing moves differently); past 137 the button is dropped and
    // the label rejoins the field, which needs no shift.
    let request = AvoidRequest(
      container: phone, field: row(100, 44), keyboard: .height(336), safeArea: Insets(top: 47),
      alsoReveal: [row(700, 50), row(60, 20)])
    let track = try track(request)
    #expect(track.keyboardHeight == [0, 84, 137, 137, 336])
    #expect(track.members == .translate(offsetY: [0, 0, -53, 0, 0]))
    for (height, revealed) in [
      (90.0, [true, true] as AlsoRevealed), (120, [true, false]), (200, [false, true]),
    ] {
      var at = request
      at.keyboard = .height(height)
      #expect(avoid(at).alsoRevealed == revealed, "at \(height)")
    }
  }

  @Test("a sheet: the overlap starts where the keyboard reaches the container's bottom, at 244")
  func reachesTheContainer() throws {
    let track = try track(
      AvoidRequest(
        container: Rect(x: 0, y: 0, width: 390, height: 600), field: row(100, 44), keyboard: .height(336),
        screen: phone, mode: .resize))
    #expect(track.keyboardHeight == [0, 244, 336])
    #expect(track.overlap == [0, 0, 92])
  }

  @Test("a container running 100 points below the screen is covered from the keyboard's first point")
  func coveredFromTheStart() throws {
    let track = try track(
      AvoidRequest(
        container: Rect(x: 0, y: 0, width: 390, height: 944), field: row(100, 44), keyboard: .height(300),
        screen: phone, mode: .resize))
    #expect(track.keyboardHeight == [0, 0, 300])
    #expect(track.overlap == [0, 100, 400])
  }

  @Test("no way in: hidden, undocked (either policy) and beside the container")
  func noWayIn() throws {
    let floating = KeyboardInput.frame(Rect(x: 20, y: 300, width: 320, height: 250))
    for (keyboard, undocked) in [
      (KeyboardInput.hidden, UndockedPolicy.ignore), (floating, .ignore), (floating, .avoid),
      (.height(0), .ignore),
    ] {
      let request = AvoidRequest(
        container: phone, field: row(400, 44), keyboard: keyboard, undocked: undocked, track: true)
      let answer = avoid(request)
      let track = try #require(answer.track)
      #expect(track.keyboardHeight == [0])
      #expect(track.overlap == [answer.keyboard.overlap])
    }
    // A docked keyboard beside a container on a wide screen: it slides in but never covers it.
    let beside = try track(
      AvoidRequest(
        container: Rect(x: 500, y: 0, width: 300, height: 844), field: row(700, 44),
        keyboard: .frame(Rect(x: 0, y: 544, width: 400, height: 300)),
        screen: Rect(x: 0, y: 0, width: 1000, height: 844)))
    #expect(beside.keyboardHeight == [0, 300])
    #expect(beside.overlap == [0, 0])
  }

  @Test("a keyboard beside a short container, on either side, never covers it, though it rises past it")
  func besideAShortContainer() throws {
    // Container 600…744 on a 1,000-point-wide screen: a keyboard under it would reach it at 100 and
    // cover it whole from 244, both below H = 300; beside it, the overlap stays 0 at every height.
    let screen = Rect(x: 0, y: 0, width: 1000, height: 844)
    for (container, keyboardX) in [
      (Rect(x: 500, y: 600, width: 300, height: 144), 0.0),
      (Rect(x: 100, y: 600, width: 300, height: 144), 600),
    ] {
      let track = try track(
        AvoidRequest(
          container: container, field: row(50, 44),
          keyboard: .frame(Rect(x: keyboardX, y: 544, width: 400, height: 300)), screen: screen,
          mode: .resize))
      #expect(track.keyboardHeight == [0, 300], "keyboard at x = \(keyboardX)")
      #expect(track.overlap == [0, 0], "keyboard at x = \(keyboardX)")
      #expect(
        track.members
          == .resize(bottomInset: [0, 0], additionalSafeAreaBottom: [0, 0], visibleHeight: [144, 144]))
    }
  }

  @Test("a label dropped where both targets' offsets meet, a rounding error apart, makes no jump")
  func silentChangeOffTheGrid() throws {
    // Field 400.1…444.3, label 100.1…120.1, safe area 47, margin 10: need = overlap - 389.7 for
    // both targets, but the union's bottom, 100.1 + (444.3 - 100.1), rounds one ulp away from the
    // field's. The union fits up to need = room = 53.1 (overlap 442.8); past it the field alone
    // (room 353.1) gives the same offset -need, so the offset runs straight through 442.8.
    let request = AvoidRequest(
      container: phone, field: row(400.1, 44.2), keyboard: .height(500), safeArea: Insets(top: 47),
      alsoReveal: [row(100.1, 20)])
    let union = request.field.union(row(100.1, 20))
    #expect(union.maxY != request.field.maxY, "the two targets' bottoms round apart")
    let track = try track(request)
    #expect(track.keyboardHeight.count == 3, "\(track.keyboardHeight)")
    #expect(abs(track.keyboardHeight[1] - 389.7) < 1e-9)
    #expect(abs(track.members.arrays[0][2] - -110.3) < 1e-9)
    var below = request
    below.keyboard = .height(440)
    #expect(avoid(below).alsoRevealed == [true])
    below.keyboard = .height(445)
    #expect(avoid(below).alsoRevealed == [false])
  }

  @Test("a keyboard frame covering a field from its first point jumps at 0, not a rounding error after")
  func jumpAtZeroOfAFrameKeyboard() throws {
    // At h below one rounding step of 336 the keyboard's top, 92 + (336 - h), rounds to the
    // container's bottom, 428: a sliver of heights sees no overlap before the field jumps up.
    let request = AvoidRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 428),
      field: Rect(x: 0, y: 143.4785201484422, width: 10, height: 428),
      keyboard: .frame(Rect(x: 0, y: 92, width: 390, height: 336)), margin: 0)
    let track = try track(request)
    #expect(track.keyboardHeight == [0, 0, 336])
    let offsets = track.members.arrays[0]
    #expect(offsets.count == 3 && offsets[0] == 0)
    #expect(offsets.dropFirst().allSatisfy { abs($0 - -143.4785201484422) < 1e-9 }, "\(offsets)")
  }

  @Test("a companion that stops fitting where nothing bends leaves no breakpoint, whatever its rounding")
  func noBreakpointAtARoundingSliver() throws {
    // Resize: the members do not depend on the target, and the companion's turning height,
    // computed twice, leaves a stretch 6e-14 long between its two roundings.
    let request = AvoidRequest(
      container: Rect(x: 0, y: 192, width: 390, height: 422), field: Rect(x: 0, y: 135, width: 0, height: 0),
      keyboard: .frame(Rect(x: 0, y: 553, width: 390, height: 291)), mode: .resize,
      alsoReveal: [
        Rect(x: 0, y: 303.40344800628833, width: 0, height: 72), Rect(x: 0, y: 110.4, width: 0, height: 0),
      ])
    let track = try track(request)
    #expect(track.keyboardHeight == [0, 61], "\(track.keyboardHeight)")
  }

  @Test("caret-follow: revealed from its first point, so a caret above the view jumps at 0 only by overlap")
  func caretFollowByHand() throws {
    // Caret 700…720 in an 844 text view, 2,000 points of content: covered past 124, as in the
    // worked example; with safeArea.bottom 34 the inset starts at 34 and the scroll still at 124.
    let request = CaretFollowRequest(
      textView: phone, caret: Rect(x: 100, y: 700, width: 2, height: 20), contentOffset: .zero,
      contentSize: Size(width: 390, height: 2000), safeArea: Insets(bottom: 34), keyboard: .height(336))
    var rng = SplitMix64(seed: 13)
    let check = try #require(TrackReference.check(request))
    #expect(check.problems(samples: 50, using: &rng) == [])
    #expect(check.track.keyboardHeight == [0, 34, 124, 336])
    #expect(
      check.track.members == .scroll(contentOffsetY: [0, 0, 0, 212], contentInsetBottom: [0, 0, 90, 302]))
  }

  @Test(
    "a container whose top is the keyboard's bottom edge: the only jump at H, onto the answer's own values")
  func jumpAtTheEnd() throws {
    // The keyboard 544…844 slides up from 844…1144; the container 844…944 lies below the screen.
    // Until the very end the keyboard covers all of it; at H its bottom edge meets the container's
    // top, which §3 reads as no intersection. The last value is the answer's own (overlap 0).
    let request = AvoidRequest(
      container: Rect(x: 0, y: 844, width: 390, height: 100), field: row(0, 40),
      keyboard: .frame(Rect(x: 0, y: 544, width: 390, height: 300)), screen: phone, mode: .resize, track: true
    )
    let answer = avoid(request)
    #expect(answer.keyboard == KeyboardAnswer(state: .docked, overlap: 0))
    let track = try #require(answer.track)
    #expect(track.keyboardHeight == [0, 0, 300, 300])
    #expect(track.overlap == [0, 100, 100, 0])
    #expect(
      track.members
        == .resize(
          bottomInset: [0, 100, 100, 0], additionalSafeAreaBottom: [0, 100, 100, 0],
          visibleHeight: [100, 0, 0, 100]))
  }

  @Test("a container below the keyboard's bottom edge: it is covered only until the edge passes its top")
  func keyboardEdgePassesTheTop() throws {
    // Container 900…1000: the keyboard's bottom edge 1144 - h passes its top at h = 244, where
    // §3 already reads no intersection: this jump holds the value after it at its own height.
    let request = AvoidRequest(
      container: Rect(x: 0, y: 900, width: 390, height: 100), field: row(0, 40),
      keyboard: .frame(Rect(x: 0, y: 544, width: 390, height: 300)), screen: phone, mode: .resize, track: true
    )
    let track = try #require(avoid(request).track)
    #expect(track.keyboardHeight == [0, 0, 244, 244, 300])
    #expect(track.overlap == [0, 100, 100, 0, 0])
  }
}
