import LayoutTesting
import Testing

@testable import LayoutCore

@Suite("§12 chat over thousands of seeded screens")
struct ChatPropertyTests {
  static let count = 3000

  @Test("every answer is §12's formulas as written, member for member")
  func matchesTheFormulas() {
    var rng = SplitMix64(seed: 1700)
    var failures: [String] = []
    var lifts: [ChatLift: Int] = [:]
    var atEnd = 0
    for _ in 0..<Self.count {
      let request = ChatScenario.random(using: &rng)
      let answer = chat(request)
      let expected = ChatReference.answer(request)
      let actual = TrackReference.values(answer, inverted: request.inverted)
      let matches =
        actual.dropLast() == expected.values && answer.contentInset == expected.contentInset
        && answer.atEnd == expected.atEnd
      if !matches && failures.count < 3 { failures.append("\(actual) \(expected) for \(request)") }
      #expect(answer.scrollIndicatorInsets == answer.contentInset)
      #expect(answer.composerOffset.x == 0)
      #expect(answer.contentOffset.x == request.contentOffset.x)
      lifts[request.lift, default: 0] += 1
      if answer.atEnd { atEnd += 1 }
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(lifts.count == ChatLift.allCases.count)
    #expect(atEnd > Self.count / 5 && atEnd < Self.count * 4 / 5, "\(atEnd) at the end")
  }

  @Test("no offset leaves the range the new inset allows; the insets add keyboardInset on one side")
  func offsetStaysInRange() {
    var rng = SplitMix64(seed: 1701)
    var clamped = 0
    for _ in 0..<Self.count {
      let request = ChatScenario.random(using: &rng)
      let answer = chat(request)
      // The range after the move, with the answer's own inset standing in for the one sent.
      var after = request
      after.keyboardInset = answer.keyboardInset
      let range = ChatReference.ends(after)
      let y = answer.contentOffset.y
      #expect(y >= range.low && y <= range.high, "\(y) outside \(range) for \(request)")
      if y == range.low || y == range.high { clamped += 1 }
      var base = answer.contentInset
      if request.inverted { base.top -= answer.keyboardInset } else { base.bottom -= answer.keyboardInset }
      #expect(base == request.contentInset, "\(answer.contentInset) for \(request)")
      #expect(answer.keyboardInset >= 0 && -answer.composerOffset.y >= 0)
    }
    #expect(clamped > Self.count / 10, "\(clamped) at an end of the range")
  }

  @Test("whenAtEnd at the end shows the newest message; never and an unmoved list keep the offset in range")
  func liftsKeepTheirPromises() {
    var rng = SplitMix64(seed: 1702)
    var followed = 0
    for _ in 0..<Self.count {
      var request = ChatScenario.random(using: &rng)
      request.lift = .whenAtEnd
      let answer = chat(request)
      var after = request
      after.keyboardInset = answer.keyboardInset
      let range = ChatReference.ends(after)
      if answer.atEnd {
        followed += 1
        #expect(answer.contentOffset.y == range.newest, "\(request)")
      } else {
        #expect(answer.contentOffset.y == min(max(request.contentOffset.y, range.low), range.high))
      }
      request.lift = .never
      #expect(chat(request).contentOffset.y == min(max(request.contentOffset.y, range.low), range.high))
    }
    #expect(followed > Self.count / 5)
  }

  @Test("a show and then a hide under always brings an unclamped list back where it was")
  func alwaysComesBack() {
    var rng = SplitMix64(seed: 1703)
    var roundTrips = 0
    for _ in 0..<Self.count {
      var request = ChatScenario.random(using: &rng)
      request.lift = .always
      request.keyboardInset = nil
      let shown = chat(request)
      var hide = request
      hide.keyboard = .hidden
      hide.keyboardInset = shown.keyboardInset
      hide.contentOffset = shown.contentOffset
      let hidden = chat(hide)
      // Moved by exactly d both ways (nothing clamped): the round trip is the identity.
      let d = shown.keyboardInset - ChatReference.keyboardInset(request)
      let sign = request.inverted ? -1.0 : 1
      guard shown.contentOffset.y == request.contentOffset.y + sign * d,
        hidden.contentOffset.y == shown.contentOffset.y - sign * d
      else { continue }
      roundTrips += 1
      var atRest = request
      atRest.keyboard = .hidden
      #expect(hidden.contentOffset == request.contentOffset)
      #expect(hidden.keyboardInset == ChatReference.keyboardInset(request))
      #expect(hidden.contentInset == chat(atRest).contentInset)
    }
    #expect(roundTrips > Self.count / 4, "\(roundTrips) round trips")
  }

  @Test("no answer holds NaN, infinity or -0, track and animation included")
  func cleanNumbers() {
    var rng = SplitMix64(seed: 1704)
    for index in 0..<Self.count / 3 {
      var request = ChatScenario.random(using: &rng)
      request.track = index % 2 == 0
      if index % 3 == 0 {
        request.animation = KeyboardAnimation(
          duration: -0.0, curve: index % 16, frameRate: 30, platform: index % 2 == 0 ? .android : nil)
      }
      let answer = chat(request)
      var numbers =
        [answer.keyboard.overlap, answer.composerOffset.x, answer.composerOffset.y, answer.keyboardInset]
        + [answer.contentOffset.x, answer.contentOffset.y] + AnswerNumbers.of(answer.contentInset)
        + AnswerNumbers.of(answer.scrollIndicatorInsets)
      if let animation = answer.animation { numbers += AnswerNumbers.of(animation) }
      if let track = answer.track {
        numbers += track.keyboardHeight + track.overlap + track.members.arrays.joined()
      }
      #expect(numbers.allSatisfy(AnswerNumbers.isClean), "\(numbers) for \(request)")
    }
  }
}
