/// How an app avoids the keyboard (contract §4, request member `mode`).
public enum AvoidMode: ContractName {
  /// Shift the whole container up (contract §4.1).
  case translate
  /// Let a scroll view make room (contract §4.2).
  case scroll
  /// Give up the container's bottom (contract §4.3).
  case resize

  /// The case as the contract spells it.
  public var contractName: StaticString {
    switch self {
    case .translate: "translate"
    case .scroll: "scroll"
    case .resize: "resize"
    }
  }
}

/// The request of `POST /avoid` (contract §4).
public struct AvoidRequest: KeyboardRequest, Hashable, Sendable {
  /// The view that moves, is scrolled or is resized, in its unmoved position (screen coordinates,
  /// or window coordinates with `window`).
  public var container: Rect
  /// The focused input: container coordinates for `translate` and `resize`, content
  /// coordinates for `scroll`.
  public var field: Rect
  /// Where the keyboard is, on which screen, seen from which window (contract §3, §13, §15).
  public var keyboardContext: KeyboardContext
  /// Whether the answer carries its `track`, the layout at every keyboard height (contract §11).
  public var track: Bool
  /// The container's safe-area insets, each ≥ 0.
  public var safeArea: Insets
  /// The gap wanted between the field's bottom and the keyboard's top, ≥ 0.
  public var margin: Double
  /// How the app makes room: `translate` (the default), `scroll` or `resize`.
  public var mode: AvoidMode
  /// The scroll view's current content offset; decoding requires it for `scroll`, where nil
  /// reads as zero.
  public var contentOffset: Point?
  /// The scroll view's content size; decoding requires it for `scroll`, where nil reads as zero.
  public var contentSize: Size?
  /// The scroll view's own content inset, without any keyboard inset; may be negative.
  public var contentInset: Insets
  /// The keyboard notification's animation, echoed in the answer.
  public var animation: KeyboardAnimation?
  /// More to keep in view with the field, most important first, in the field's coordinates
  /// (contract §4.5); nil when the request has none.
  public var alsoReveal: AlsoReveal?

  /// A request with the contract §4 defaults for every member left out.
  public init(
    container: Rect, field: Rect, keyboard: KeyboardInput, screen: Rect? = nil, window: Rect? = nil,
    undocked: UndockedPolicy = .defaultPolicy, safeArea: Insets = .zero,
    margin: Double = AvoidRequest.defaultMargin, mode: AvoidMode = AvoidRequest.defaultMode,
    contentOffset: Point? = nil, contentSize: Size? = nil, contentInset: Insets = .zero,
    animation: KeyboardAnimation? = nil, alsoReveal: AlsoReveal? = nil, track: Bool = false
  ) {
    self.container = container
    self.field = field
    keyboardContext = KeyboardContext(keyboard: keyboard, screen: screen, window: window, undocked: undocked)
    self.safeArea = safeArea
    self.margin = margin
    self.mode = mode
    self.contentOffset = contentOffset
    self.contentSize = contentSize
    self.contentInset = contentInset
    self.animation = animation
    self.alsoReveal = alsoReveal
    self.track = track
  }

  /// The margin when the request has none: 10 points.
  public static let defaultMargin = 10.0
  /// The mode when the request has none: `translate`.
  @inlinable
  public static var defaultMode: AvoidMode { .translate }
}

/// The answer of `POST /avoid` (contract §4.4).
public struct AvoidAnswer: AnswerObject, Hashable, Sendable {
  /// The keyboard's `state` and its `overlap` with the container (contract §3).
  public var keyboard: KeyboardAnswer
  /// What the app applies; its case is the answer's `mode`.
  public var layout: Layout
  /// Whether the field (with its margin) is fully visible after the layout.
  public var fits: Bool
  // Spelled `Optional<…>`, not `T?`: see `EndpointAnswer`.
  /// The echoed animation; nil when the request had none.
  public var animation: Optional<AnimationAnswer>
  /// Per `alsoReveal` rect, whether it was kept in view with the field (contract §4.5); nil when the
  /// request had no `alsoReveal`.
  public var alsoRevealed: Optional<AlsoRevealed>
  /// The layout at every keyboard height along the keyboard's way in (contract §11); nil unless
  /// the request asked for it.
  public var track: Optional<KeyboardTrack>
  /// Where a web page's visible band and fixed bars are (contract §13); nil unless the request sent
  /// `viewport`.
  public var viewport: Optional<ViewportAnswer>
  /// The misreports a windowed request's numbers look like (contract §15); nil when none matched.
  public var warnings: Optional<WindowWarnings>

