/// A request that says where the keyboard is (contract §3, §13, §15): every endpoint's request.
///
/// Its `keyboardContext`'s members read as the request's own: `request.keyboard`,
/// `request.screen`, `request.window`, `request.undocked`.
public protocol KeyboardRequest {
  /// Where the keyboard is, on which screen, seen from which window.
  var keyboardContext: KeyboardContext { get set }
}

extension KeyboardRequest {
  /// Where the keyboard is: `keyboard` (a frame or `null`), `keyboardHeight` or `viewport`.
  public var keyboard: KeyboardInput {
    get { keyboardContext.keyboard }
    set { keyboardContext.keyboard = newValue }
  }

  /// The screen bounds; nil means the container (contract §3). Required with `window`.
  public var screen: Rect? {
    get { keyboardContext.screen }
    set { keyboardContext.screen = newValue }
  }

  /// The app window's frame on the screen (contract §15); nil for an app that fills it.
  public var window: Rect? {
    get { keyboardContext.window }
    set { keyboardContext.window = newValue }
  }

  /// What an undocked keyboard does: `ignore` (the default) treats it as hidden, `avoid` as docked.
  public var undocked: UndockedPolicy {
    get { keyboardContext.undocked }
    set { keyboardContext.undocked = newValue }
  }
}

/// A computing endpoint's request, as the core answers it: its keyboard (§3, §13), its container,
/// its own formulas for a keyboard part, and its track (§11).
///
/// An endpoint is this conformance, its answer (`EndpointAnswer`) and its public function
/// (`avoid(_:)`, `chat(_:)` …, each `answer()`). What every endpoint shares is written once, in
/// `answer()`: the window's conversion (§15), a web page's numbers (§13) and the track (§11), each
/// out of line, so that an answer without them does none of their work.
package protocol EndpointRequest: KeyboardRequest, ValidatingDecodable, Encodable, Hashable, Sendable {
  /// The endpoint's answer.
  associatedtype Answer: EndpointAnswer

  /// Whether the answer carries its track.
  var track: Bool { get set }
  /// The container of §3, the view whose bottom the keyboard covers, as the request sends it:
  /// in screen coordinates, or in window coordinates with `window` (§15).
  var keyboardContainer: Rect { get }

  /// The answer with its keyboard part `keyboard`, without `track`, `viewport` and `warnings`: the
  /// endpoint's own formulas.
  func answer(keyboard: KeyboardAnswer) -> Answer

  /// contract §11: the track of `answer`, this request's answer.
  func track(of answer: Answer) -> KeyboardTrack

  /// The answer to this request. A requirement, with the one implementation below: each endpoint's
  /// witness is that implementation specialized for it, so that a caller generic over endpoints (the
  /// service's routes) reaches the whole computation with one call, none of it through a witness
  /// table.
  func answer() -> Answer
}

/// The members every endpoint's answer shares besides its own: the track (§11), a web page's
/// viewport (§13) and the window's warnings (§15).
///
/// An answer spells its optional members `Optional<…>`, not `T?`, and its initializer sets each
/// of them: `T?` has an implicit `nil` default the initializer would overwrite, and the optimizer
/// then builds the answer in a temporary and copies it, every member retained, to where it is
/// returned.
package protocol EndpointAnswer: AnswerObject, Hashable, Sendable {
  var track: KeyboardTrack? { get set }
  var viewport: ViewportAnswer? { get set }
  var warnings: WindowWarnings? { get set }
}

extension EndpointRequest {
  /// contract §15: the container in screen coordinates, where §3 takes its overlap and §11 its
  /// track: `keyboardContainer` moved by the window's origin, or as it is without `window`.
  @inline(__always)
  package var screenContainer: Rect { keyboardContext.onScreen(keyboardContainer) }

  /// The answer to this request: with its track when asked for, with its `viewport` member when the
  /// keyboard is a web page's numbers, with its `warnings` when it names a window.
  @inline(__always)
  package func answer() -> Answer {
    if track { return tracked() }
    if keyboardContext.keyboard.isWebPage { return onWebPage() }
    if keyboardContext.window != nil { return inWindow() }
    return answer(keyboard: keyboardContext.keyboardAnswer(over: keyboardContainer))
  }

  /// The answer with its track; out of line, so that answers without one pay nothing for it.
  @inline(never)
  private func tracked() -> Answer {
    var plain = self
    plain.track = false
    var answer = plain.answer()
    answer.track = track(of: answer)
    return answer
  }

  /// The answer to a request whose keyboard is a web page's numbers (§13), its `viewport` member
  /// included: the keyboard is derived once, for both.
  @inline(never)
  private func onWebPage() -> Answer {
    guard case .viewport(let page) = keyboardContext.keyboard else {
      preconditionFailure("onWebPage() is for a web page's keyboard")
    }
    let derived = page.derivedKeyboard
    let keyboard = ResolvedKeyboard(frame: derived.frame, state: derived.state)
      .answer(over: keyboardContainer, undocked: keyboardContext.undocked)
    var answer = answer(keyboard: keyboard)
    answer.viewport = page.answer(keyboard: derived, undocked: keyboardContext.undocked)
    return answer
  }

  /// The answer to a request from an app in a window (§15): its container moved into screen
  /// coordinates, and the misreports its numbers look like.
  @inline(never)
  private func inWindow() -> Answer {
    let container = screenContainer
    var answer = answer(keyboard: keyboardContext.keyboardAnswer(over: container))
    answer.warnings = WindowWarnings(keyboardContext, container: container)
    return answer
  }
}
