import LayoutTesting
import Testing

@testable import LayoutCore

/// Contract §12 rule by rule, on §12's iPhone 14 unless a test says otherwise: a 390×844 container,
/// a 760-point list under the 47-point status bar that ends above a 50-point composer resting on the
/// 34-point home indicator (760…810), 3,000 points of messages. With `keyboardHeight: 336` the
/// keyboard's top is 508, the composer rises 810 − 508 = 302 and covers 302 points of the list.
@Suite("§12 chat: each rule by hand")
struct ChatTests {
  static let phone = Rect(x: 0, y: 0, width: 390, height: 844)
  static let list = Rect(x: 0, y: 0, width: 390, height: 760)
  static let composer = Rect(x: 0, y: 760, width: 390, height: 50)

  /// §12's example with the offset `y`, `keyboard`, the `keyboardInset` sent and `lift`.
  func request(
    y: Double, keyboard: KeyboardInput = .height(336), keyboardInset: Double? = nil, lift: ChatLift = .always,
    contentHeight: Double = 3000
  ) -> ChatRequest {
    ChatRequest(
      container: Self.phone, list: Self.list, composer: Self.composer, contentOffset: Point(x: 0, y: y),
      contentSize: Size(width: 390, height: contentHeight), keyboardInset: keyboardInset,
      safeArea: Insets(top: 47), lift: lift, keyboard: keyboard)
  }

  /// The answer's offset for the keyboard showing from offset `y` (inset 0 sent) and for it hiding
  /// from `y` with the 302-point inset the show answered.
  func showAndHide(_ lift: ChatLift, from y: Double) -> (shown: Double, hidden: Double) {
    (
      chat(request(y: y, lift: lift)).contentOffset.y,
      chat(request(y: y, keyboard: .hidden, keyboardInset: 302, lift: lift)).contentOffset.y
    )
  }

  @Test("the composer rides on the keyboard's top, and its top covers the list: rise and newInset")
  func composerRides() {
    let shown = chat(request(y: 2240))
    #expect(shown.keyboard == KeyboardAnswer(state: .docked, overlap: 336))
    #expect(shown.composerOffset == Point(x: 0, y: -302))
    #expect(shown.keyboardInset == 302)
    #expect(shown.contentInset == Insets(bottom: 302))
    #expect(shown.scrollIndicatorInsets == shown.contentInset)
    // A 100-point keyboard (top 744) lifts the composer 810 − 744 = 66, and its top to 694.
    let low = chat(request(y: 2240, keyboard: .height(100)))
    #expect(low.composerOffset.y == -66)
    #expect(low.keyboardInset == 66)
    // A 30-point accessory bar (top 814) stays under the composer resting on the home indicator.
    let bar = chat(request(y: 2240, keyboard: .height(30)))
    #expect(bar.keyboard.overlap == 30)
    #expect(bar.composerOffset == Point(x: 0, y: 0) && bar.composerOffset.y.sign == .plus)
    #expect(bar.keyboardInset == 0 && bar.contentOffset.y == 2240)
  }

  @Test("always: the messages move by d both ways, from the history too")
  func always() {
    // d = +302 on the way up, −302 on the way down.
    #expect(showAndHide(.always, from: 1200) == (1502, 898))
    #expect(showAndHide(.always, from: 2240) == (2542, 1938))
    // The hide from the show's own answer comes back: 1502 − 302.
    #expect(chat(request(y: 1502, keyboard: .hidden, keyboardInset: 302)).contentOffset.y == 1200)
  }

  @Test("whenAtEnd: follows only from the newest end, and then shows the newest exactly")
  func whenAtEnd() {
    // The end before the show is 3000 − 760 = 2240; after it 2542.
    #expect(showAndHide(.whenAtEnd, from: 1200).shown == 1200)
    #expect(showAndHide(.whenAtEnd, from: 2240).shown == 2542)
    // The hide from the end with the inset (3000 + 302 − 760 = 2542) shows the end without it.
    #expect(showAndHide(.whenAtEnd, from: 2542).hidden == 2240)
    #expect(!chat(request(y: 2239.75, lift: .whenAtEnd)).atEnd)
    #expect(chat(request(y: 2239.75, lift: .whenAtEnd)).contentOffset.y == 2239.75)
  }

