import LayoutCore

/// Every number an answer holds, for checks that hold for all of them.
enum AnswerNumbers {
  static func of(_ answer: AvoidAnswer) -> [Double] {
    var numbers = [answer.keyboard.overlap]
    switch answer.layout {
    case .translate(let offset):
      numbers += [offset.x, offset.y]
    case .scroll(let contentOffset, let contentInset, let indicators):
      numbers += [contentOffset.x, contentOffset.y] + of(contentInset) + of(indicators)
    case .resize(let bottomInset, let additional, let visible):
      numbers += [bottomInset, visible.x, visible.y, visible.width, visible.height] + of(additional)
    }
    if let animation = answer.animation { numbers.append(animation.duration) }
    return numbers
  }

  static func of(_ answer: CaretFollowAnswer) -> [Double] {
    [answer.keyboard.overlap, answer.contentOffset.x, answer.contentOffset.y] + of(answer.contentInset)
      + of(answer.scrollIndicatorInsets)
  }

  static func of(_ insets: Insets) -> [Double] {
    [insets.top, insets.left, insets.bottom, insets.right]
  }

  /// Finite and not `-0`.
  static func isClean(_ value: Double) -> Bool {
    value.isFinite && !(value == 0 && value.sign == .minus)
  }
}
