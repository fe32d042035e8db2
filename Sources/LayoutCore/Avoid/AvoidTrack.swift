// contract §11 applied to §4: the `/avoid` answer along the keyboard's way in.
//
// The target (§4.5's union of the field and the companions that fit) may change along the way, so
// each probe of the sweep runs the greedy rule again, offering the overlaps at which each union it
// tries could start or stop fitting; every member is then the mode's formula for that target.

extension AvoidAnswer.Layout {
  /// The members a track of this mode carries besides `keyboardHeight` and `overlap` (contract
  /// §11), with this layout's values: translate `offsetY`; scroll `contentOffsetY` and
  /// `contentInsetBottom` (`scrollIndicatorInsets` equal `contentInset`); resize `bottomInset`,
  /// `additionalSafeAreaBottom` and `visibleHeight`.
  var trackMembers: NumberMembers {
    switch self {
    case .translate(let offset):
      NumberMembers("offsetY", offset.y)
    case .scroll(let contentOffset, let contentInset, _):
      NumberMembers("contentOffsetY", contentOffset.y, "contentInsetBottom", contentInset.bottom)
    case .resize(let bottomInset, let additionalSafeAreaInsets, let visible):
      NumberMembers(
        "bottomInset", bottomInset, "additionalSafeAreaBottom", additionalSafeAreaInsets.bottom,
        "visibleHeight", visible.height)
    }
  }
}

extension AvoidRequest: TrackedLayout {
  /// §4.5's target: the field grown by the companions that fit.
  typealias Target = Rect

  /// contract §11: the track of `answer`, this request's answer, with its mode's members.
  package func track(of answer: AvoidAnswer) -> KeyboardTrack {
    track(ending: (answer.keyboard.overlap, answer.layout.trackMembers))
  }

  func trackTarget(overlap: Double, covered: Bool, thresholds: inout TrackThresholds) -> Rect {
    var target = field
    if let alsoReveal {
      target =
        alsoReveal.grow(field) { union in
          offerThresholds(for: union, to: &thresholds)
          return layout(for: union, overlap: overlap, covered: covered).fits
        }
        .target
    }
    offerThresholds(for: target, to: &thresholds)
    return target
  }

  func trackMembers(revealing target: Rect, overlap: Double, covered: Bool) -> NumberMembers {
    layout(for: target, overlap: overlap, covered: covered).layout.trackMembers
  }
}

extension AvoidAnswer {
  /// A track carries its mode's members (contract §11).
  public func checkRead() throws {
    try track?.check(carries: [layout.trackMembers.nameList])
  }
}
