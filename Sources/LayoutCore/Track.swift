// contract §11: the answer along the keyboard's way in, exactly.
//
// Every member depends on the keyboard only through its overlap, which is piecewise linear in the
// keyboard's height h (`KeyboardPath`), and every member is piecewise linear in the overlap with
// slopes in {-1, 0, 1}: while the target (§4.5) stays the same, a member bends only where one of
// the comparisons its formula makes turns, and a union stops or starts fitting only where one of
// the comparisons its `fits` makes turns. Each mode lists those turning overlaps next to its
// formulas (`translateThresholds`, `scrollThresholds`, `resizeThresholds`).
//
// The sweep walks up from h = 0. At a probe height inside the stretch still to cover it runs the
// greedy §4.5 rule with the core's own `fits`, collecting the turning heights of every union it
// tries and of the target it keeps; when one of them lies at or below the probe, the layout may
// have changed before the probe, so the probe moves halfway back and tries again; otherwise that
// target holds, and every member runs straight, up to the nearest turning height. The values at
// both ends of a stretch are the core's formulas for that target there. Consecutive stretches
// whose values meet and whose slopes agree merge; where the values differ, the track jumps.

/// A request whose answer a track follows (contract §11): `/avoid` in each mode and
/// `/caret-follow`.
protocol TrackedLayout {
  /// The target the layout reveals with the keyboard covering `overlap` points (§4.5 for `/avoid`),
  /// offering to `thresholds` the overlaps at which each union it tries may start or stop
  /// fitting and those at which the target's own members may bend.
  func trackTarget(overlap: Double, covered: Bool, thresholds: inout TrackThresholds) -> Rect

  /// The members of the layout that reveals `target` with the keyboard covering `overlap` points.
  func trackValues(revealing target: Rect, overlap: Double, covered: Bool) -> TrackValues
}

extension KeyboardLayout {
  /// The `/avoid` answer to `request` with its track; out of line, so that answers without one
  /// pay nothing for it.
  @inline(never)
  static func tracked(_ request: AvoidRequest) -> AvoidAnswer {
    var plain = request
    plain.track = false
    var answer = avoid(plain)
    answer.track = track(of: request, answer: answer)
    return answer
  }

  /// The `/caret-follow` answer to `request` with its track.
  @inline(never)
  static func tracked(_ request: CaretFollowRequest) -> CaretFollowAnswer {
    var plain = request
    plain.track = false
    var answer = caretFollow(plain)
    answer.track = track(of: request, answer: answer)
    return answer
  }

  /// contract §11: the track of `answer`, the `/avoid` answer to `request`.
  static func track(of request: AvoidRequest, answer: AvoidAnswer) -> KeyboardTrack {
    let path = KeyboardPath(
      request.keyboard, container: request.container, screen: request.screen, undocked: request.undocked)
    return track(
      of: request, along: path, mode: request.mode,
      ending: TrackValues(overlap: answer.keyboard.overlap, answer.layout))
  }

  /// contract §11: the track of `answer`, the `/caret-follow` answer to `request`.
  static func track(of request: CaretFollowRequest, answer: CaretFollowAnswer) -> KeyboardTrack {
    let path = KeyboardPath(
      request.keyboard, container: request.textView, screen: request.screen, undocked: request.undocked)
    let values = TrackValues(
      overlap: answer.keyboard.overlap, first: answer.contentOffset.y, second: answer.contentInset.bottom)
    return track(of: request, along: path, mode: .scroll, ending: values)
  }

  /// The track of `layout` along `path`, whose last breakpoint holds `answer`, the answer's own
  /// values.
  static func track(
    of layout: some TrackedLayout, along path: KeyboardPath, mode: AvoidMode, ending answer: TrackValues
  ) -> KeyboardTrack {
    var builder = TrackBuilder(mode: mode)
    guard path.height > 0 else {
      builder.append(0, answer)
      return builder.track
    }
    var nothing = TrackThresholds.none
    let hiddenTarget = layout.trackTarget(overlap: 0, covered: false, thresholds: &nothing)
    builder.begin(hidden: layout.trackValues(revealing: hiddenTarget, overlap: 0, covered: false))
    var start = 0.0
    var guess = path.height
    while start < path.height {
      let next = segment(of: layout, along: path, after: start, guess: guess)
      builder.add(next.segment)
      start = next.segment.end
      guess = next.guess
    }
    return builder.finish(at: path.height, answer: answer)
  }

