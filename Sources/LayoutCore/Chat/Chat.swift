/// How a conversation's messages follow the composer (contract §12, request member `lift`).
public enum ChatLift: ContractName {
  /// Every message keeps its place relative to the composer, up and back down (WhatsApp,
  /// Telegram).
  case always
  /// The messages follow only when the newest end was in view, and then show it.
  case whenAtEnd
  /// The messages follow the keyboard up but not back down.
  case persistent
  /// Only the insets change; the offset moves only as far as the clamp pulls it.
  case never

  /// The case as the contract spells it.
  public var contractName: StaticString {
    switch self {
    case .always: "always"
    case .whenAtEnd: "whenAtEnd"
    case .persistent: "persistent"
    case .never: "never"
    }
  }
}

/// The request of `POST /chat` (contract §12): a message list with a composer under it.
public struct ChatRequest: KeyboardRequest, Hashable, Sendable {
  /// The view holding the list and the composer, unmoved (screen coordinates, or window
  /// coordinates with `window`); the container of contract §3.
  public var container: Rect
  /// The message list's frame (a scroll view), in container coordinates.
  public var list: Rect
  /// The composer bar where it rests with the keyboard hidden, at its current height, in container
  /// coordinates.
  public var composer: Rect
  /// The list's content offset now.
  public var contentOffset: Point
  /// The list's content size.
  public var contentSize: Size
  /// The list's own content inset, without the part this computation adds; may be negative.
  public var contentInset: Insets
  /// The part of the list's inset the last answer added (its `keyboardInset`), ≥ 0; nil for the
  /// inset at rest, what this request answers with the keyboard hidden.
  public var keyboardInset: Double?
  /// The list's safe-area insets in its own coordinates, each ≥ 0 (an inverted list's `top` is at
  /// the screen's bottom).
  public var safeArea: Insets
  /// How the messages follow the composer: `always` (the default), `whenAtEnd`, `persistent` or
  /// `never`.
  public var lift: ChatLift
  /// How far from its newest end the list may be and still count as at the end, ≥ 0.
  public var endThreshold: Double
  /// Whether the list is drawn upside down, its newest message at content offset `-top`.
  public var inverted: Bool
  /// Where the keyboard is, on which screen, seen from which window (contract §3, §13, §15).
  public var keyboardContext: KeyboardContext
  /// The keyboard notification's animation, echoed in the answer (contract §6).
  public var animation: KeyboardAnimation?
  /// Whether the answer carries its `track`, the layout at every keyboard height (contract §11).
  public var track: Bool

  /// A request with the contract §12 defaults for every member left out.
  public init(
    container: Rect, list: Rect, composer: Rect, contentOffset: Point, contentSize: Size,
    contentInset: Insets = .zero, keyboardInset: Double? = nil, safeArea: Insets = .zero,
    lift: ChatLift = ChatRequest.defaultLift, endThreshold: Double = ChatRequest.defaultEndThreshold,
    inverted: Bool = false, keyboard: KeyboardInput, screen: Rect? = nil, window: Rect? = nil,
    undocked: UndockedPolicy = .defaultPolicy, animation: KeyboardAnimation? = nil, track: Bool = false
  ) {
    self.container = container
    self.list = list
    self.composer = composer
    self.contentOffset = contentOffset
    self.contentSize = contentSize
    self.contentInset = contentInset
    self.keyboardInset = keyboardInset
    self.safeArea = safeArea
    self.lift = lift
    self.endThreshold = endThreshold
    self.inverted = inverted
    keyboardContext = KeyboardContext(keyboard: keyboard, screen: screen, window: window, undocked: undocked)
    self.animation = animation
    self.track = track
  }

  /// The end threshold when the request has none: 0.
  public static let defaultEndThreshold = 0.0
  /// The lift when the request has none: `always`.
  @inlinable
  public static var defaultLift: ChatLift { .always }
}

