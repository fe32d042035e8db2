/// What a bottom sheet does while the keyboard is up (contract §14, request member
/// `keyboardBehavior`), as React Native's most used sheet names it.
public enum SheetKeyboardBehavior: ContractName {
  /// The sheet keeps its height and rides on the keyboard.
  case interactive
  /// The sheet goes to its tallest detent.
  case extend
  /// The sheet takes all the height there is.
  case fillParent

  /// The case as the contract spells it.
  public var contractName: StaticString {
    switch self {
    case .interactive: "interactive"
    case .extend: "extend"
    case .fillParent: "fillParent"
    }
  }
}

/// A sheet's resting heights (contract §14, request member `detents`): 1 to 16 heights of its
/// content area, each ≥ 0.
///
/// Stored inline, as `AlsoReveal` is: a request holds them without a heap allocation.
public struct SheetDetents: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  /// The most detents a request may list: 16.
  public static let capacity = 16

  /// The heights, in order; the lanes from `count` on are unused and stay 0.
  private var heights = SIMD16<Double>()
  /// How many heights are stored.
  public private(set) var count = 0

  /// No detents (not a valid request: a sheet has at least one).
  public init() {}

  /// The listed heights; more than `capacity` is a programming error.
  public init(arrayLiteral elements: Double...) {
    for height in elements { append(height) }
  }

  /// Adds a height at the end; the list must hold fewer than `capacity`.
  public mutating func append(_ height: Double) {
    precondition(count < Self.capacity, "a sheet has at most \(Self.capacity) detents")
    heights[count] = height
    count += 1
  }

  /// The first height's index: 0.
  public var startIndex: Int { 0 }
  /// One past the last height's index: `count`.
  public var endIndex: Int { count }

  /// Height `position`, in the request's order; `position` must be below `count`.
  public subscript(position: Int) -> Double {
    precondition(position >= 0 && position < count, "index out of range")
    return heights[position]
  }

  /// The tallest height, or 0 when there is none.
  public var tallest: Double {
    var tallest = 0.0
    for index in 0..<count where heights[index] > tallest { tallest = heights[index] }
    return tallest
  }

  /// Whether both list the same heights in the same order; unused lanes are not compared.
  public static func == (lhs: SheetDetents, rhs: SheetDetents) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Hashes the listed heights, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for height in self { hasher.combine(height) }
  }
}

/// The request of `POST /sheet` (contract §14): a bottom sheet, maybe with a focused field in its
/// scroll view.
public struct SheetRequest: KeyboardRequest, Hashable, Sendable {
  /// The view the sheet is presented in, usually the screen (screen coordinates, or window
  /// coordinates with `window`); the container of contract §3.
  public var container: Rect
  /// The container's safe-area insets, each ≥ 0.
  public var safeArea: Insets
  /// The sheet's resting heights: its content area above the bottom safe area.
  public var detents: SheetDetents
  /// The index in `detents` of the height the sheet rests at now.
  public var detent: Int
  /// What the sheet does while the keyboard is up.
  public var keyboardBehavior: SheetKeyboardBehavior
  /// The least gap kept between the sheet's top and the top safe area, ≥ 0.
  public var topInset: Double
  /// The height at the sheet's top that does not scroll (handle, title, search bar), ≥ 0.
  public var header: Double
  /// The focused input in the sheet's scroll view, in content coordinates; nil for none.
  public var field: Rect?
  /// That scroll view's content offset; decoding requires it with `field`.
  public var contentOffset: Point?
  /// That scroll view's content size; decoding requires it with `field`.
  public var contentSize: Size?
  /// That scroll view's own content inset; may be negative.
  public var contentInset: Insets
  /// The gap wanted below the field, ≥ 0.
  public var margin: Double
  /// Where the keyboard is, on which screen, seen from which window (contract §3, §13, §15).
  public var keyboardContext: KeyboardContext
  /// The keyboard notification's animation, echoed in the answer (contract §6).
  public var animation: KeyboardAnimation?
  /// Whether the answer carries its `track`, the layout at every keyboard height (contract §11).
  public var track: Bool