  @Test("endThreshold: within it of the newest end counts as at the end, on either side of it")
  func endThreshold() {
    var near = request(y: 2220, lift: .whenAtEnd)
    near.endThreshold = 20
    #expect(chat(near).atEnd)
    #expect(chat(near).contentOffset.y == 2542)
    near.contentOffset.y = 2219.75
    #expect(!chat(near).atEnd)
    #expect(chat(near).contentOffset.y == 2219.75)
    // Past the end (an overscroll) counts too, threshold or not.
    #expect(chat(request(y: 2300, lift: .whenAtEnd)).atEnd)
  }

  @Test("persistent: up with the keyboard, not back down, unless the clamp pulls it back")
  func persistent() {
    #expect(showAndHide(.persistent, from: 1200) == (1502, 1200))
    // Hiding at the very end: 2542 stays, but the range without the inset ends at 2240.
    #expect(showAndHide(.persistent, from: 2542).hidden == 2240)
  }

  @Test("never: only the insets change, and the clamp")
  func never() {
    #expect(showAndHide(.never, from: 2240) == (2240, 2240))
    #expect(showAndHide(.never, from: 1200) == (1200, 1200))
    #expect(showAndHide(.never, from: 2542).hidden == 2240)
    #expect(chat(request(y: 2240, lift: .never)).atEnd)
  }

  @Test("the clamp at both ends: minY = −top, end = max(minY, S + bottom − V)")
  func clamps() {
    // Overscrolled past the end (2600 > 2240): 2600 + 302 is pulled back to 2542.
    #expect(chat(request(y: 2600)).contentOffset.y == 2542)
    // Near the top, hiding: 100 − 302 is pulled up to −47, the top under the status bar.
    #expect(chat(request(y: 100, keyboard: .hidden, keyboardInset: 302)).contentOffset.y == -47)
    // Pulled past the top (−80 < −47): never moves it back into range.
    #expect(chat(request(y: -80, lift: .never)).contentOffset.y == -47)
  }

  @Test("a short conversation stays at the top: its end is minY before and after")
  func shortConversation() {
    // 300 points: end = max(−47, 300 + 302 − 760) = −47, so −47 + 302 is clamped back.
    for lift in ChatLift.allCases {
      let answer = chat(request(y: -47, lift: lift, contentHeight: 300))
      #expect(answer.contentOffset.y == -47, "\(lift)")
      #expect(answer.atEnd, "\(lift)")
    }
    // 600 points reach the composer's new top: end = max(−47, 600 + 302 − 760) = 142.
    #expect(chat(request(y: -47, contentHeight: 600)).contentOffset.y == 142)
    #expect(chat(request(y: -47, lift: .never, contentHeight: 600)).contentOffset.y == -47)
  }

  @Test("keyboardInset left out is the inset at rest: 0 above the composer, the part behind it below")
  func keyboardInsetDefault() {
    // Above the composer: the same as sending 0.
    #expect(chat(request(y: 1200)) == chat(request(y: 1200, keyboardInset: 0)))
    // A list that runs under the composer to the screen's bottom, the home indicator its safe area:
    // at rest the composer covers 844 − 760 = 84 points of it, 84 − 34 = 50 beyond the safe area.
    var under = request(y: 1000)
    under.list = Self.phone
    under.safeArea = Insets(top: 47, bottom: 34)
    under.keyboard = .hidden
    let rest = chat(under)
    #expect(rest.keyboardInset == 50 && rest.contentInset == Insets(bottom: 50))
    #expect(rest.contentOffset.y == 1000)
    // Shown: the composer's top at 458 covers 844 − 458 − 34 = 352; d = 352 − 50 = 302.
    under.keyboard = .height(336)
    let shown = chat(under)
    #expect(shown.keyboardInset == 352)
    #expect(shown.contentOffset.y == 1302)
    // Sending 0 instead claims the list had no inset: d = 352.
    under.keyboardInset = 0
    #expect(chat(under).contentOffset.y == 1352)
  }

