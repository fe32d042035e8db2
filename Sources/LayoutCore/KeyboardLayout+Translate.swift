extension KeyboardLayout {
  /// SPEC §4.1: the offset that shifts the container so the field and its margin clear the
  /// keyboard, never past the field's top meeting `safeArea.top`.
  ///
  /// `keyboardTop` is `container.height - overlap`; nothing moves when `overlap` is 0 or the
  /// field is not covered. `fits` is false when the field is taller than the space left.
  public static func translate(
    field: Rect, overlap: Double, keyboardTop: Double, margin: Double, safeArea: Insets
  ) -> (offset: Point, fits: Bool) {
    if overlap == 0 { return (.zero, true) }
    let need = field.maxY + margin - keyboardTop
    let room = max(0, field.minY - safeArea.top)
    let shift = need <= 0 ? 0 : min(need, room)
    return (Point(x: 0, y: (-shift).normalized), need <= room)
  }
}
