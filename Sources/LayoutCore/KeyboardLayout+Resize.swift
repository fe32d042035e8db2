extension KeyboardLayout {
  /// SPEC §4.3: the container gives up its bottom `overlap` points.
  ///
  /// `additionalSafeAreaInsets` is what UIKit needs on top of the existing `safeArea.bottom`;
  /// `visible` is what is left, in container coordinates.
  public static func resize(
    field: Rect, container: Rect, overlap: Double, margin: Double, safeArea: Insets
  ) -> (bottomInset: Double, additionalSafeAreaInsets: Insets, visible: Rect, fits: Bool) {
    let keyboardTop = container.height - overlap
    let additional = Insets(bottom: max(0, overlap - safeArea.bottom)).normalized
    let visible = Rect(x: 0, y: 0, width: container.width, height: keyboardTop).normalized
    let fits = field.maxY + margin <= keyboardTop && field.minY >= safeArea.top
    return (overlap.normalized, additional, visible, fits)
  }
}
