extension Insets {
  /// The insets with every member normalized for an answer.
  var normalized: Insets {
    Insets(top: top.normalized, left: left.normalized, bottom: bottom.normalized, right: right.normalized)
  }
}