  /// An answer; `animation` and `alsoRevealed` only when the request had them.
  public init(
    keyboard: KeyboardAnswer, layout: Layout, fits: Bool, animation: AnimationAnswer? = nil,
    alsoRevealed: AlsoRevealed? = nil
  ) {
    self.keyboard = keyboard
    self.layout = layout
    self.fits = fits
    self.animation = animation
    self.alsoRevealed = alsoRevealed
    track = nil
    viewport = nil
    warnings = nil
  }

  /// A translate answer with a hidden keyboard and nothing moved: what a reader fills in.
  public init() {
    self.init(keyboard: KeyboardAnswer(), layout: .translate(offset: .zero), fits: true)
  }

  /// The mode the answer is for.
  public var mode: AvoidMode { layout.mode }

  /// `mode`, `keyboard`, the mode's members, `fits` and, when present, `animation`,
  /// `alsoRevealed`, `track`, `viewport` and `warnings`.
  @inlinable
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    var mode = layout.mode
    members.member("mode", &mode)
    // Only a reader changes it: the members it reads next are that mode's.
    if mode != layout.mode { layout = Layout(blank: mode) }
    members.member("keyboard", &keyboard)
    switch layout {
    case .translate(var offset):
      members.member("offset", &offset)
      layout = .translate(offset: offset)
    case .scroll(var contentOffset, var contentInset, var scrollIndicatorInsets):
      members.member("contentOffset", &contentOffset)
      members.member("contentInset", &contentInset)
      members.member("scrollIndicatorInsets", &scrollIndicatorInsets)
      layout = .scroll(
        contentOffset: contentOffset, contentInset: contentInset, scrollIndicatorInsets: scrollIndicatorInsets
      )
    case .resize(var bottomInset, var additionalSafeAreaInsets, var visible):
      members.member("bottomInset", &bottomInset)
      members.member("additionalSafeAreaInsets", &additionalSafeAreaInsets)
      members.member("visible", &visible)
      layout = .resize(
        bottomInset: bottomInset, additionalSafeAreaInsets: additionalSafeAreaInsets, visible: visible)
    }
    members.member("fits", &fits)
    members.member("animation", &animation)
    members.member("alsoRevealed", booleans: &alsoRevealed)
    members.member("track", &track)
    members.member("viewport", &viewport)
    members.member("warnings", names: &warnings)
  }
}

extension AvoidAnswer {
  /// The per-mode part of an `/avoid` answer.
  public enum Layout: Hashable, Sendable {
    /// contract §4.1: apply `offset` as the container's translation.
    case translate(offset: Point)
    /// contract §4.2: set the scroll view's content offset, content inset and indicator insets.
    case scroll(contentOffset: Point, contentInset: Insets, scrollIndicatorInsets: Insets)
    /// contract §4.3: give up `bottomInset` points; `visible` is what is left, in container coordinates.
    case resize(bottomInset: Double, additionalSafeAreaInsets: Insets, visible: Rect)

    /// The layout of `mode` with every member at its zero.
    @inlinable
    init(blank mode: AvoidMode) {
      switch mode {
      case .translate: self = .translate(offset: .zero)
      case .scroll: self = .scroll(contentOffset: .zero, contentInset: .zero, scrollIndicatorInsets: .zero)
      case .resize: self = .resize(bottomInset: 0, additionalSafeAreaInsets: .zero, visible: .zero)
      }
    }

    /// The mode this layout answers.
    public var mode: AvoidMode {
      switch self {
      case .translate: .translate
      case .scroll: .scroll
      case .resize: .resize
      }
    }
  }
}

/// `POST /avoid` (contract §4): the keyboard (§3, or §13 on a web page), the mode's layout
/// (§4.1–§4.3) for the field grown through `alsoReveal` (§4.5), the echoed animation (§6) and, when
/// asked for, the track (§11).
public func avoid(_ request: AvoidRequest) -> AvoidAnswer {
  request.answer()
}

extension AvoidAnswer: EndpointAnswer {}

extension AvoidRequest: EndpointRequest {
  package var keyboardContainer: Rect { container }

  /// §4's answer with its keyboard part `keyboard`: the mode's layout for the field grown through
  /// `alsoReveal`, and the echoed animation.
  @inline(__always)
  package func answer(keyboard: KeyboardAnswer) -> AvoidAnswer {
    let overlap = keyboard.overlap
    let covered = overlap > 0
    var target = field
    var alsoRevealed: AlsoRevealed?
    if let alsoReveal {
      let grown = alsoReveal.grow(target) { layout(for: $0, overlap: overlap, covered: covered).fits }
      target = grown.target
      alsoRevealed = grown.alsoRevealed
    }
    let result = layout(for: target, overlap: overlap, covered: covered)
    return AvoidAnswer(
      keyboard: keyboard, layout: result.layout, fits: result.fits,
      animation: animation?.answer, alsoRevealed: alsoRevealed)
  }
}
