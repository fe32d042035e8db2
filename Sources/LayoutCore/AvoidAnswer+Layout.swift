extension AvoidAnswer {
  /// The per-mode part of an `/avoid` answer.
  public enum Layout: Hashable, Sendable {
    /// §4.1: apply `offset` as the container's translation.
    case translate(offset: Point)
    /// §4.2: set the scroll view's content offset, content inset and indicator insets.
    case scroll(contentOffset: Point, contentInset: Insets, scrollIndicatorInsets: Insets)
    /// §4.3: give up `bottomInset` points; `visible` is what is left, in container coordinates.
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
