import LayoutTesting

@testable import LayoutCore

/// Checks one track against every rule of contract §11, with the core's own answers for the
/// keyboard at other heights as the reference: what the property tests run over thousands of
/// layouts, and what the checker's own tests feed deliberately broken tracks.
struct TrackCheck {
  /// A broken rule.
  enum Problem: Hashable, CustomStringConvertible {
    /// The arrays do not all have one number per breakpoint, or `n = 0` does not match `H = 0`.
    case shape
    /// `h0` is not 0, or `hn` is not H.
    case ends
    /// Breakpoint `i` lies below the one before it.
    case decreasing(Int)
    /// Breakpoints `i`, `i + 1` and `i + 2` are equal.
    case threeEqual(Int)
    /// The last two breakpoints are equal: a jump at H.
    case jumpAtEnd
    /// The last values are not the answer's own.
    case lastIsNotTheAnswer
    /// The first values are not the hidden keyboard's.
    case firstIsNotHidden
    /// Breakpoint `i` (not part of a jump) does not hold the answer at its height.
    case breakpointValue(Int)
    /// At a height away from the breakpoints, member `member` (0 is the overlap) interpolates to
    /// something other than the answer there.
    case inexact(height: Double, member: Int)
    /// Breakpoint `i` lies on a stretch where every member runs straight.
    case straight(Int)
    /// The jump at breakpoints `i`, `i + 1` changes no member by more than a rounding error.
    case emptyJump(Int)
    /// At the height of the jump at breakpoints `i`, `i + 1` the answer is not the value before it.
    case jumpDoesNotHoldBefore(Int)
    /// Breakpoint `i` holds `-0`, NaN or an infinity.
    case unclean(Int)

    var description: String {
      switch self {
      case .shape: "shape"
      case .ends: "ends"
      case .decreasing(let i): "decreasing at \(i)"
      case .threeEqual(let i): "three equal at \(i)"
      case .jumpAtEnd: "jump at H"
      case .lastIsNotTheAnswer: "last is not the answer"
      case .firstIsNotHidden: "first is not hidden"
      case .breakpointValue(let i): "breakpoint \(i) is not the answer there"
      case .inexact(let height, let member): "inexact at \(height), member \(member)"
      case .straight(let i): "breakpoint \(i) on a straight stretch"
      case .emptyJump(let i): "empty jump at \(i)"
      case .jumpDoesNotHoldBefore(let i): "jump at \(i) does not hold its value before"
      case .unclean(let i): "unclean number at \(i)"
      }
    }
  }

  /// The track checked.
  let track: KeyboardTrack
  /// H: the end keyboard's height above the screen's bottom when docked, else 0 (contract §11).
  let endHeight: Double
  /// The answer's own values: its overlap, then its members in the contract's order.
  let answer: [Double]
  /// The values of the answer to the same request with the keyboard at height `h`.
  let answerAt: (Double) -> [Double]

  /// The track's rows: `overlap`, then each member array.
  var rows: [[Double]] { [track.overlap] + track.members.arrays }

