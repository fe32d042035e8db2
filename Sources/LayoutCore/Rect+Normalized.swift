extension Rect {
  /// The rectangle with every member normalized for an answer.
  var normalized: Rect {
    Rect(x: x.normalized, y: y.normalized, width: width.normalized, height: height.normalized)
  }
}
