/// The request of `POST /avoid` (SPEC §4).
public struct AvoidRequest: Hashable, Sendable {
  /// The view that moves, is scrolled or is resized, in its unmoved position (screen coordinates).
  public var container: Rect
  /// The focused input: container coordinates for `translate` and `resize`, content
  /// coordinates for `scroll`.
  public var field: Rect
  public var keyboard: KeyboardInput
  /// The screen bounds; nil means `container`.
  public var screen: Rect?
  public var undocked: UndockedPolicy
  /// The container's safe-area insets, each ≥ 0.
  public var safeArea: Insets
  /// The gap wanted between the field's bottom and the keyboard's top, ≥ 0.
  public var margin: Double
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

  public init(
    container: Rect, field: Rect, keyboard: KeyboardInput, screen: Rect? = nil,
    undocked: UndockedPolicy = .ignore, safeArea: Insets = .zero, margin: Double = AvoidRequest.defaultMargin,
    mode: AvoidMode = .translate, contentOffset: Point? = nil, contentSize: Size? = nil,
    contentInset: Insets = .zero, animation: KeyboardAnimation? = nil
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
  }

  /// The margin when the request has none: 10 points.
  public static let defaultMargin = 10.0
}
