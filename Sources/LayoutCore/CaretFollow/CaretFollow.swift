/// The request of `POST /caret-follow` (contract §5).
public struct CaretFollowRequest: KeyboardRequest, Hashable, Sendable {
  /// The text view's frame (screen coordinates, or window coordinates with `window`); the
  /// container of contract §3.
  public var textView: Rect
  /// `caretRect(for: selectedTextRange.end)`, in content coordinates.
  public var caret: Rect
  /// The text view's current content offset.
  public var contentOffset: Point
  /// The text view's current content size.
  public var contentSize: Size
  /// The base content inset, without the keyboard; may be negative.
  public var contentInset: Insets
  /// The text view's safe-area insets, each ≥ 0.
  public var safeArea: Insets
  /// Where the keyboard is, on which screen, seen from which window (contract §3, §13, §15).
  public var keyboardContext: KeyboardContext
  /// Whether the answer carries its `track`, the layout at every keyboard height (contract §11).
  public var track: Bool
  /// Space kept above and below the caret, ≥ 0.
  public var margin: Double
  /// The caret rect is grown downward to at least this height, ≥ 0.
  public var lineHeight: Double

  /// A request with the contract §5 defaults for every member left out.
  public init(
    textView: Rect, caret: Rect, contentOffset: Point, contentSize: Size, contentInset: Insets = .zero,
    safeArea: Insets = .zero, keyboard: KeyboardInput, screen: Rect? = nil, window: Rect? = nil,
    undocked: UndockedPolicy = .defaultPolicy, margin: Double = CaretFollowRequest.defaultMargin,
    lineHeight: Double = CaretFollowRequest.defaultLineHeight, track: Bool = false
  ) {
    self.textView = textView
    self.caret = caret
    self.contentOffset = contentOffset
    self.contentSize = contentSize
    self.contentInset = contentInset
    self.safeArea = safeArea
    keyboardContext = KeyboardContext(keyboard: keyboard, screen: screen, window: window, undocked: undocked)
    self.margin = margin
    self.lineHeight = lineHeight
    self.track = track
  }

  /// The margin when the request has none: 0.
  public static let defaultMargin = 0.0
  /// The line height when the request has none: 0.
  public static let defaultLineHeight = 0.0
}

/// The answer of `POST /caret-follow` (contract §5).
public struct CaretFollowAnswer: AnswerObject, Hashable, Sendable {
  /// The keyboard's `state` and its `overlap` with the text view (contract §3).
  public var keyboard: KeyboardAnswer
  /// The new content offset, clamped to the scrollable range.
  public var contentOffset: Point
  /// The base content inset plus the keyboard's bottom inset.
  public var contentInset: Insets
  /// Equal to `contentInset`.
  public var scrollIndicatorInsets: Insets
  /// Whether `contentOffset` differs from the request's.
  public var changed: Bool
  /// Whether the caret (with its margin) lies inside the visible part after the scroll.
  public var caretVisible: Bool
  // Spelled `Optional<…>`, not `T?`: see `EndpointAnswer`.
  /// The layout at every keyboard height along the keyboard's way in (contract §11), with
  /// `scroll`'s members; nil unless the request asked for it.
  public var track: Optional<KeyboardTrack>
  /// Where a web page's visible band and fixed bars are (contract §13); nil unless the request sent
  /// `viewport`.
  public var viewport: Optional<ViewportAnswer>
  /// The misreports a windowed request's numbers look like (contract §15); nil when none matched.
  public var warnings: Optional<WindowWarnings>

  /// An answer without a track, viewport or warnings.
  public init(
    keyboard: KeyboardAnswer, contentOffset: Point, contentInset: Insets, scrollIndicatorInsets: Insets,
    changed: Bool, caretVisible: Bool
  ) {
    self.keyboard = keyboard
    self.contentOffset = contentOffset
    self.contentInset = contentInset
    self.scrollIndicatorInsets = scrollIndicatorInsets
    self.changed = changed
    self.caretVisible = caretVisible
    track = nil
    viewport = nil
    warnings = nil
  }

  /// An answer with every member at its zero: what a reader fills in.
  public init() {
    self.init(
      keyboard: KeyboardAnswer(), contentOffset: .zero, contentInset: .zero, scrollIndicatorInsets: .zero,
      changed: false, caretVisible: true)
  }

