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
public struct AvoidRequest: Hashable, Sendable {
  /// The view that moves, is scrolled or is resized, in its unmoved position (screen coordinates).
  public var container: Rect
  /// The focused input: container coordinates for `translate` and `resize`, content
  /// coordinates for `scroll`.
  public var field: Rect
  /// Where the keyboard is: `keyboard` (a frame or `null`) or `keyboardHeight` (contract §3).
  public var keyboard: KeyboardInput
  /// The screen bounds; nil means `container`.
  public var screen: Rect?
  /// What an undocked keyboard does: `ignore` (the default) treats it as hidden, `avoid` as
  /// docked (contract §3).
  public var undocked: UndockedPolicy
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
    container: Rect, field: Rect, keyboard: KeyboardInput, screen: Rect? = nil,
    undocked: UndockedPolicy = .defaultPolicy, safeArea: Insets = .zero,
    margin: Double = AvoidRequest.defaultMargin, mode: AvoidMode = AvoidRequest.defaultMode,
    contentOffset: Point? = nil, contentSize: Size? = nil, contentInset: Insets = .zero,
    animation: KeyboardAnimation? = nil, alsoReveal: AlsoReveal? = nil, track: Bool = false
  ) {
    self.container = container
    self.field = field
    self.keyboard = keyboard
    self.screen = screen
    self.undocked = undocked
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
public struct AvoidAnswer: Hashable, Sendable {
  /// The keyboard's `state` and its `overlap` with the container (contract §3).
  public var keyboard: KeyboardAnswer
  /// What the app applies; its case is the answer's `mode`.
  public var layout: Layout
  /// Whether the field (with its margin) is fully visible after the layout.
  public var fits: Bool
  /// The echoed animation; nil when the request had none.
  public var animation: AnimationAnswer?
  /// Per `alsoReveal` rect, whether it was kept in view with the field (contract §4.5); nil when the
  /// request had no `alsoReveal`.
  public var alsoRevealed: AlsoRevealed?
  /// Where a web page's visible band and fixed bars are (contract §13); nil unless the request sent
  /// `viewport`.
  public var viewport: ViewportAnswer?
  /// The layout at every keyboard height along the keyboard's way in (contract §11); nil unless
  /// the request asked for it.
  public var track: KeyboardTrack? {
    get { trackStorage?.track }
    set { trackStorage = newValue.map(KeyboardTrack.Storage.init) }
  }
  /// `track` boxed: one reference rather than its five arrays, so that an answer without a track
  /// copies and ends with a nil reference, not a switch over the track's members.
  private var trackStorage: KeyboardTrack.Storage?

  /// An answer without a track; `animation`, `alsoRevealed` and `viewport` only when the request
  /// had them.
  public init(
    keyboard: KeyboardAnswer, layout: Layout, fits: Bool, animation: AnimationAnswer? = nil,
    alsoRevealed: AlsoRevealed? = nil, viewport: ViewportAnswer? = nil
  ) {
    self.keyboard = keyboard
    self.layout = layout
    self.fits = fits
    self.animation = animation
    self.alsoRevealed = alsoRevealed
    self.viewport = viewport
  }

  /// An answer with `track` (nil for none).
  ///
  /// Kept apart from the initializer without a track: a `track` argument, even nil, costs every
  /// answer built through it a copy more.
  public init(
    keyboard: KeyboardAnswer, layout: Layout, fits: Bool, animation: AnimationAnswer? = nil,
    alsoRevealed: AlsoRevealed? = nil, track: KeyboardTrack?, viewport: ViewportAnswer? = nil
  ) {
    self.init(
      keyboard: keyboard, layout: layout, fits: fits, animation: animation, alsoRevealed: alsoRevealed,
      viewport: viewport)
    self.track = track
  }

  /// The mode the answer is for.
  public var mode: AvoidMode { layout.mode }
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
  KeyboardLayout.answer(to: request)
}

extension AvoidRequest: EndpointRequest {
  var keyboardContainer: Rect { container }

  /// §4's answer with its keyboard part `keyboard`: the mode's layout for the field grown through
  /// `alsoReveal`, and the echoed animation.
  @inline(__always)
  func answer(keyboard: KeyboardAnswer) -> AvoidAnswer {
    let overlap = keyboard.overlap
    let covered = overlap > 0
    var target = field
    var alsoRevealed: AlsoRevealed?
    if let alsoReveal {
      let grown = KeyboardLayout.revealTarget(field: target, alsoReveal: alsoReveal) {
        layout(for: $0, overlap: overlap, covered: covered).fits
      }
      target = grown.target
      alsoRevealed = grown.alsoRevealed
    }
    let result = layout(for: target, overlap: overlap, covered: covered)
    return AvoidAnswer(
      keyboard: keyboard, layout: result.layout, fits: result.fits,
      animation: animation.map(KeyboardLayout.animation), alsoRevealed: alsoRevealed)
  }
}

extension AvoidRequest {
  /// The mode's formulas (§4.1–§4.3) with `field` as the field and the keyboard covering `overlap`
  /// points: the layout and its `fits`.
  ///
  /// `covered` is `overlap > 0`, except along a track (§11), which also needs the layout just as
  /// the keyboard starts to cover the container: `covered` with `overlap` 0.
  @inline(__always)
  func layout(for field: Rect, overlap: Double, covered: Bool) -> (layout: AvoidAnswer.Layout, fits: Bool) {
    switch mode {
    case .translate:
      let result = KeyboardLayout.translate(
        field: field, covered: covered, keyboardTop: container.height - overlap, margin: margin,
        safeArea: safeArea)
      return (.translate(offset: result.offset), result.fits)
    case .scroll:
      let result = KeyboardLayout.scroll(
        target: (field.minY, field.maxY + margin), containerHeight: container.height, overlap: overlap,
        safeArea: safeArea, contentOffset: contentOffset ?? .zero, contentSize: contentSize ?? .zero,
        contentInset: contentInset, revealsWithoutOverlap: covered)
      return (
        .scroll(
          contentOffset: result.contentOffset, contentInset: result.contentInset,
          scrollIndicatorInsets: result.scrollIndicatorInsets),
        result.fits
      )
    case .resize:
      let result = KeyboardLayout.resize(
        field: field, container: container, overlap: overlap, margin: margin, safeArea: safeArea)
      return (
        .resize(
          bottomInset: result.bottomInset, additionalSafeAreaInsets: result.additionalSafeAreaInsets,
          visible: result.visible),
        result.fits
      )
    }
  }

  /// contract §11: offers the overlaps at which the mode's formulas for `field` can bend or its
  /// `fits` can flip, while the keyboard covers more and more of the container.
  func offerThresholds(for field: Rect, to thresholds: inout TrackThresholds) {
    switch mode {
    case .translate:
      KeyboardLayout.translateThresholds(
        field: field, containerHeight: container.height, margin: margin, safeArea: safeArea, to: &thresholds)
    case .scroll:
      KeyboardLayout.scrollThresholds(
        target: (field.minY, field.maxY + margin), containerHeight: container.height, safeArea: safeArea,
        contentOffset: contentOffset ?? .zero, contentSize: contentSize ?? .zero, contentInset: contentInset,
        to: &thresholds)
    case .resize:
      KeyboardLayout.resizeThresholds(
        field: field, containerHeight: container.height, margin: margin, safeArea: safeArea, to: &thresholds)
    }
  }
}
