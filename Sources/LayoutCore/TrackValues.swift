/// What a track records at one keyboard height (contract §11): the overlap and up to four of the
/// members of its kind, in the contract's order; the ones a kind lacks are 0.
struct TrackValues: Equatable {
  var overlap: Double
  var first: Double
  var second: Double
  var third: Double
  var fourth: Double

  init(overlap: Double, first: Double, second: Double = 0, third: Double = 0, fourth: Double = 0) {
    self.overlap = overlap
    self.first = first
    self.second = second
    self.third = third
    self.fourth = fourth
  }

  /// The overlap and the members of an `/avoid` layout.
  init(overlap: Double, _ layout: AvoidAnswer.Layout) {
    switch layout {
    case .translate(let offset):
      self.init(overlap: overlap, first: offset.y)
    case .scroll(let contentOffset, let contentInset, _):
      self.init(overlap: overlap, first: contentOffset.y, second: contentInset.bottom)
    case .resize(let bottomInset, let additionalSafeAreaInsets, let visible):
      self.init(
        overlap: overlap, first: bottomInset, second: additionalSafeAreaInsets.bottom, third: visible.height)
    }
  }

  /// Whether every value equals `other`'s but for rounding: within 1e-9 of the larger magnitude
  /// (at least 1). Two formulas that meet where the target changes (a silent change of target)
  /// may round the same number differently; that is no jump.
  func isClose(to other: TrackValues) -> Bool {
    func close(_ a: Double, _ b: Double) -> Bool {
      a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }
    return close(overlap, other.overlap) && close(first, other.first) && close(second, other.second)
      && close(third, other.third) && close(fourth, other.fourth)
  }

  /// Each value's slope from `self` to `end`, `run` points of keyboard height later: -1, 0 or 1,
  /// the only slopes a member has.
  func slopes(to end: TrackValues, over run: Double) -> TrackValues {
    func slope(_ rise: Double) -> Double {
      rise == 0 ? 0 : min(1, max(-1, (rise / run).rounded()))
    }
    return TrackValues(
      overlap: slope(end.overlap - overlap), first: slope(end.first - first),
      second: slope(end.second - second), third: slope(end.third - third), fourth: slope(end.fourth - fourth))
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
  let kind: KeyboardTrack.Members.Kind
  private var keyboardHeight: [Double] = []
  private var overlap: [Double] = []
  private var first: [Double] = []
  private var second: [Double] = []
  private var third: [Double] = []
  private var fourth: [Double] = []
  /// The values at `h = 0`, the hidden keyboard's.
  private var hidden: TrackValues?
  private var previous: TrackSegment?

  init(kind: KeyboardTrack.Members.Kind) {
    self.kind = kind
  }

  /// Adds a breakpoint.
  mutating func append(_ height: Double, _ values: TrackValues) {
    let members = kind.memberCount
    if keyboardHeight.isEmpty {
      let capacity = 8
      keyboardHeight.reserveCapacity(capacity)
      overlap.reserveCapacity(capacity)
      first.reserveCapacity(capacity)
      if members > 1 { second.reserveCapacity(capacity) }
      if members > 2 { third.reserveCapacity(capacity) }
      if members > 3 { fourth.reserveCapacity(capacity) }
    }
    keyboardHeight.append(height + 0)
    overlap.append(values.overlap + 0)
    first.append(values.first + 0)
    if members > 1 { second.append(values.second + 0) }
    if members > 2 { third.append(values.third + 0) }
    if members > 3 { fourth.append(values.fourth + 0) }
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
    let members: KeyboardTrack.Members =
      switch kind {
      case .translate: .translate(offsetY: first)
      case .scroll: .scroll(contentOffsetY: first, contentInsetBottom: second)
      case .resize: .resize(bottomInset: first, additionalSafeAreaBottom: second, visibleHeight: third)
      case .chat:
        .chat(
          composerOffsetY: first, keyboardInset: second, contentOffsetY: third, contentInsetBottom: fourth)
      case .invertedChat:
        .invertedChat(
          composerOffsetY: first, keyboardInset: second, contentOffsetY: third, contentInsetTop: fourth)
      case .sheet: .sheet(sheetY: first, sheetHeight: second, contentOffsetY: nil)
      case .sheetWithField: .sheet(sheetY: first, sheetHeight: second, contentOffsetY: third)
      }
    return KeyboardTrack(keyboardHeight: keyboardHeight, overlap: overlap, members: members)
  }
}

extension AvoidRequest: TrackedLayout {
  /// §4.5's target: the field grown by the companions that fit.
  typealias Target = Rect

  func trackTarget(overlap: Double, covered: Bool, thresholds: inout TrackThresholds) -> Rect {
    var target = field
    if let alsoReveal {
      target =
        KeyboardLayout.revealTarget(field: field, alsoReveal: alsoReveal) { union in
          offerThresholds(for: union, to: &thresholds)
          return layout(for: union, overlap: overlap, covered: covered).fits
        }
        .target
    }
    offerThresholds(for: target, to: &thresholds)
    return target
  }

  func trackValues(revealing target: Rect, overlap: Double, covered: Bool) -> TrackValues {
    TrackValues(overlap: overlap, layout(for: target, overlap: overlap, covered: covered).layout)
  }
}

extension CaretFollowRequest: TrackedLayout {
  /// The caret grown to `lineHeight`.
  typealias Target = Rect

  func trackTarget(overlap: Double, covered: Bool, thresholds: inout TrackThresholds) -> Rect {
    let caret = KeyboardLayout.caret(caret, grownTo: lineHeight)
    KeyboardLayout.scrollThresholds(
      target: (caret.minY - margin, caret.maxY + margin), containerHeight: textView.height,
      safeArea: safeArea,
      contentOffset: contentOffset, contentSize: contentSize, contentInset: contentInset, to: &thresholds)
    return caret
  }

  func trackValues(revealing caret: Rect, overlap: Double, covered: Bool) -> TrackValues {
    let result = scroll(revealing: caret, overlap: overlap)
    return TrackValues(overlap: overlap, first: result.contentOffset.y, second: result.contentInset.bottom)
  }
}