  /// The stretch from `start` up to the nearest height at which the layout may change target or a
  /// member may bend; `guess` is a height no farther than that (the previous probe's next turn).
  ///
  /// Returns the next guess too: the probe's turning height after the stretch's end.
  private static func segment(
    of layout: some TrackedLayout, along path: KeyboardPath, after start: Double, guess: Double
  ) -> (segment: TrackSegment, guess: Double) {
    let bound = path.nextKnot(after: start)
    var end = min(guess, bound)
    while true {
      var probe = start + (end - start) / 2
      // A stretch too short to hold another double is taken whole, with the layout at its end.
      let collapsed = !(probe > start && probe < end)
      if collapsed { probe = end }
      let overlap = path.overlap(at: probe)
      let covered = overlap > 0
      let ramps = path.ramps(at: probe)
      var thresholds = TrackThresholds(after: start, before: bound, offset: ramps ? path.reach : nil)
      let target = layout.trackTarget(overlap: overlap, covered: covered, thresholds: &thresholds)
      if !collapsed && thresholds.first <= probe {
        // Something may turn before the probe: what the probe saw need not hold from `start`.
        end = thresholds.first
        continue
      }
      let stop = collapsed ? end : thresholds.first
      let startValues = layout.trackValues(
        revealing: target, overlap: ramps ? path.rampOverlap(at: start) : overlap, covered: covered)
      let endValues = layout.trackValues(
        revealing: target, overlap: ramps ? path.rampOverlap(at: stop) : overlap, covered: covered)
      let segment = TrackSegment(
        start: start, end: stop, startValues: startValues, endValues: endValues,
        slopes: startValues.slopes(to: endValues, over: stop - start))
      let next =
        thresholds.first > stop
        ? thresholds.first : thresholds.second > stop ? thresholds.second : path.height
      return (segment, next)
    }
  }
}

/// The keyboard along its way in (contract §11): the keyboard at each height `h` in `0…height`,
/// and the heights at which its overlap with the container bends or jumps.
///
/// For `0 < h ≤ height` the keyboard at h is docked with its top at `screen.maxY - h`, so its
/// overlap is 0 up to `reach`, grows point for point up to `full`, stays `container.height` up to
/// `clears`, and is 0 from there on (only a container lying below the keyboard's bottom edge has
/// `clears` within reach). At `h = 0` the keyboard is hidden.
struct KeyboardPath {
  let keyboard: KeyboardInput
  let container: Rect
  let screen: Rect
  let undocked: UndockedPolicy
  /// H: how far the end keyboard reaches above the screen's bottom when it is docked; else 0.
  let height: Double
  /// Whether the keyboard meets the container anywhere along the way: their horizontal ranges
  /// overlap, the container has a height, and the keyboard's bottom edge lies below its top.
  let meets: Bool
  /// The height at which the keyboard's top reaches the container's bottom.
  let reach: Double
  /// The height from which the keyboard covers the whole container.
  let full: Double
  /// The height from which the keyboard's bottom edge lies at or above the container's top.
  let clears: Double

  init(_ keyboard: KeyboardInput, container: Rect, screen: Rect?, undocked: UndockedPolicy) {
    let screen = screen ?? container
    self.keyboard = keyboard
    self.container = container
    self.screen = screen
    self.undocked = undocked
    reach = screen.maxY - container.maxY
    full = reach + container.height
    guard let frame = KeyboardLayout.keyboardFrame(keyboard, screen: screen),
      KeyboardLayout.keyboardState(keyboard: frame, screen: screen) == .docked
    else {
      height = 0
      clears = 0
      meets = false
      return
    }
    if case .height(let keyboardHeight) = keyboard {
      // A `keyboardHeight` keyboard ends at the screen's bottom at every height.
      height = keyboardHeight
      clears = screen.maxY > container.minY ? .infinity : 0
    } else {
      height = screen.maxY - frame.minY
      clears = frame.maxY + height - container.minY
    }
    meets =
      frame.maxX > container.minX && frame.minX < container.maxX && container.height > 0 && clears > 0
  }

