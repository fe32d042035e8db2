/// The answer of `POST /caret-follow` (SPEC §5).
public struct CaretFollowAnswer: Codable, Hashable, Sendable {
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
  }
}