  /// Every member in the contract's order; `track`, `viewport` and `warnings` only when present.
  @inlinable
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    members.member("keyboard", &keyboard)
    members.member("contentOffset", &contentOffset)
    members.member("contentInset", &contentInset)
    members.member("scrollIndicatorInsets", &scrollIndicatorInsets)
    members.member("changed", &changed)
    members.member("caretVisible", &caretVisible)
    members.member("track", &track)
    members.member("viewport", &viewport)
    members.member("warnings", names: &warnings)
  }
}

/// `POST /caret-follow` (contract §5): the §4.2 scroll with the text view as container and the
/// caret, grown to `lineHeight` and padded by `margin`, as target — revealed whatever the
/// overlap; and, when asked for, the track (§11).
public func caretFollow(_ request: CaretFollowRequest) -> CaretFollowAnswer {
  request.answer()
}

extension CaretFollowAnswer: EndpointAnswer {}

extension CaretFollowRequest: EndpointRequest {
  package var keyboardContainer: Rect { textView }

  /// §5's answer with its keyboard part `keyboard`.
  @inline(__always)
  package func answer(keyboard: KeyboardAnswer) -> CaretFollowAnswer {
    let result = scroll(revealing: caret.grown(toHeight: lineHeight), overlap: keyboard.overlap)
    return CaretFollowAnswer(
      keyboard: keyboard, contentOffset: result.contentOffset, contentInset: result.contentInset,
      scrollIndicatorInsets: result.contentInset, changed: result.contentOffset != contentOffset,
      caretVisible: result.fits)
  }
}

extension CaretFollowRequest {
  /// The text view as the scroll view of §4.2.
  var scrollView: ScrollView {
    ScrollView(
      height: textView.height, safeArea: safeArea, contentOffset: contentOffset, contentSize: contentSize,
      contentInset: contentInset)
  }

  /// The caret, grown to `lineHeight`, padded by `margin` above and below: what §5 reveals.
  func target(_ caret: Rect) -> ScrollTarget {
    ScrollTarget(min: caret.minY - margin, max: caret.maxY + margin)
  }

  /// The §4.2 scroll that reveals `caret` (already grown to `lineHeight`), padded by `margin`, with
  /// the keyboard covering `overlap` points of the text view.
  @inline(__always)
  func scroll(
    revealing caret: Rect, overlap: Double
  ) -> (contentOffset: Point, contentInset: Insets, fits: Bool) {
    scrollView.reveal(target(caret), overlap: overlap, revealsWithoutOverlap: true)
  }

  /// The members a track of `/caret-follow` carries besides `keyboardHeight` and `overlap`
  /// (contract §11, `scroll`'s): `contentOffsetY` and `contentInsetBottom`.
  static func trackMembers(contentOffset: Point, contentInset: Insets) -> NumberMembers {
    NumberMembers("contentOffsetY", contentOffset.y, "contentInsetBottom", contentInset.bottom)
  }
}

extension CaretFollowRequest: TrackedLayout {
  /// The caret grown to `lineHeight`.
  typealias Target = Rect

  /// contract §11: the track of `answer`, this request's answer, with scroll's members.
  package func track(of answer: CaretFollowAnswer) -> KeyboardTrack {
    track(
      ending: (
        answer.keyboard.overlap,
        Self.trackMembers(contentOffset: answer.contentOffset, contentInset: answer.contentInset)
      ))
  }

  func trackTarget(overlap: Double, covered: Bool, thresholds: inout TrackThresholds) -> Rect {
    let caret = caret.grown(toHeight: lineHeight)
    scrollView.offerThresholds(revealing: target(caret), to: &thresholds)
    return caret
  }

  func trackMembers(revealing caret: Rect, overlap: Double, covered: Bool) -> NumberMembers {
    let result = scroll(revealing: caret, overlap: overlap)
    return Self.trackMembers(contentOffset: result.contentOffset, contentInset: result.contentInset)
  }
}

extension CaretFollowAnswer {
  /// A track carries `scroll`'s members (contract §11).
  public func checkRead() throws {
    try track?.check(carries: [
      CaretFollowRequest.trackMembers(contentOffset: .zero, contentInset: .zero).nameList
    ])
  }
}