  /// Every broken rule, checking exactness at the middle of every stretch between distinct
  /// breakpoints and at `samples` heights drawn from `rng`: any double in `0...H`, so that a
  /// `fits` that rounding could flip between two heights (a target just revealed at an edge) is
  /// met where it would.
  func problems(samples: Int, using rng: inout SplitMix64) -> [Problem] {
    let h = track.keyboardHeight
    let rows = rows
    let n = h.count - 1
    guard n >= 0, rows.allSatisfy({ $0.count == h.count }), (n == 0) == (endHeight == 0) else {
      return [.shape]
    }
    var problems: [Problem] = []
    if h[0] != 0 || h[n] != endHeight { problems.append(.ends) }
    for i in 0...n where rows.contains(where: { !isClean($0[i]) }) || !isClean(h[i]) {
      problems.append(.unclean(i))
    }
    if rows.map({ $0[n] }) != answer { problems.append(.lastIsNotTheAnswer) }
    if n == 0 { return problems }
    if !close(rows.map { $0[0] }, answerAt(0)) { problems.append(.firstIsNotHidden) }
    if h[n - 1] == h[n] { problems.append(.jumpAtEnd) }
    for i in 1...n where h[i] < h[i - 1] { problems.append(.decreasing(i)) }
    if n >= 2 {
      for i in 0...(n - 2) where h[i] == h[i + 1] && h[i + 1] == h[i + 2] { problems.append(.threeEqual(i)) }
    }
    for i in 0..<n where h[i] == h[i + 1] {
      // "The same" within the 1e-9 by which two services may differ (§11): a rounding error is no jump.
      if rows.allSatisfy({ abs($0[i] - $0[i + 1]) <= 1e-9 * max(1, abs($0[i]), abs($0[i + 1])) }) {
        problems.append(.emptyJump(i))
      }
      if h[i] > 0 && h[i] < endHeight && !close(rows.map { $0[i] }, answerAt(h[i])) {
        problems.append(.jumpDoesNotHoldBefore(i))
      }
    }
    for i in 1..<n where h[i - 1] < h[i] && h[i] < h[i + 1] {
      if !close(rows.map { $0[i] }, answerAt(h[i])) { problems.append(.breakpointValue(i)) }
      let bends = rows.contains { row in
        let left = (row[i] - row[i - 1]) / (h[i] - h[i - 1])
        let right = (row[i + 1] - row[i]) / (h[i + 1] - h[i])
        return abs(left - right) > 1e-6
      }
      if !bends { problems.append(.straight(i)) }
    }
    var heights = (0..<n).filter { h[$0] < h[$0 + 1] }.map { (h[$0] + h[$0 + 1]) / 2 }
    for _ in 0..<samples {
      heights.append(Double.random(in: 0...endHeight, using: &rng))
    }
    for height in heights where !h.contains(where: { abs($0 - height) <= 1e-6 }) {
      let expected = answerAt(height)
      for (member, row) in rows.enumerated() {
        let value = track.value(of: row, at: height)
        if abs(value - expected[member]) > 1e-6 * max(1, abs(expected[member])) {
          problems.append(.inexact(height: height, member: member))
        }
      }
    }
    return problems
  }

  /// Whether two lists of values agree within the contract's 1e-6 relative tolerance.
  func close(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($1)) }
  }

  /// Finite and not `-0`.
  func isClean(_ value: Double) -> Bool {
    value.isFinite && !(value == 0 && value.sign == .minus)
  }
}

/// A request that asks for a track: every endpoint's.
protocol Trackable {
  var track: Bool { get set }
}

extension AvoidRequest: Trackable {}
extension CaretFollowRequest: Trackable {}
extension ChatRequest: Trackable {}
extension SheetRequest: Trackable {}

/// A request whose keyboard a track moves: every endpoint's.
protocol KeyboardRequest {
  var keyboard: KeyboardInput { get set }
  var screen: Rect? { get set }
  var undocked: UndockedPolicy { get set }
}

extension AvoidRequest: KeyboardRequest {}
extension CaretFollowRequest: KeyboardRequest {}
extension ChatRequest: KeyboardRequest {}
extension SheetRequest: KeyboardRequest {}

/// The keyboard along its way as contract §11 words it, written apart from the core's own.
enum TrackReference {
  /// The keyboard's end frame in screen coordinates and whether it is docked, as §3 and §13 say;
  /// a web page's numbers are derived by `ViewportReference`.
  static func endFrame(_ keyboard: KeyboardInput, screen: Rect) -> (frame: Rect, docked: Bool)? {
    if case .viewport(let viewport) = keyboard {
      guard let derived = ViewportReference.keyboard(viewport) else { return nil }
      return (derived.frame, derived.docked)
    }
    guard let frame = keyboard.frame(on: screen) else { return nil }
    return (frame, KeyboardState(frame, on: screen) == .docked)
  }

  /// H: `screen.maxY - keyboard.minY` for a docked keyboard (`k` for `keyboardHeight: k`; at least
  /// 0 for a web page's, §13), else 0.
  static func endHeight(_ keyboard: KeyboardInput, screen: Rect) -> Double {
    guard let end = endFrame(keyboard, screen: screen), end.docked else { return 0 }
    if case .height(let height) = keyboard { return height }
    return max(0, screen.maxY - end.frame.minY)
  }

  /// H for `request`, whose screen is its own, its container, or a web page's layout viewport.
  static func endHeight(_ request: some KeyboardRequest, container: Rect) -> Double {
    endHeight(request.keyboard, screen: screen(request, container: container))
  }

  /// The screen `request`'s keyboard is reported in (§3, §13).
  static func screen(_ request: some KeyboardRequest, container: Rect) -> Rect {
    if case .viewport(let viewport) = request.keyboard {
      return Rect(x: 0, y: 0, width: viewport.layout.width, height: viewport.layout.height)
    }
    return request.screen ?? container
  }

