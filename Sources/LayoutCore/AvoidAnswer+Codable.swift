extension AvoidAnswer: Codable {
  enum CodingKeys: String, CodingKey {
    case mode, keyboard, offset, contentOffset, contentInset, scrollIndicatorInsets, bottomInset
    case additionalSafeAreaInsets, visible, fits, animation
  }

  /// Decodes the flat SPEC §4.4 object; `mode` picks which members are read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let mode = try container.decode(AvoidMode.self, forKey: .mode)
    keyboard = try container.decode(KeyboardAnswer.self, forKey: .keyboard)
    switch mode {
    case .translate:
      layout = .translate(offset: try container.decode(Point.self, forKey: .offset))
    case .scroll:
      layout = .scroll(
        contentOffset: try container.decode(Point.self, forKey: .contentOffset),
        contentInset: try container.decode(Insets.self, forKey: .contentInset),
        scrollIndicatorInsets: try container.decode(Insets.self, forKey: .scrollIndicatorInsets))
    case .resize:
      layout = .resize(
        bottomInset: try container.decode(Double.self, forKey: .bottomInset),
        additionalSafeAreaInsets: try container.decode(Insets.self, forKey: .additionalSafeAreaInsets),
        visible: try container.decode(Rect.self, forKey: .visible))
    }
    fits = try container.decode(Bool.self, forKey: .fits)
    animation = try container.decodeIfPresent(AnimationAnswer.self, forKey: .animation)
  }

  /// Encodes `mode`, `keyboard`, the mode's members, `fits` and, when present, `animation`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(mode, forKey: .mode)
    try container.encode(keyboard, forKey: .keyboard)
    switch layout {
    case .translate(let offset):
      try container.encode(offset, forKey: .offset)
    case .scroll(let contentOffset, let contentInset, let scrollIndicatorInsets):
      try container.encode(contentOffset, forKey: .contentOffset)
      try container.encode(contentInset, forKey: .contentInset)
      try container.encode(scrollIndicatorInsets, forKey: .scrollIndicatorInsets)
    case .resize(let bottomInset, let additionalSafeAreaInsets, let visible):
      try container.encode(bottomInset, forKey: .bottomInset)
      try container.encode(additionalSafeAreaInsets, forKey: .additionalSafeAreaInsets)
      try container.encode(visible, forKey: .visible)
    }
    try container.encode(fits, forKey: .fits)
    try container.encodeIfPresent(animation, forKey: .animation)
  }
}