  /// A request with the contract §14 defaults for every member left out.
  public init(
    container: Rect, safeArea: Insets = .zero, detents: SheetDetents, detent: Int = 0,
    keyboardBehavior: SheetKeyboardBehavior = SheetRequest.defaultKeyboardBehavior,
    topInset: Double = 0, header: Double = 0, field: Rect? = nil, contentOffset: Point? = nil,
    contentSize: Size? = nil, contentInset: Insets = .zero,
    margin: Double = SheetRequest.defaultMargin, keyboard: KeyboardInput, screen: Rect? = nil,
    window: Rect? = nil, undocked: UndockedPolicy = .defaultPolicy, animation: KeyboardAnimation? = nil,
    track: Bool = false
  ) {
    self.container = container
    self.safeArea = safeArea
    self.detents = detents
    self.detent = detent
    self.keyboardBehavior = keyboardBehavior
    self.topInset = topInset
    self.header = header
    self.field = field
    self.contentOffset = contentOffset
    self.contentSize = contentSize
    self.contentInset = contentInset
    self.margin = margin
    keyboardContext = KeyboardContext(keyboard: keyboard, screen: screen, window: window, undocked: undocked)
    self.animation = animation
    self.track = track
  }

  /// The margin when the request has none: 10 points.
  public static let defaultMargin = 10.0
  /// The keyboard behavior when the request has none: `interactive`.
  @inlinable
  public static var defaultKeyboardBehavior: SheetKeyboardBehavior { .interactive }
}

/// Where the sheet's content area is (answer member `sheet`): its top and height in container
/// coordinates, header included. Its width is the app's.
public struct SheetFrame: Hashable, Sendable {
  /// The content area's top edge.
  public var y: Double
  /// The content area's height.
  public var height: Double

  /// The content area from `y`, `height` tall.
  public init(y: Double, height: Double) {
    self.y = y
    self.height = height
  }
}

/// The answer of `POST /sheet` (contract §14).
public struct SheetAnswer: AnswerObject, Hashable, Sendable {
  /// The keyboard's `state` and its `overlap` with the container (contract §3).
  public var keyboard: KeyboardAnswer
  /// The sheet's content area.
  public var sheet: SheetFrame
  /// The strip below the content area (the keyboard, or the home indicator's inset): extend the
  /// sheet's background over it, or pad its footer by it.
  public var bottomInset: Double
  /// Whether the ceiling cut the sheet below the height it wanted.
  public var shrunk: Bool
  // Spelled `Optional<…>`, not `T?`: see `EndpointAnswer`.
  /// The scroll view's new content offset; nil without `field`.
  public var contentOffset: Optional<Point>
  /// Whether the field (with its margin) lies in view after the scroll; nil without `field`.
  public var fits: Optional<Bool>
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

  /// An answer; `contentOffset` and `fits` only with a field, `animation` only when the request
  /// had one.
  public init(
    keyboard: KeyboardAnswer, sheet: SheetFrame, bottomInset: Double, shrunk: Bool,
    contentOffset: Point? = nil, fits: Bool? = nil, animation: AnimationAnswer? = nil
  ) {
    self.keyboard = keyboard
    self.sheet = sheet
    self.bottomInset = bottomInset
    self.shrunk = shrunk
    self.contentOffset = contentOffset
    self.fits = fits
    self.animation = animation
    track = nil
    viewport = nil
    warnings = nil
  }

  /// An answer with every member at its zero: what a reader fills in.
  public init() {
    self.init(keyboard: KeyboardAnswer(), sheet: SheetFrame(), bottomInset: 0, shrunk: false)
  }

  /// Every member in the contract's order; `contentOffset` and `fits` with a field, `animation`,
  /// `track`, `viewport` and `warnings` only when present.
  @inlinable
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    members.member("keyboard", &keyboard)
    members.member("sheet", &sheet)
    members.member("bottomInset", &bottomInset)
    members.member("shrunk", &shrunk)
    members.member("contentOffset", &contentOffset)
    members.member("fits", &fits)
    members.member("animation", &animation)
    members.member("track", &track)
    members.member("viewport", &viewport)
    members.member("warnings", names: &warnings)
  }
}