  @Test("the composer grows a line upward: its top covers more of the list, keyboard or not")
  func composerGrows() {
    var grown = request(y: 2542, keyboardInset: 302)
    grown.composer = Rect(x: 0, y: 738, width: 390, height: 72)
    let answer = chat(grown)
    #expect(answer.composerOffset.y == -302)
    #expect(answer.keyboardInset == 324)
    #expect(answer.contentOffset.y == 2564)
    // With the keyboard hidden the grown composer covers 760 − 738 = 22 points: the list follows.
    grown.keyboard = .hidden
    grown.keyboardInset = 0
    grown.contentOffset.y = 2240
    let resting = chat(grown)
    #expect(resting.composerOffset.y == 0)
    #expect(resting.keyboardInset == 22)
    #expect(resting.contentOffset.y == 2262)
  }

  @Test("atEnd is judged before the move, with the inset sent")
  func atEndBeforeTheMove() {
    // With 302 sent the end is 2542: 2542 is at it, 2240 is not.
    #expect(chat(request(y: 2542, keyboard: .hidden, keyboardInset: 302)).atEnd)
    #expect(!chat(request(y: 2240, keyboard: .hidden, keyboardInset: 302)).atEnd)
  }

  @Test("atEnd compares as fits does: an end a previous answer reached by another sum still counts")
  func atEndWithinRounding() {
    // A list that runs under its composer (600…650) by 100 points, which the last answer's 0.3
    // did not know yet, at the end that 0.3 gave: 1000.3 + 0.3 − 700. always moves it by d = 99.7
    // to the new end, but by another sum than the end's own, 1000.3 + 100 − 700.
    var request = ChatRequest(
      container: Self.phone, list: Rect(x: 0, y: 0, width: 390, height: 700),
      composer: Rect(x: 0, y: 600, width: 390, height: 50), contentOffset: Point(x: 0, y: 1000.3 + 0.3 - 700),
      contentSize: Size(width: 390, height: 1000.3), keyboardInset: 0.3, keyboard: .hidden)
    let moved = chat(request)
    #expect(moved.atEnd && moved.keyboardInset == 100)
    let end = 1000.3 + 100 - 700
    #expect(moved.contentOffset.y < end, "the sums round alike: the test shows nothing")
    #expect(end - moved.contentOffset.y < 1e-9)
    // The next request, with what the answer gave: at the end.
    request.keyboardInset = moved.keyboardInset
    request.contentOffset = moved.contentOffset
    request.lift = .whenAtEnd
    #expect(chat(request).atEnd)
    #expect(chat(request).contentOffset.y == end)
  }

  @Test("inverted: the inset goes on top, the offset moves against d, the newest end is −top")
  func inverted() {
    // The list runs behind the composer to the screen's bottom; upside down, the home indicator is
    // its top safe area. At rest the composer covers 84 − 34 = 50; shown, 386 − 34 = 352.
    var request = ChatRequest(
      container: Self.phone, list: Self.phone, composer: Self.composer, contentOffset: Point(x: 0, y: -84),
      contentSize: Size(width: 390, height: 3000), safeArea: Insets(top: 34, bottom: 47), inverted: true,
      keyboard: .height(336))
    let shown = chat(request)
    #expect(shown.keyboardInset == 352)
    #expect(shown.contentInset == Insets(top: 352))
    #expect(shown.contentOffset.y == -386)
    #expect(shown.atEnd)
    // Hiding with 352 sent: d = 50 − 352, the offset comes back to −84.
    request.keyboard = .hidden
    request.keyboardInset = 352
    request.contentOffset.y = -386
    #expect(chat(request).contentOffset.y == -84)
    // In the history (500, far from −386 + threshold 0): whenAtEnd and persistent stay.
    request.contentOffset.y = 500
    for lift in [ChatLift.whenAtEnd, .persistent, .never] {
      request.lift = lift
      #expect(chat(request).contentOffset.y == 500, "\(lift)")
      #expect(!chat(request).atEnd)
    }
    // always moves it down by 302, toward the newest end.
    request.lift = .always
    #expect(chat(request).contentOffset.y == 802)
    // At the oldest end (3000 + 47 − 844 = 2203) it cannot move down: clamped.
    request.contentOffset.y = 2203
    #expect(chat(request).contentOffset.y == 2203)
  }

