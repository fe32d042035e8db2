extension Point {
  /// The point with both members normalized for an answer.
  var normalized: Point { Point(x: x.normalized, y: y.normalized) }
}