/// `POST /sheet` (contract §14): the keyboard (§3, or §13 on a web page), the sheet riding on it
/// under its ceiling, the field revealed in what is left of it, the echoed animation (§6) and, when
/// asked for, the track (§11).
public func sheet(_ request: SheetRequest) -> SheetAnswer {
  request.answer()
}

extension SheetAnswer: EndpointAnswer {}

extension SheetRequest: EndpointRequest {
  package var keyboardContainer: Rect { container }

  /// §14's answer with its keyboard part `keyboard`, and the echoed animation.
  @inline(__always)
  package func answer(keyboard: KeyboardAnswer) -> SheetAnswer {
    let layout = layout(overlap: keyboard.overlap, covered: keyboard.overlap > 0)
    return SheetAnswer(
      keyboard: keyboard, sheet: SheetFrame(y: layout.top, height: layout.height),
      bottomInset: layout.bottomInset, shrunk: layout.shrunk, contentOffset: layout.scroll?.contentOffset,
      fits: layout.scroll?.fits, animation: animation?.answer)
  }
}

extension SheetRequest {
  /// The whole §14 layout with the keyboard covering `overlap` points of the container: the
  /// content area, the strip below it, whether the ceiling cut it, and with a field its scroll.
  ///
  /// `covered` is `overlap > 0`, except along a track (§11), which also needs the layout just as
  /// the keyboard starts to cover the container.
  @inline(__always)
  func layout(
    overlap: Double, covered: Bool
  ) -> (
    top: Double, height: Double, bottomInset: Double, shrunk: Bool,
    scroll: (contentOffset: Point, fits: Bool)?
  ) {
    let frame = frame(overlap: overlap, covered: covered)
    guard let field else { return (frame.top, frame.height, frame.bottomInset, frame.shrunk, nil) }
    let scroll = scrollView(height: max(0, frame.height - header)).reveal(
      ScrollTarget(min: field.minY, max: field.maxY + margin), overlap: 0, revealsWithoutOverlap: covered)
    return (frame.top, frame.height, frame.bottomInset, frame.shrunk, (scroll.contentOffset, scroll.fits))
  }

  /// The sheet's scroll view (§14: it fills the sheet below `header`), `height` tall; it needs no
  /// keyboard inset, since the sheet sits on the keyboard.
  func scrollView(height: Double) -> ScrollView {
    ScrollView(
      height: height, safeArea: .zero, contentOffset: contentOffset ?? .zero,
      contentSize: contentSize ?? .zero, contentInset: contentInset)
  }

  /// contract §14: the sheet's content area with the keyboard covering `overlap` points: on the
  /// keyboard or above the home indicator (`floor`), as tall as `keyboardBehavior` wants, never
  /// above the top safe area plus `topInset` (`ceiling`).
  ///
  /// `shrunk` compares as every `fits` does: a height a rounding error short of what was wanted is
  /// not cut.
  func frame(
    overlap: Double, covered: Bool
  ) -> (top: Double, height: Double, bottomInset: Double, shrunk: Bool) {
    let containerHeight = container.height
    let floor = containerHeight - max(overlap, safeArea.bottom)
    let ceiling = safeArea.top + topInset
    let want: Double
    if covered {
      switch keyboardBehavior {
      case .interactive: want = detents[detent]
      case .extend: want = detents.tallest
      case .fillParent: want = max(0, floor - ceiling)
      }
    } else {
      want = detents[detent]
    }
    let height = max(0, floor - max(ceiling, floor - want))
    let shrunk = !want.isAtMost(height, scale: max(abs(floor), abs(ceiling)))
    return ((floor - height).normalized, height.normalized, (containerHeight - floor).normalized, shrunk)
  }
}