  /// `request` with the keyboard at `h`: the end frame moved down by `H - h`, or `keyboardHeight:
  /// h`. A web page's keyboard becomes that frame on the layout viewport, docked at every `h > 0`
  /// (§13): sent as a frame under `undocked: "avoid"`, whose overlap §3 reads as a docked one's.
  static func moved<Request: KeyboardRequest>(
    _ request: Request, at h: Double, endHeight: Double, container: Rect
  ) -> Request {
    var at = request
    switch request.keyboard {
    case .frame(let frame):
      at.keyboard = .frame(
        Rect(x: frame.x, y: frame.y + (endHeight - h), width: frame.width, height: frame.height))
    case .height: at.keyboard = .height(h)
    case .hidden: break
    case .viewport:
      let screen = screen(request, container: container)
      at.screen = screen
      at.undocked = .avoid
      if h > 0, let end = endFrame(request.keyboard, screen: screen) {
        let frame = end.frame
        at.keyboard = .frame(
          Rect(x: frame.x, y: frame.y + (endHeight - h), width: frame.width, height: frame.height))
      } else {
        at.keyboard = .hidden
      }
    }
    return at
  }

  /// The check of `request`'s track, `answer` being its endpoint and `values` the overlap and
  /// track members of an answer: the answer at h is the same request with the keyboard at h.
  static func check<Request: KeyboardRequest & Trackable, Answer>(
    _ request: Request, container: Rect, _ answer: @escaping (Request) -> Answer,
    values: @escaping (Answer) -> [Double],
    track: (Answer) -> KeyboardTrack?
  ) -> TrackCheck? {
    var request = request
    request.track = true
    let tracked = answer(request)
    guard let found = track(tracked) else { return nil }
    let endHeight = endHeight(request, container: container)
    var plain = request
    plain.track = false
    return TrackCheck(track: found, endHeight: endHeight, answer: values(tracked)) { h in
      values(answer(moved(plain, at: h, endHeight: endHeight, container: container)))
    }
  }

  /// The overlap and the members of an `/avoid` answer, in the contract's order.
  static func values(_ answer: AvoidAnswer) -> [Double] {
    switch answer.layout {
    case .translate(let offset): [answer.keyboard.overlap, offset.y]
    case .scroll(let contentOffset, let contentInset, _):
      [answer.keyboard.overlap, contentOffset.y, contentInset.bottom]
    case .resize(let bottomInset, let additional, let visible):
      [answer.keyboard.overlap, bottomInset, additional.bottom, visible.height]
    }
  }

  /// The overlap and the scroll members of a `/caret-follow` answer.
  static func values(_ answer: CaretFollowAnswer) -> [Double] {
    [answer.keyboard.overlap, answer.contentOffset.y, answer.contentInset.bottom]
  }

  /// The check of an `/avoid` request's track.
  static func check(_ request: AvoidRequest) -> TrackCheck? {
    check(request, container: request.container, avoid, values: values, track: \.track)
  }

  /// The check of a `/caret-follow` request's track.
  static func check(_ request: CaretFollowRequest) -> TrackCheck? {
    check(request, container: request.textView, caretFollow, values: values, track: \.track)
  }

}

extension TrackReference {
  /// The overlap and the §12 track members of a `/chat` answer: `composerOffsetY`,
  /// `keyboardInset`, `contentOffsetY`, and `contentInsetBottom` (`contentInsetTop` inverted).
  static func values(_ answer: ChatAnswer, inverted: Bool) -> [Double] {
    [
      answer.keyboard.overlap, answer.composerOffset.y, answer.keyboardInset, answer.contentOffset.y,
      inverted ? answer.contentInset.top : answer.contentInset.bottom,
    ]
  }

  /// The check of a `/chat` request's track: the answer at h keeps the request's `keyboardInset`
  /// (or its default) and `contentOffset`.
  static func check(_ request: ChatRequest) -> TrackCheck? {
    check(
      request, container: request.container, chat, values: { values($0, inverted: request.inverted) },
      track: \.track)
  }

}

extension TrackReference {
  /// The overlap and the §14 track members of a `/sheet` answer: `sheetY`, `sheetHeight`, and
  /// `contentOffsetY` with a field.
  static func values(_ answer: SheetAnswer) -> [Double] {
    [answer.keyboard.overlap, answer.sheet.y, answer.sheet.height]
      + (answer.contentOffset.map { [$0.y] } ?? [])
  }

  /// The check of a `/sheet` request's track: the answer at h keeps the request's detent and
  /// scroll offset.
  static func check(_ request: SheetRequest) -> TrackCheck? {
    check(request, container: request.container, sheet, values: values, track: \.track)
  }

}
