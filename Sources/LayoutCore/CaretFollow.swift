/// The request of `POST /caret-follow` (contract §5).
public struct CaretFollowRequest: Hashable, Sendable {
  /// The text view's frame (screen coordinates); the container of contract §3.
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
  /// Where the keyboard is: `keyboard` (a frame or `null`) or `keyboardHeight` (contract §3).
  public var keyboard: KeyboardInput
  /// The screen bounds; nil means `textView`.
  public var screen: Rect?
  /// What an undocked keyboard does: `ignore` (the default) treats it as hidden, `avoid` as
  /// docked (contract §3).
  public var undocked: UndockedPolicy
  /// Whether the answer carries its `track`, the layout at every keyboard height (contract §11).
  public var track: Bool
  /// Space kept above and below the caret, ≥ 0.
  public var margin: Double
  /// The caret rect is grown downward to at least this height, ≥ 0.
  public var lineHeight: Double

  /// A request with the contract §5 defaults for every member left out.
  public init(
    textView: Rect, caret: Rect, contentOffset: Point, contentSize: Size, contentInset: Insets = .zero,
    safeArea: Insets = .zero, keyboard: KeyboardInput, screen: Rect? = nil,
    undocked: UndockedPolicy = .defaultPolicy, margin: Double = CaretFollowRequest.defaultMargin,
    lineHeight: Double = CaretFollowRequest.defaultLineHeight, track: Bool = false
  ) {
    self.textView = textView
    self.caret = caret
    self.contentOffset = contentOffset
    self.contentSize = contentSize
    self.contentInset = contentInset
    self.safeArea = safeArea
    self.keyboard = keyboard
    self.screen = screen
    self.undocked = undocked
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
public struct CaretFollowAnswer: Hashable, Sendable {
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
  /// Where a web page's visible band and fixed bars are (contract §13); nil unless the request sent
  /// `viewport`.
  public var viewport: ViewportAnswer?
  /// The layout at every keyboard height along the keyboard's way in (contract §11), with
  /// `scroll`'s members; nil unless the request asked for it.
  public var track: KeyboardTrack? {
    get { trackStorage?.track }
    set { trackStorage = newValue.map(KeyboardTrack.Storage.init) }
  }
  /// `track` boxed, as in `AvoidAnswer`.
  private var trackStorage: KeyboardTrack.Storage?

  /// An answer without a track; `viewport` only when the request sent one.
  public init(
    keyboard: KeyboardAnswer, contentOffset: Point, contentInset: Insets, scrollIndicatorInsets: Insets,
    changed: Bool, caretVisible: Bool, viewport: ViewportAnswer? = nil
  ) {
    self.keyboard = keyboard
    self.contentOffset = contentOffset
    self.contentInset = contentInset
    self.scrollIndicatorInsets = scrollIndicatorInsets
    self.changed = changed
    self.caretVisible = caretVisible
    self.viewport = viewport
  }

  /// An answer with `track` (nil for none).
  ///
  /// Kept apart from the initializer without a track: a `track` argument, even nil, costs every
  /// answer built through it a copy more.
  public init(
    keyboard: KeyboardAnswer, contentOffset: Point, contentInset: Insets, scrollIndicatorInsets: Insets,
    changed: Bool, caretVisible: Bool, track: KeyboardTrack?, viewport: ViewportAnswer? = nil
  ) {
    self.init(
      keyboard: keyboard, contentOffset: contentOffset, contentInset: contentInset,
      scrollIndicatorInsets: scrollIndicatorInsets, changed: changed, caretVisible: caretVisible,
      viewport: viewport)
    self.track = track
  }
}

/// `POST /caret-follow` (contract §5): the §4.2 scroll with the text view as container and the
/// caret, grown to `lineHeight` and padded by `margin`, as target — revealed whatever the
/// overlap; and, when asked for, the track (§11).
public func caretFollow(_ request: CaretFollowRequest) -> CaretFollowAnswer {
  KeyboardLayout.answer(to: request)
}

extension CaretFollowRequest: EndpointRequest {
  var keyboardContainer: Rect { textView }

  /// §5's answer with its keyboard part `keyboard`.
  @inline(__always)
  func answer(keyboard: KeyboardAnswer) -> CaretFollowAnswer {
    let result = scroll(
      revealing: KeyboardLayout.caret(caret, grownTo: lineHeight), overlap: keyboard.overlap)
    return CaretFollowAnswer(
      keyboard: keyboard, contentOffset: result.contentOffset, contentInset: result.contentInset,
      scrollIndicatorInsets: result.scrollIndicatorInsets, changed: result.contentOffset != contentOffset,
      caretVisible: result.fits)
  }
}

extension CaretFollowRequest {
  /// The §4.2 scroll that reveals `caret` (already grown to `lineHeight`), padded by `margin`, with
  /// the keyboard covering `overlap` points of the text view.
  @inline(__always)
  func scroll(
    revealing caret: Rect, overlap: Double
  ) -> (
    contentOffset: Point, contentInset: Insets, scrollIndicatorInsets: Insets, fits: Bool
  ) {
    KeyboardLayout.scroll(
      target: (caret.minY - margin, caret.maxY + margin), containerHeight: textView.height, overlap: overlap,
      safeArea: safeArea, contentOffset: contentOffset, contentSize: contentSize, contentInset: contentInset,
      revealsWithoutOverlap: true)
  }
}

extension KeyboardLayout {
  /// contract §5: the caret rect grown downward to at least `lineHeight`.
  package static func caret(_ caret: Rect, grownTo lineHeight: Double) -> Rect {
    Rect(x: caret.x, y: caret.y, width: caret.width, height: max(caret.height, lineHeight))
  }
}

extension KeyboardLayout {
  /// contract §5.1: the smallest scroll from `y` that shows `target` in the viewport
  /// `[y + top, y + bottomEdge]`.
  ///
  /// A target taller than the viewport (every target of positive height when the viewport is
  /// empty) gets its top aligned.
  static func reveal(
    _ target: (min: Double, max: Double), y: Double, top: Double, bottomEdge: Double
  ) -> Double {
    if target.max - target.min > bottomEdge - top { return target.min - top }
    if target.max > y + bottomEdge { return target.max - bottomEdge }
    if target.min < y + top { return target.min - top }
    return y
  }
}
