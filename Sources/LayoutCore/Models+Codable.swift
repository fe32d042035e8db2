extension KeyboardInput {
  /// Writes the member this input was read from: `keyboard` (a frame or `null`), `keyboardHeight`
  /// or `viewport`.
  func encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, keyboard: Key, keyboardHeight: Key, viewport: Key
  ) throws {
    switch self {
    case .frame(let frame): try container.encode(frame, forKey: keyboard)
    case .hidden: try container.encodeNil(forKey: keyboard)
    case .height(let height): try container.encode(height, forKey: keyboardHeight)
    case .viewport(let page): try container.encode(page, forKey: viewport)
    }
  }
}

extension KeyboardAnimation: Codable {
  enum CodingKeys: String, CodingKey {
    case duration, curve, frameRate, platform
  }

  /// Decodes `{"duration", "curve", "frameRate", "platform"}` as `init(validating:)` reads it.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads `{"duration", "curve", "platform", "frameRate"}`, in that order, with the defaults filled
  /// in: `duration` ≥ 0, `curve` an integer 0…15 (`7.0` reads as 7), `platform` absent, `"ios"` or
  /// `"android"` (contract §6.1; `duration` and `curve` are checked on Android too), `frameRate`
  /// absent or an integer 1…240 that asks for at most 2,401 frames of the platform's motion
  /// (contract §6; type and range are checked first).
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    duration = try container.validNumberIfPresent("duration", nonNegative: true) ?? Self.defaultDuration
    if let curve = try container.validNumberIfPresent("curve") {
      guard curve.rounded() == curve, curve >= Double(Self.curves.lowerBound),
        curve <= Double(Self.curves.upperBound)
      else {
        throw LayoutValidationError.badCurve(curve, at: container.path("curve"))
      }
      self.curve = Int(curve)
    } else {
      curve = Self.defaultCurve
    }
    platform = try container.contractNameIfPresent("platform")
    frameRate = try container.frameRateIfPresent(
      for: KeyboardAnimation(duration: duration, curve: curve, platform: platform).motion)
  }

  /// Encodes `{"duration", "curve"}`, and `frameRate` and `platform` when present.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(duration, forKey: .duration)
    try container.encode(curve, forKey: .curve)
    try container.encodeIfPresent(frameRate, forKey: .frameRate)
    try container.encodeIfPresent(platform, forKey: .platform)
  }
}

extension AnimationAnswer: Decodable, AnswerObject {
  enum CodingKeys: String, CodingKey {
    case platform, duration, curve, options, motionDuration, easing, frames, timingFunction
  }

  /// Decodes the contract §6 object (§6.1 on Android: without the UIKit members); `frames` keeps
  /// the values it holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    platform = try container.decodeIfPresent(AnimationPlatform.self, forKey: .platform)
    duration = try container.decodeIfPresent(Double.self, forKey: .duration)
    curve = try container.decodeIfPresent(Int.self, forKey: .curve)
    options = try container.decodeIfPresent(Int.self, forKey: .options)
    motionDuration = try container.decode(Double.self, forKey: .motionDuration)
    easing = try container.decode(String.self, forKey: .easing)
    frames = try container.decodeIfPresent([Double].self, forKey: .frames).map(MotionFrames.init)
    timingFunction = try container.decodeIfPresent(String.self, forKey: .timingFunction)
  }

  /// Writes every member present, in the contract's order: `platform` first when the request sent
  /// one, the UIKit members unless on Android, `frames` only with a frame rate.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    writer.member("platform", platform)
    writer.member("duration", duration)
    writer.member("curve", curve)
    writer.member("options", options)
    writer.member("motionDuration", motionDuration)
    writer.member("easing", easing)
    writer.member("frames", numbers: frames)
    writer.member("timingFunction", timingFunction)
  }
}

extension AvoidRequest: Codable {
  enum CodingKeys: String, CodingKey {
    case container, field, keyboard, keyboardHeight, viewport, screen, undocked, safeArea, margin, mode
    case contentOffset, contentSize, contentInset, animation
    case alsoReveal, track
  }