  /// The keyboard at `h` (contract §11): the end keyboard moved down by `height - h`; for
  /// `keyboardHeight`, the keyboard `keyboardHeight: h` describes.
  func keyboard(at h: Double) -> KeyboardInput {
    switch keyboard {
    case .frame(let frame):
      .frame(Rect(x: frame.x, y: frame.y + (height - h), width: frame.width, height: frame.height))
    case .height: .height(h)
    case .hidden: .hidden
    }
  }

  /// The contract §3 overlap of the keyboard at `h`, as the core computes it.
  func overlap(at h: Double) -> Double {
    KeyboardLayout.keyboard(keyboard(at: h), container: container, screen: screen, undocked: undocked).overlap
  }

  /// Whether the overlap grows point for point with the height at `h`.
  func ramps(at h: Double) -> Bool {
    meets && reach < h && h < full
  }

  /// The first height after `h` at which the overlap bends or jumps, or `height`.
  func nextKnot(after h: Double) -> Double {
    guard meets else { return height }
    var next = height
    if reach > h && reach < next { next = reach }
    if full > h && full < next { next = full }
    if clears > h && clears < next { next = clears }
    return next
  }

  /// The overlap at `h`, an end of a stretch where it grows point for point, as that stretch
  /// reaches it: exactly 0 at `reach` and `container.height` at `full`, and at `h = 0` (where the
  /// keyboard is hidden) what the keyboard covers as soon as it shows.
  func rampOverlap(at h: Double) -> Double {
    if h == reach { return 0 }
    if h == full { return container.height }
    if h <= 0 { return -reach }
    return overlap(at: h)
  }
}

/// What a track records at one keyboard height (contract §11): the overlap and up to three of the
/// mode's members, in the contract's order; the ones a mode lacks are 0.
struct TrackValues: Equatable {
  var overlap: Double
  var first: Double
  var second: Double
  var third: Double

  init(overlap: Double, first: Double, second: Double = 0, third: Double = 0) {
    self.overlap = overlap
    self.first = first
    self.second = second
    self.third = third
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
      && close(third, other.third)
  }

  /// Each value's slope from `self` to `end`, `run` points of keyboard height later: -1, 0 or 1,
  /// the only slopes a member has.
  func slopes(to end: TrackValues, over run: Double) -> TrackValues {
    func slope(_ rise: Double) -> Double {
      rise == 0 ? 0 : min(1, max(-1, (rise / run).rounded()))
    }
    return TrackValues(
      overlap: slope(end.overlap - overlap), first: slope(end.first - first),
      second: slope(end.second - second),
      third: slope(end.third - third))
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
  let mode: AvoidMode
  private var keyboardHeight: [Double] = []
  private var overlap: [Double] = []
  private var first: [Double] = []
  private var second: [Double] = []
  private var third: [Double] = []
  /// The values at `h = 0`, the hidden keyboard's.
  private var hidden: TrackValues?
  private var previous: TrackSegment?

  init(mode: AvoidMode) {
    self.mode = mode
  }

  /// Adds a breakpoint.
  mutating func append(_ height: Double, _ values: TrackValues) {
    if keyboardHeight.isEmpty {
      let capacity = 8
      keyboardHeight.reserveCapacity(capacity)
      overlap.reserveCapacity(capacity)
      first.reserveCapacity(capacity)
      if mode != .translate { second.reserveCapacity(capacity) }
      if mode == .resize { third.reserveCapacity(capacity) }
    }
    keyboardHeight.append(height + 0)
    overlap.append(values.overlap + 0)
    first.append(values.first + 0)
    if mode != .translate { second.append(values.second + 0) }
    if mode == .resize { third.append(values.third + 0) }
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
      switch mode {
      case .translate: .translate(offsetY: first)
      case .scroll: .scroll(contentOffsetY: first, contentInsetBottom: second)
      case .resize: .resize(bottomInset: first, additionalSafeAreaBottom: second, visibleHeight: third)
      }
    return KeyboardTrack(keyboardHeight: keyboardHeight, overlap: overlap, members: members)
  }
}

extension AvoidRequest: TrackedLayout {
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
