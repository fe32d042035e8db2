/// A point in the contract §2 coordinate system: origin top-left, y grows downward.
public struct Point: Hashable, Sendable {
  /// The horizontal coordinate, growing to the right.
  public var x: Double
  /// The vertical coordinate, growing downward.
  public var y: Double

  /// The point at (`x`, `y`).
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `{0, 0}`.
  public static let zero = Point(x: 0, y: 0)
}

/// A size in points; decoding requires both members to be ≥ 0.
public struct Size: Hashable, Sendable {
  /// The horizontal extent, in points.
  public var width: Double
  /// The vertical extent, in points.
  public var height: Double

  /// A size of `width` by `height` points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size.
  public static let zero = Size(width: 0, height: 0)
}

/// A rectangle by origin and size; decoding requires `width` and `height` to be ≥ 0.
public struct Rect: Hashable, Sendable {
  /// The left edge.
  public var x: Double
  /// The top edge (y grows downward).
  public var y: Double
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// The rectangle with its top-left corner at (`x`, `y`).
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The left edge.
  public var minX: Double { x }
  /// The right edge, `x + width`.
  public var maxX: Double { x + width }
  /// The top edge.
  public var minY: Double { y }
  /// The bottom edge, `y + height`.
  public var maxY: Double { y + height }
}

/// Edge insets; a member missing from the JSON reads as 0.
///
/// Decoding accepts negative members (a `contentInset` may be negative); requests check
/// `safeArea` for ≥ 0 themselves.
public struct Insets: Hashable, Sendable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Insets with every edge left out at 0, as in a request (contract §2).
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No inset on any edge.
  public static let zero = Insets()
}

extension Rect {
  /// The smallest rectangle holding both, zero-sized ones included (contract §4.5).
  package func union(_ other: Rect) -> Rect {
    let minX = Swift.min(self.minX, other.minX)
    let minY = Swift.min(self.minY, other.minY)
    return Rect(
      x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
  }

  /// The rectangle moved by `offset`.
  package func offset(by offset: Point) -> Rect {
    Rect(x: x + offset.x, y: y + offset.y, width: width, height: height)
  }

  /// The rectangle grown downward to at least `height` (contract §5: a caret grown to `lineHeight`).
  package func grown(toHeight height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: Swift.max(self.height, height))
  }

  /// The origin, `{x, y}`.
  package var origin: Point { Point(x: x, y: y) }
}

extension Double {
  /// Whether `self ≤ limit` holds but for the rounding of the doubles both were computed with:
  /// how every `fits` (§4.1–§4.3, so §4.5's companions and §5's `caretVisible` too) compares.
  ///
  /// The formulas reach the two sides by different sums, so a side that is equal in exact
  /// arithmetic can come out a few units in the last place above the other: a target §5.1 has just
  /// aligned with the viewport's bottom edge would not "lie inside" it, and a companion that fits
  /// would be dropped. The slack is 2⁻³⁶ of the largest magnitude involved (`scale`, `self`,
  /// `limit`, at least 1): a 70-billionth, 1.5e-5 points at a million points, far below what
  /// a screen shows and far above the rounding of a few sums.
  @inline(__always)
  package func isAtMost(_ limit: Double, scale: Double = 0) -> Bool {
    self <= limit || self - limit <= 0x1p-36 * Swift.max(1, scale, abs(self), abs(limit))
  }

  /// The value as an answer may hold it: `-0` becomes `0`, and a non-finite value (possible only
  /// from input that skipped validation) becomes `0`.
  @inline(__always)
  var normalized: Double { isFinite ? self + 0 : 0 }
}

extension Point {
  /// The point with both members normalized for an answer.
  @inline(__always)
  var normalized: Point { Point(x: x.normalized, y: y.normalized) }
}

extension Rect {
  /// The rectangle with every member normalized for an answer.
  @inline(__always)
  var normalized: Rect {
    Rect(x: x.normalized, y: y.normalized, width: width.normalized, height: height.normalized)
  }
}

extension Insets {
  /// The insets with every member normalized for an answer.
  @inline(__always)
  var normalized: Insets {
    Insets(top: top.normalized, left: left.normalized, bottom: bottom.normalized, right: right.normalized)
  }
}