  @Test("inverted: endThreshold counts toward the newest end, which lies at the smaller offsets")
  func invertedEndThreshold() {
    var request = ChatRequest(
      container: Self.phone, list: Self.phone, composer: Self.composer, contentOffset: Point(x: 0, y: -64),
      contentSize: Size(width: 390, height: 3000), safeArea: Insets(top: 34, bottom: 47), endThreshold: 20,
      inverted: true, keyboard: .height(336))
    request.lift = .whenAtEnd
    // −64 ≤ −84 + 20: at the end, so the newest shows: −(352 + 34).
    #expect(chat(request).atEnd)
    #expect(chat(request).contentOffset.y == -386)
    request.contentOffset.y = -63.75
    #expect(!chat(request).atEnd)
    #expect(chat(request).contentOffset.y == -63.75)
  }

  @Test("an inverted short conversation stays at its newest end")
  func invertedShortConversation() {
    // 300 points: the far end 300 + 47 − 844 lies below −top, so the range is the end alone.
    let request = ChatRequest(
      container: Self.phone, list: Self.phone, composer: Self.composer, contentOffset: Point(x: 0, y: -84),
      contentSize: Size(width: 390, height: 300), safeArea: Insets(top: 34, bottom: 47), lift: .never,
      inverted: true, keyboard: .height(336))
    #expect(chat(request).contentOffset.y == -386)
  }

  @Test("the keyboard as §3 reads it: undocked under ignore is hidden, under avoid it lifts")
  func keyboardStates() {
    // A floating keyboard 300…500 over the composer's rest.
    let floating = KeyboardInput.frame(Rect(x: 0, y: 600, width: 320, height: 200))
    var request = request(y: 2240, keyboard: floating)
    let ignored = chat(request)
    #expect(ignored.keyboard == KeyboardAnswer(state: .undocked, overlap: 0))
    #expect(ignored.composerOffset.y == 0 && ignored.keyboardInset == 0)
    request.undocked = .avoid
    // overlap = 844 − 600 = 244: the keyboard's top at 600, the composer rises 210.
    let avoided = chat(request)
    #expect(avoided.keyboard == KeyboardAnswer(state: .undocked, overlap: 244))
    #expect(avoided.composerOffset.y == -210)
    #expect(avoided.contentOffset.y == 2450)
  }

  @Test("a container above the screen's bottom: the keyboard's overlap, not its height")
  func screenAndContainer() {
    // A 600-point sheet from 100 to 700 on the 844-point screen; the keyboard's top at 508 covers
    // its bottom 192 points. List 0…520, composer 520…580 resting 20 above the sheet's bottom.
    let answer = chat(
      ChatRequest(
        container: Rect(x: 0, y: 100, width: 390, height: 600),
        list: Rect(x: 0, y: 0, width: 390, height: 520),
        composer: Rect(x: 0, y: 520, width: 390, height: 60), contentOffset: Point(x: 3, y: 480),
        contentSize: Size(width: 390, height: 1000), keyboard: .height(336), screen: Self.phone))
    #expect(answer.keyboard.overlap == 192)
    // keyboardTop = 600 − 192 = 408: rise 580 − 408 = 172, and the list loses 172 as well.
    #expect(answer.composerOffset.y == -172)
    #expect(answer.keyboardInset == 172)
    #expect(answer.contentOffset == Point(x: 3, y: 652))
  }

  @Test("only y and height of list and composer matter")
  func onlyVerticalGeometry() {
    var moved = request(y: 1200)
    moved.list.x = 40
    moved.list.width = 10
    moved.composer.x = -20
    moved.composer.width = 0
    #expect(chat(moved) == chat(request(y: 1200)))
  }

  @Test("animation: echoed as on /avoid, Android's with platform android")
  func animation() {
    var request = request(y: 2240)
    request.animation = KeyboardAnimation(duration: 0.25, curve: 7, frameRate: 60)
    #expect(chat(request).animation == KeyboardAnimation(frameRate: 60).answer)
    request.animation?.platform = .android
    let android = chat(request).animation
    #expect(android?.platform == .android && android?.motionDuration == 0.285 && android?.curve == nil)
    request.animation = nil
    #expect(chat(request).animation == nil)
  }
}
