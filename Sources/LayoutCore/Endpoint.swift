/// A computing endpoint's request as the core answers it: its keyboard (§3, or §13 on a web page),
/// its answer for a keyboard part, and its track (§11).
///
/// `avoid(_:)`, `caretFollow(_:)`, `chat(_:)` and `sheet(_:)` are `KeyboardLayout.answer(to:)`
/// for their request: one dispatch, which deals with the track and a web page's numbers out of line,
/// so that an answer without them does none of their work.
protocol EndpointRequest {
  /// The endpoint's answer.
  associatedtype Answer: EndpointAnswer

  /// Where the keyboard is: `keyboard`, `keyboardHeight` or `viewport`.
  var keyboard: KeyboardInput { get }
  /// The screen bounds; nil means `keyboardContainer`.
  var screen: Rect? { get }
  /// What an undocked keyboard does.
  var undocked: UndockedPolicy { get }
  /// Whether the answer carries its track.
  var track: Bool { get set }
  /// The container of §3: the view whose bottom the keyboard covers.
  var keyboardContainer: Rect { get }

  /// The answer with its keyboard part `keyboard`, without `track` and `viewport`: the endpoint's
  /// own formulas.
  func answer(keyboard: KeyboardAnswer) -> Answer

  /// contract §11: the track of `answer`, this request's answer.
  func track(of answer: Answer) -> KeyboardTrack
}

/// The members every endpoint's answer shares besides its own: the track (§11) and a web page's
/// viewport (§13).
protocol EndpointAnswer {
  var track: KeyboardTrack? { get set }
  var viewport: ViewportAnswer? { get set }
}

extension AvoidAnswer: EndpointAnswer {}
extension CaretFollowAnswer: EndpointAnswer {}
extension ChatAnswer: EndpointAnswer {}
extension SheetAnswer: EndpointAnswer {}

extension KeyboardLayout {
  /// The answer to `request`: with its track when asked for, with its `viewport` member when the
  /// keyboard is a web page's numbers.
  @inline(__always)
  static func answer<Request: EndpointRequest>(to request: Request) -> Request.Answer {
    if request.track { return tracked(request) }
    if request.keyboard.isWebPage { return onWebPage(request) }
    return request.answer(
      keyboard: keyboard(
        request.keyboard, container: request.keyboardContainer, screen: request.screen,
        undocked: request.undocked))
  }

  /// The answer to `request` with its track; out of line, so that answers without one pay nothing
  /// for it.
  @inline(never)
  static func tracked<Request: EndpointRequest>(_ request: Request) -> Request.Answer {
    var plain = request
    plain.track = false
    var answer = answer(to: plain)
    answer.track = request.track(of: answer)
    return answer
  }

  /// The answer to a request whose keyboard is a web page's numbers (§13), its `viewport` member
  /// included: the keyboard is derived once, for both.
  @inline(never)
  static func onWebPage<Request: EndpointRequest>(_ request: Request) -> Request.Answer {
    guard case .viewport(let page) = request.keyboard else {
      preconditionFailure("onWebPage(_:) is for a web page's keyboard")
    }
    let derived = viewportKeyboard(page)
    let keyboard = KeyboardAnswer(
      state: derived.state,
      overlap: overlap(
        keyboard: derived.frame, state: derived.state, container: request.keyboardContainer,
        undocked: request.undocked))
    var answer = request.answer(keyboard: keyboard)
    answer.viewport = viewportAnswer(page, keyboard: derived, undocked: request.undocked)
    return answer
  }
}
