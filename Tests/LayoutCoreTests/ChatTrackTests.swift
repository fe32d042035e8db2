import Foundation
import LayoutTesting
import Testing

@testable import LayoutCore

/// Contract §11 applied to §12, by hand, on §12's iPhone 14 (see `ChatTests`): the composer rests
/// on the 34-point home indicator, so nothing moves until the keyboard passes 34; from there the
/// composer rises `h − 34` and covers as much of a list that ends above it.
@Suite("§11 track of §12 chat: the worked example and each kind of breakpoint, by hand")
struct ChatTrackTests {
  /// The track of `request`, checked against every §11 rule first.
  func track(
    _ request: ChatRequest, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> KeyboardTrack {
    var rng = SplitMix64(seed: 21)
    let check = try #require(TrackReference.check(request), sourceLocation: sourceLocation)
    #expect(check.problems(samples: 50, using: &rng) == [], sourceLocation: sourceLocation)
    return check.track
  }

  func request(
    y: Double, keyboardInset: Double? = nil, lift: ChatLift = .always, contentHeight: Double = 3000
  ) -> ChatRequest {
    ChatRequest(
      container: ChatTests.phone, list: ChatTests.list, composer: ChatTests.composer,
      contentOffset: Point(x: 0, y: y), contentSize: Size(width: 390, height: contentHeight),
      keyboardInset: keyboardInset, safeArea: Insets(top: 47), lift: lift, keyboard: .height(336))
  }

  @Test("the chat-track-show worked example, pinned whole")
  func goldenExample() throws {
    let examples = try GoldenExamples.load(endpoint: "/chat").filter { $0.name.hasPrefix("chat-track-") }
    #expect(examples.count == 1)
    for example in examples {
      let expected = try #require((example.answer as? [String: Any])?["track"], "\(example.name)")
      let request = try JSONDecoder().decode(ChatRequest.self, from: example.request)
      let actual = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try track(request)))
      let differences = JSONComparison.differences(actual, expected, unpinned: [])
      #expect(differences.isEmpty, "\(example.name): \(differences)")
    }
  }

  @Test("interactive dismissal from the newest end under always: the messages ride the composer down")
  func dismissalAlways() throws {
    // keyboardInset 302 sent: at h, newInset = max(0, h − 34), and 2542 + newInset − 302 is the end.
    let track = try track(request(y: 2542, keyboardInset: 302))
    #expect(track.keyboardHeight == [0, 34, 336])
    #expect(
      track.members
        == .chat(
          composerOffsetY: [0, 0, -302], keyboardInset: [0, 0, 302], contentOffsetY: [2240, 2240, 2542],
          contentInsetBottom: [0, 0, 302]))
  }

  @Test("never: the offset stays until the shrinking range reaches it, at 160 + 34")
  func neverMeetsTheClamp() throws {
    // 2400 lies in [−47, 2240 + newInset] from newInset 160 on; below that the end pulls it down.
    let track = try track(request(y: 2400, keyboardInset: 302, lift: .never))
    #expect(track.keyboardHeight == [0, 34, 194, 336])
    #expect(
      track.members
        == .chat(
          composerOffsetY: [0, 0, -160, -302], keyboardInset: [0, 0, 160, 302],
          contentOffsetY: [2240, 2240, 2400, 2400], contentInsetBottom: [0, 0, 160, 302]))
  }

  @Test("persistent in the history: d ≤ 0 all the way, so the offset never moves")
  func persistentInTheHistory() throws {
    let track = try track(request(y: 1800, keyboardInset: 302, lift: .persistent))
    #expect(track.keyboardHeight == [0, 34, 336])
    #expect(track.members.arrays[2] == [1800, 1800, 1800])
  }

  @Test("persistent on the way up: it follows d once d turns positive, past the inset sent")
  func persistentFollowsOnceDIsPositive() throws {
    // keyboardInset 100 sent: d = newInset − 100 > 0 from h = 134, then 1200 + d.
    let track = try track(request(y: 1200, keyboardInset: 100, lift: .persistent))
    #expect(track.keyboardHeight == [0, 34, 134, 336])
    #expect(track.members.arrays[2] == [1200, 1200, 1200, 1402])
  }

  @Test("inverted: contentInsetTop, and the offset falls as the inset grows")
  func inverted() throws {
    // At rest the composer covers 50 points beyond the home indicator; from h = 34 it covers
    // 50 + (h − 34), and the newest end −(newInset + 34) falls with it.
    let request = ChatRequest(
      container: ChatTests.phone, list: ChatTests.phone, composer: ChatTests.composer,
      contentOffset: Point(x: 0, y: -84), contentSize: Size(width: 390, height: 3000),
      safeArea: Insets(top: 34, bottom: 47), inverted: true, keyboard: .height(336))
    let track = try track(request)
    #expect(track.keyboardHeight == [0, 34, 336])
    #expect(
      track.members
        == .invertedChat(
          composerOffsetY: [0, 0, -302], keyboardInset: [50, 50, 352], contentOffsetY: [-84, -84, -386],
          contentInsetTop: [50, 50, 352]))
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(track)) as? [String: Any] ?? [:]
    #expect(
      Set(json.keys) == [
        "keyboardHeight", "overlap", "composerOffsetY", "keyboardInset", "contentOffsetY", "contentInsetTop",
      ])
  }

  @Test("a sheet that runs below the screen: covered from the keyboard's first point, a jump at 0")
  func jumpAtZero() throws {
    // The container reaches 56 below the screen's bottom: at h > 0 the overlap is h + 56, the
    // keyboard's top 844 − h, and the composer (800…850) rises h + 6 at once.
    let request = ChatRequest(
      container: Rect(x: 0, y: 0, width: 390, height: 900), list: Rect(x: 0, y: 0, width: 390, height: 800),
      composer: Rect(x: 0, y: 800, width: 390, height: 50), contentOffset: Point(x: 0, y: 2200),
      contentSize: Size(width: 390, height: 3000), keyboard: .height(300), screen: ChatTests.phone)
    let track = try track(request)
    #expect(track.keyboardHeight == [0, 0, 300])
    #expect(track.overlap == [0, 56, 356])
    #expect(
      track.members
        == .chat(
          composerOffsetY: [0, -6, -306], keyboardInset: [0, 6, 306], contentOffsetY: [2200, 2206, 2506],
          contentInsetBottom: [0, 6, 306]))
  }

  @Test("the request member: true, false, null and absent; anything else is a wrong type at /track")
  func requestMember() throws {
    #expect(
      try Decoding.decode(ChatRequest.self, ChatRequests.body(#""keyboardHeight": 336, "track": true"#)).track
    )
    #expect(
      try !Decoding.decode(ChatRequest.self, ChatRequests.body(#""keyboardHeight": 336, "track": null"#))
        .track)
    #expect(try !Decoding.decode(ChatRequest.self, ChatRequests.body(#""keyboardHeight": 336"#)).track)
    for value in ["1", #""true""#, "{}"] {
      let error = Decoding.error(
        ChatRequest.self, ChatRequests.body(#""keyboardHeight": 336, "track": "# + value))
      #expect(error?.kind == .wrongType, "\(value)")
      #expect(error?.pointer == "/track", "\(value)")
    }
  }
}