  /// Decodes and validates a request as `init(validating:)` reads it.
  ///
  /// Throws `LayoutValidationError` for contract violations and the decoder's `DecodingError`
  /// for missing members and wrong types; `LayoutValidationError.init(_:)` maps the latter.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads and validates a request as contract §2–§4 and §7 define it, filling in the defaults.
  ///
  /// An absent or `null` optional member takes its default; unknown members are ignored.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    self.container = try Rect(validating: container.object("container"))
    field = try Rect(validating: container.object("field"))
    (keyboard, screen) = try container.keyboardAndScreen()
    undocked = try container.undockedPolicy()
    safeArea = try container.nonNegativeInsetsIfPresent("safeArea") ?? .zero
    margin = try container.validNumberIfPresent("margin", nonNegative: true) ?? Self.defaultMargin
    mode = try container.contractNameIfPresent("mode") ?? Self.defaultMode
    contentOffset = try container.objectIfPresent("contentOffset").map { try Point(validating: $0) }
    contentSize = try container.objectIfPresent("contentSize").map { try Size(validating: $0) }
    contentInset = try container.insetsIfPresent("contentInset") ?? .zero
    animation = try container.objectIfPresent("animation").map { try KeyboardAnimation(validating: $0) }
    alsoReveal = try container.alsoRevealIfPresent()
    track = try container.boolIfPresent("track") ?? false
    if mode == .scroll {
      if contentOffset == nil {
        throw LayoutValidationError.missingMember(at: container.path("contentOffset"))
      }
      if contentSize == nil {
        throw LayoutValidationError.missingMember(at: container.path("contentSize"))
      }
    }
  }

  /// Encodes every member, defaults included; the keyboard as the member it was read from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.container, forKey: .container)
    try container.encode(field, forKey: .field)
    try keyboard.encode(
      to: &container, keyboard: .keyboard, keyboardHeight: .keyboardHeight, viewport: .viewport)
    try container.encodeIfPresent(screen, forKey: .screen)
    try container.encode(undocked, forKey: .undocked)
    try container.encode(safeArea, forKey: .safeArea)
    try container.encode(margin, forKey: .margin)
    try container.encode(mode, forKey: .mode)
    try container.encodeIfPresent(contentOffset, forKey: .contentOffset)
    try container.encodeIfPresent(contentSize, forKey: .contentSize)
    try container.encode(contentInset, forKey: .contentInset)
    try container.encodeIfPresent(animation, forKey: .animation)
    try container.encodeIfPresent(alsoReveal, forKey: .alsoReveal)
    try container.encode(track, forKey: .track)
  }
}

extension AlsoReveal: Encodable {
  /// Encodes the rects as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for rect in self { try container.encode(rect) }
  }
}

extension AlsoRevealed: Codable {
  /// Decodes an array of at most `AlsoReveal.capacity` booleans.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      guard count < AlsoReveal.capacity else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "alsoRevealed holds at most \(AlsoReveal.capacity) values")
      }
      append(try container.decode(Bool.self))
    }
  }

  /// Encodes the booleans as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for value in self { try container.encode(value) }
  }
}

extension AvoidAnswer: Decodable, AnswerObject {
  enum CodingKeys: String, CodingKey {
    case mode, keyboard, offset, contentOffset, contentInset, scrollIndicatorInsets, bottomInset
    case additionalSafeAreaInsets, visible, fits, animation
    case alsoRevealed, track, viewport
  }

  /// Decodes the flat contract §4.4 object; `mode` picks which members are read.
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
    alsoRevealed = try container.decodeIfPresent(AlsoRevealed.self, forKey: .alsoRevealed)
    track = try container.decodeIfPresent(KeyboardTrack.self, forKey: .track)
    viewport = try container.decodeIfPresent(ViewportAnswer.self, forKey: .viewport)
    if let track, track.members.mode != mode {
      throw DecodingError.dataCorruptedError(
        forKey: .track, in: container,
        debugDescription:
          "a \(mode) answer's track carries \(track.members.mode.map(\.rawValue) ?? "a chat")'s members")
    }
  }

  /// Writes `mode`, `keyboard`, the mode's members, `fits` and, when present, `animation`,
  /// `alsoRevealed`, `track` and `viewport`.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    writer.member("mode", mode)
    writer.member("keyboard", keyboard)
    switch layout {
    case .translate(let offset):
      writer.member("offset", offset)
    case .scroll(let contentOffset, let contentInset, let scrollIndicatorInsets):
      writer.member("contentOffset", contentOffset)
      writer.member("contentInset", contentInset)
      writer.member("scrollIndicatorInsets", scrollIndicatorInsets)
    case .resize(let bottomInset, let additionalSafeAreaInsets, let visible):
      writer.member("bottomInset", bottomInset)
      writer.member("additionalSafeAreaInsets", additionalSafeAreaInsets)
      writer.member("visible", visible)
    }
    writer.member("fits", fits)
    writer.member("animation", animation)
    writer.member("alsoRevealed", booleans: alsoRevealed)
    writer.member("track", track)
    writer.member("viewport", viewport)
  }
}