/// The answer of `POST /chat` (contract §12).
public struct ChatAnswer: AnswerObject, Hashable, Sendable {
  /// The keyboard's `state` and its `overlap` with the container (contract §3).
  public var keyboard: KeyboardAnswer
  /// `{0, -rise}`: how far to move the composer so that it rides on the keyboard.
  public var composerOffset: Point
  /// The part of the list's inset this answer adds (`newInset`): send it back with the next
  /// request.
  public var keyboardInset: Double
  /// The list's new content offset, within its range.
  public var contentOffset: Point
  /// The list's own content inset plus `keyboardInset` on its keyboard side (the bottom, or the
  /// top when inverted).
  public var contentInset: Insets
  /// Equal to `contentInset`.
  public var scrollIndicatorInsets: Insets
  /// Whether the list was at its newest end, within `endThreshold`, before the move.
  public var atEnd: Bool
  // Spelled `Optional<…>`, not `T?`: see `EndpointAnswer`.
  /// The echoed animation; nil when the request had none.
  public var animation: Optional<AnimationAnswer>
  /// The layout at every keyboard height along the keyboard's way in (contract §11); nil unless
  /// the request asked for it.
  public var track: Optional<KeyboardTrack>
  /// Where a web page's visible band and fixed bars are (contract §13); nil unless the request sent
  /// `viewport`.
  public var viewport: Optional<ViewportAnswer>
  /// The misreports a windowed request's numbers look like (contract §15); nil when none matched.
  public var warnings: Optional<WindowWarnings>

  /// An answer; `animation` only when the request had one.
  public init(
    keyboard: KeyboardAnswer, composerOffset: Point, keyboardInset: Double, contentOffset: Point,
    contentInset: Insets, scrollIndicatorInsets: Insets, atEnd: Bool, animation: AnimationAnswer? = nil
  ) {
    self.keyboard = keyboard
    self.composerOffset = composerOffset
    self.keyboardInset = keyboardInset
    self.contentOffset = contentOffset
    self.contentInset = contentInset
    self.scrollIndicatorInsets = scrollIndicatorInsets
    self.atEnd = atEnd
    self.animation = animation
    track = nil
    viewport = nil
    warnings = nil
  }

  /// An answer with every member at its zero: what a reader fills in.
  public init() {
    self.init(
      keyboard: KeyboardAnswer(), composerOffset: .zero, keyboardInset: 0, contentOffset: .zero,
      contentInset: .zero, scrollIndicatorInsets: .zero, atEnd: false)
  }

  /// Every member in the contract's order; `animation`, `track`, `viewport` and `warnings` only
  /// when present.
  @inlinable
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    members.member("keyboard", &keyboard)
    members.member("composerOffset", &composerOffset)
    members.member("keyboardInset", &keyboardInset)
    members.member("contentOffset", &contentOffset)
    members.member("contentInset", &contentInset)
    members.member("scrollIndicatorInsets", &scrollIndicatorInsets)
    members.member("atEnd", &atEnd)
    members.member("animation", &animation)
    members.member("track", &track)
    members.member("viewport", &viewport)
    members.member("warnings", names: &warnings)
  }
}

/// `POST /chat` (contract §12): the keyboard (§3), the composer riding on it, the list's inset for
/// what they cover and its offset as `lift` says, the echoed animation (§6) and, when asked for,
/// the track (§11).
public func chat(_ request: ChatRequest) -> ChatAnswer {
  request.answer()
}

extension ChatAnswer: EndpointAnswer {}

extension ChatRequest: EndpointRequest {
  package var keyboardContainer: Rect { container }

  /// §12's answer with its keyboard part `keyboard`, and the echoed animation.
  @inline(__always)
  package func answer(keyboard: KeyboardAnswer) -> ChatAnswer {
    let layout = layout(overlap: keyboard.overlap)
    return ChatAnswer(
      keyboard: keyboard, composerOffset: Point(x: 0, y: -layout.rise).normalized,
      keyboardInset: layout.keyboardInset, contentOffset: layout.contentOffset,
      contentInset: layout.contentInset, scrollIndicatorInsets: layout.contentInset, atEnd: layout.atEnd,
      animation: animation?.answer)
  }
}
