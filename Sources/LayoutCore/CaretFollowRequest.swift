/// The request of `POST /caret-follow` (SPEC §5).
public struct CaretFollowRequest: Hashable, Sendable {
  /// The text view's frame (screen coordinates); the container of SPEC §3.
  public var textView: Rect
  /// `caretRect(for: selectedTextRange.end)`, in content coordinates.
  public var caret: Rect
  public var contentOffset: Point
  public var contentSize: Size
  /// The base content inset, without the keyboard; may be negative.
  public var contentInset: Insets
  /// The text view's safe-area insets, each ≥ 0.
  public var safeArea: Insets
  public var keyboard: KeyboardInput
  /// The screen bounds; nil means `textView`.
  public var screen: Rect?
  public var undocked: UndockedPolicy
  /// Space kept above and below the caret, ≥ 0.
  public var margin: Double
  /// The caret rect is grown downward to at least this height, ≥ 0.
  public var lineHeight: Double

  public init(
    textView: Rect, caret: Rect, contentOffset: Point, contentSize: Size, contentInset: Insets = .zero,
    safeArea: Insets = .zero, keyboard: KeyboardInput, screen: Rect? = nil,
    undocked: UndockedPolicy = .ignore, margin: Double = CaretFollowRequest.defaultMargin,
    lineHeight: Double = CaretFollowRequest.defaultLineHeight
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
  }

  /// The margin when the request has none: 0.
  public static let defaultMargin = 0.0
  /// The line height when the request has none: 0.
  public static let defaultLineHeight = 0.0
}
