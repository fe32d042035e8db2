/// What a track records at one keyboard height (contract §11): the overlap and the values of up to
/// four members, in the order of the endpoint's `NumberMembers`; the lanes past them are 0.
struct TrackValues: Equatable {
  var overlap: Double
  var values: SIMD4<Double>

  /// The overlap and `members`' values.
  init(overlap: Double, _ members: NumberMembers) {
    self.overlap = overlap
    values = members.values
  }

  init(overlap: Double, values: SIMD4<Double>) {
    self.overlap = overlap
    self.values = values
  }

  /// Whether every value equals `other`'s but for rounding: within 1e-9 of the larger magnitude
  /// (at least 1). Two formulas that meet where the target changes (a silent change of target)
  /// may round the same number differently; that is no jump.
  func isClose(to other: TrackValues) -> Bool {
    func close(_ a: Double, _ b: Double) -> Bool {
      a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }
    guard close(overlap, other.overlap) else { return false }
    for lane in 0..<4 where !close(values[lane], other.values[lane]) { return false }
    return true
  }

  /// Each value's slope from `self` to `end`, `run` points of keyboard height later: -1, 0 or 1,
  /// the only slopes a member has.
  func slopes(to end: TrackValues, over run: Double) -> TrackValues {
    func slope(_ rise: Double) -> Double {
      rise == 0 ? 0 : min(1, max(-1, (rise / run).rounded()))
    }
    var slopes = SIMD4<Double>()
    for lane in 0..<4 { slopes[lane] = slope(end.values[lane] - values[lane]) }
    return TrackValues(overlap: slope(end.overlap - overlap), values: slopes)
  }
}

/// The nearest two heights after `after` (and before `before`) at which a layout may turn,
/// collected from the overlaps the mode's threshold helpers offer.
struct TrackThresholds {
  /// Only heights above this one count.
  let after: Double
  /// The height of an offered overlap is `overlap + offset`; nil where the overlap does not change
  /// with the height, so that nothing turns.
  let offset: Double?
  /// The nearest height offered, or `before`.
  private(set) var first: Double
  /// The nearest height offered beyond `first`, or `before`.
  private(set) var second: Double

  init(after: Double, before: Double, offset: Double?) {
    self.after = after
    self.offset = offset
    first = before
    second = before
  }

  /// Collects nothing.
  static var none: TrackThresholds { TrackThresholds(after: .infinity, before: .infinity, offset: nil) }

  /// Collects the height at which the keyboard covers `overlap` points.
  @inline(__always)
  mutating func offer(_ overlap: Double) {
    guard let offset else { return }
    let height = overlap + offset
    guard height > after, height < second else { return }
    if height < first {
      second = first
      first = height
    } else if height > first {
      second = height
    }
  }
}

/// A stretch of keyboard heights over which the layout keeps its target and every member runs
/// straight: its ends, the values there (as the stretch reaches them) and the slopes.
struct TrackSegment {
  var start: Double
  var end: Double
  var startValues: TrackValues
  var endValues: TrackValues
  var slopes: TrackValues
}

/// Writes a track's breakpoints from consecutive stretches: one where a member bends, two where
/// the values jump, none where every member runs straight through.
struct TrackBuilder {
  /// The members' names, from the answer's values: the endpoint's `NumberMembers`.
  let names: NumberMembers
  private var keyboardHeight: [Double] = []
  private var overlap: [Double] = []
  private var lanes: [[Double]]
  /// The values at `h = 0`, the hidden keyboard's.
  private var hidden: TrackValues?
  private var previous: TrackSegment?

  /// A builder for the members `names` lists (their values are not read).
  init(names: NumberMembers) {
    self.names = names
    lanes = Array(repeating: [], count: names.count)
  }

  /// Adds a breakpoint.
  mutating func append(_ height: Double, _ values: TrackValues) {
    if keyboardHeight.isEmpty {
      let capacity = 8
      keyboardHeight.reserveCapacity(capacity)
      overlap.reserveCapacity(capacity)
      for lane in lanes.indices { lanes[lane].reserveCapacity(capacity) }
    }
    keyboardHeight.append(height + 0)
    overlap.append(values.overlap + 0)
    for lane in lanes.indices { lanes[lane].append(values.values[lane] + 0) }
  }

  /// Starts at `h = 0` with the hidden keyboard's values.
  mutating func begin(hidden values: TrackValues) {
    hidden = values
    append(0, values)
  }

  /// Adds the stretch that follows the previous one (or `h = 0`).
  mutating func add(_ segment: TrackSegment) {
    let left = previous?.endValues ?? hidden!
    if !left.isClose(to: segment.startValues) {
      if previous != nil { append(segment.start, left) }
      append(segment.start, segment.startValues)
    } else if let previous, previous.slopes != segment.slopes {
      append(segment.start, left)
    }
    previous = segment
  }

  /// Ends at `height` with the answer's own values, after a jump where the last stretch ends
  /// elsewhere.
  ///
  /// Contract §11 has no jump at H, and the formulas allow one only where the overlap itself
  /// drops at H: a container whose top is the end keyboard's bottom edge, which §3 reads as not
  /// covered while the keyboard covers it all just before. The last value is then the answer's
  /// own and the one before it the stretch's, so that the track stays exact below H.
  mutating func finish(at height: Double, answer: TrackValues) -> KeyboardTrack {
    if let left = previous?.endValues, !left.isClose(to: answer) { append(height, left) }
    append(height, answer)
    return track
  }

  /// The breakpoints written so far.
  var track: KeyboardTrack {
    KeyboardTrack(
      keyboardHeight: keyboardHeight, overlap: overlap,
      members: lanes.indices.map { NamedNumbers(name: names.name(at: $0).description, values: lanes[$0]) })
  }
}