extension CaretFollowRequest: Codable {
  enum CodingKeys: String, CodingKey {
    case textView, caret, contentOffset, contentSize, contentInset, safeArea, keyboard, keyboardHeight,
      viewport
    case screen, undocked, margin, lineHeight, track
  }

  /// Decodes and validates a request as `init(validating:)` reads it.
  ///
  /// Throws as `AvoidRequest.init(from:)` does.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Reads and validates a request as contract §2, §3, §5 and §7 define it, filling in the
  /// defaults.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    textView = try Rect(validating: container.object("textView"))
    caret = try Rect(validating: container.object("caret"))
    contentOffset = try Point(validating: container.object("contentOffset"))
    contentSize = try Size(validating: container.object("contentSize"))
    contentInset = try container.insetsIfPresent("contentInset") ?? .zero
    safeArea = try container.nonNegativeInsetsIfPresent("safeArea") ?? .zero
    (keyboard, screen) = try container.keyboardAndScreen()
    undocked = try container.undockedPolicy()
    margin = try container.validNumberIfPresent("margin", nonNegative: true) ?? Self.defaultMargin
    lineHeight = try container.validNumberIfPresent("lineHeight", nonNegative: true) ?? Self.defaultLineHeight
    track = try container.boolIfPresent("track") ?? false
  }

  /// Encodes every member, defaults included; the keyboard as the member it was read from.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(textView, forKey: .textView)
    try container.encode(caret, forKey: .caret)
    try container.encode(contentOffset, forKey: .contentOffset)
    try container.encode(contentSize, forKey: .contentSize)
    try container.encode(contentInset, forKey: .contentInset)
    try container.encode(safeArea, forKey: .safeArea)
    try keyboard.encode(
      to: &container, keyboard: .keyboard, keyboardHeight: .keyboardHeight, viewport: .viewport)
    try container.encodeIfPresent(screen, forKey: .screen)
    try container.encode(undocked, forKey: .undocked)
    try container.encode(margin, forKey: .margin)
    try container.encode(lineHeight, forKey: .lineHeight)
    try container.encode(track, forKey: .track)
  }
}

extension CaretFollowAnswer: Decodable, AnswerObject {
  enum CodingKeys: String, CodingKey {
    case keyboard, contentOffset, contentInset, scrollIndicatorInsets, changed, caretVisible, track, viewport
  }

  /// Decodes the contract §5 object; `track`, when present, must carry `scroll`'s members.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      keyboard: try container.decode(KeyboardAnswer.self, forKey: .keyboard),
      contentOffset: try container.decode(Point.self, forKey: .contentOffset),
      contentInset: try container.decode(Insets.self, forKey: .contentInset),
      scrollIndicatorInsets: try container.decode(Insets.self, forKey: .scrollIndicatorInsets),
      changed: try container.decode(Bool.self, forKey: .changed),
      caretVisible: try container.decode(Bool.self, forKey: .caretVisible),
      track: try container.decodeIfPresent(KeyboardTrack.self, forKey: .track),
      viewport: try container.decodeIfPresent(ViewportAnswer.self, forKey: .viewport))
    if let track, track.members.mode != .scroll {
      throw DecodingError.dataCorruptedError(
        forKey: .track, in: container,
        debugDescription: "a caret-follow answer's track carries scroll's members")
    }
  }

  /// Writes every member; `track` and `viewport` only when present.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    writer.member("keyboard", keyboard)
    writer.member("contentOffset", contentOffset)
    writer.member("contentInset", contentInset)
    writer.member("scrollIndicatorInsets", scrollIndicatorInsets)
    writer.member("changed", changed)
    writer.member("caretVisible", caretVisible)
    writer.member("track", track)
    writer.member("viewport", viewport)
  }
}
