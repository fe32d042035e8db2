// contract §11: the answer along the keyboard's way in, exactly.
//
// Every member depends on the keyboard only through its overlap, which is piecewise linear in the
// keyboard's height h (`KeyboardPath`), and every member is piecewise linear in the overlap with
// slopes in {-1, 0, 1}: while the target (§4.5) stays the same, a member bends only where one of
// the comparisons its formula makes turns, and a union stops or starts fitting only where one of
// the comparisons its `fits` makes turns. Each endpoint lists those turning overlaps next to its
// formulas (`AvoidRequest.offerThresholds`, `ScrollView.offerThresholds`,
// `ChatRequest.offerThresholds`, `SheetRequest.offerThresholds`).
//
// The sweep walks up from h = 0. At a probe height inside the stretch still to cover it runs the
// greedy §4.5 rule with the core's own `fits`, collecting the turning heights of every union it
// tries and of the target it keeps; when one of them lies at or below the probe, the layout may
// have changed before the probe, so the probe moves halfway back and tries again; otherwise that
// target holds, and every member runs straight, up to the nearest turning height. The values at
// both ends of a stretch are the core's formulas for that target there. Consecutive stretches
// whose values meet and whose slopes agree merge; where the values differ, the track jumps.

/// A request whose answer a track follows (contract §11): every endpoint's.
protocol TrackedLayout {
  /// What the layout reveals, which may change along the way (§4.5's union for `/avoid`); `Void`
  /// where nothing does.
  associatedtype Target

  /// The target the layout reveals with the keyboard covering `overlap` points (§4.5 for `/avoid`),
  /// offering to `thresholds` the overlaps at which each union it tries may start or stop
  /// fitting and those at which the target's own members may bend.
  func trackTarget(overlap: Double, covered: Bool, thresholds: inout TrackThresholds) -> Target

  /// The members of the layout that reveals `target` with the keyboard covering `overlap` points,
  /// named: the endpoint's track members (contract §11).
  func trackMembers(revealing target: Target, overlap: Double, covered: Bool) -> NumberMembers
}

extension TrackedLayout {
  /// The overlap and the members of the layout that reveals `target`.
  @inline(__always)
  func trackValues(revealing target: Target, overlap: Double, covered: Bool) -> TrackValues {
    TrackValues(overlap: overlap, trackMembers(revealing: target, overlap: overlap, covered: covered))
  }
}

extension KeyboardPath {
  /// The track of `layout` along this path, whose last breakpoint holds `answer`, the answer's own
  /// overlap and members (named as its endpoint names them).
  func track(
    of layout: some TrackedLayout, ending answer: (overlap: Double, members: NumberMembers)
  )
    -> KeyboardTrack
  {
    let answerValues = TrackValues(overlap: answer.overlap, answer.members)
    var builder = TrackBuilder(names: answer.members)
    guard height > 0 else {
      builder.append(0, answerValues)
      return builder.track
    }
    var nothing = TrackThresholds.none
    let hiddenTarget = layout.trackTarget(overlap: 0, covered: false, thresholds: &nothing)
    builder.begin(hidden: layout.trackValues(revealing: hiddenTarget, overlap: 0, covered: false))
    var start = 0.0
    var guess = height
    // Where a sliver began: a stretch shorter than `tolerance` is the rounding of the
    // heights around it, not a stretch, and the next one starts where it did, so that one turn
    // is not sent as breakpoints a rounding error apart (a jump at 0 as one at 3e-14).
    var sliverStart: Double?
    while start < height {
      var next = segment(of: layout, after: start, guess: guess)
      start = next.segment.end
      guess = next.guess
      if next.segment.end - next.segment.start < tolerance && next.segment.end < height {
        if sliverStart == nil { sliverStart = next.segment.start }
        continue
      }
      if let sliverStart { next.segment.start = sliverStart }
      sliverStart = nil
      builder.add(next.segment)
    }
    return builder.finish(at: height, answer: answerValues)
  }

  /// The stretch from `start` up to the nearest height at which the layout may change target or a
  /// member may bend; `guess` is a height no farther than that (the previous probe's next turn).
  ///
  /// Returns the next guess too: the probe's turning height after the stretch's end.
  private func segment(
    of layout: some TrackedLayout, after start: Double, guess: Double
  ) -> (segment: TrackSegment, guess: Double) {
    let bound = nextKnot(after: start)
    var end = min(guess, bound)
    while true {
      var probe = start + (end - start) / 2
      // A stretch too short to hold another double is taken whole, with the layout at its end.
      let collapsed = !(probe > start && probe < end)
      if collapsed { probe = end }
      let overlap = self.overlap(at: probe)
      let covered = overlap > 0
      let ramps = ramps(at: probe)
      var thresholds = TrackThresholds(after: start, before: bound, offset: ramps ? reach : nil)
      let target = layout.trackTarget(overlap: overlap, covered: covered, thresholds: &thresholds)
      if !collapsed && thresholds.first <= probe {
        // Something may turn before the probe: what the probe saw need not hold from `start`.
        end = thresholds.first
        continue
      }
      // A probe whose overlap rounds back to the one at `start` sees the layout at `start`, which
      // may hold there alone: a union can stop fitting just past `start`, at a turning height
      // that rounds to `start` and so is not offered (`after` excludes it). What it saw holds
      // only up to `end`, the nearest height known to turn.
      let flat = ramps && overlap == self.overlap(at: start)
      let stop = collapsed || flat ? end : thresholds.first
      let startValues = layout.trackValues(
        revealing: target, overlap: ramps ? rampOverlap(at: start) : overlap, covered: covered)
      let endValues = layout.trackValues(
        revealing: target, overlap: ramps ? rampOverlap(at: stop) : overlap, covered: covered)
      let segment = TrackSegment(
        start: start, end: stop, startValues: startValues, endValues: endValues,
        slopes: startValues.slopes(to: endValues, over: stop - start))
      let next =
        thresholds.first > stop
        ? thresholds.first : thresholds.second > stop ? thresholds.second : height
      return (segment, next)
    }
  }
}

extension EndpointRequest where Self: TrackedLayout {
  /// contract §11: the track along this request's keyboard, whose last breakpoint holds `answer`,
  /// the answer's own overlap and members.
  func track(ending answer: (overlap: Double, members: NumberMembers)) -> KeyboardTrack {
    KeyboardPath(keyboardContext, container: screenContainer).track(of: self, ending: answer)
  }
}
