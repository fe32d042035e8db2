/// The part of every request that says where the keyboard is (contract §3, §13, §15): the keyboard
/// (`keyboard`, `keyboardHeight` or a web page's `viewport`), the screen it is reported on, the
/// app's window on that screen, and what an undocked keyboard means.
public struct KeyboardContext: Hashable, Sendable {
  /// Where the keyboard is: `keyboard` (a frame or `null`), `keyboardHeight` or `viewport`.
  public var keyboard: KeyboardInput
  /// The screen bounds; nil means the container (contract §3). Required with `window`.
  public var screen: Rect?
  /// The app window's frame on the screen (contract §15); nil for an app that fills it, whose
  /// container is in screen coordinates.
  public var window: Rect?
  /// What an undocked keyboard does: `ignore` (the default) treats it as hidden, `avoid` as
  /// docked.
  public var undocked: UndockedPolicy

  /// The keyboard `keyboard` on `screen`, seen from `window`, under the `undocked` policy.
  public init(
    keyboard: KeyboardInput, screen: Rect? = nil, window: Rect? = nil,
    undocked: UndockedPolicy = .defaultPolicy
  ) {
    self.keyboard = keyboard
    self.screen = screen
    self.window = window
    self.undocked = undocked
  }

  /// contract §15: `container`, sent in window coordinates with `window`, in screen coordinates:
  /// moved by the window's origin. Without `window`, `container` as it is.
  @inline(__always)
  package func onScreen(_ container: Rect) -> Rect {
    guard let window else { return container }
    return container.offset(by: window.origin)
  }

  /// contract §3: the screen the keyboard is reported on, for `container` in screen coordinates:
  /// the layout viewport for a web page's numbers (§13), else `screen`, which defaults to
  /// `container`.
  package func screen(around container: Rect) -> Rect {
    if case .viewport(let viewport) = keyboard { return viewport.layoutRect }
    return screen ?? container
  }

  /// contract §3: the keyboard part of an answer over `container`, in screen coordinates.
  @inline(__always)
  package func keyboardAnswer(over container: Rect) -> KeyboardAnswer {
    if case .viewport = keyboard {
      return keyboard.resolved(on: screen(around: container)).answer(over: container, undocked: undocked)
    }
    // Tested by the case alone, never binding a web page's numbers: the other inputs are small.
    let screen = screen ?? container
    let frame = keyboard.frame(on: screen)
    return ResolvedKeyboard(frame: frame, state: KeyboardState(frame, on: screen))
      .answer(over: container, undocked: undocked)
  }
}

extension KeyboardContext: ValidatingDecodable {
  /// Reads the members of contract §3, §13 and §15 from a request's object: `keyboardHeight`,
  /// `keyboard` (a frame or `null`), `window`, `viewport`, `screen` and `undocked`.
  ///
  /// Each is read and validated first, in that order, so that a broken one is reported before the
  /// rules across them: both `keyboard` and `keyboardHeight` is `bothKeyboardAndHeight` at
  /// `keyboard`; then `viewport` with any of `keyboard`, `keyboardHeight`, `screen` or `window` is
  /// `conflictingMembers` at `viewport`; then none of the keyboard's three is `noKeyboard` at
  /// `keyboard`; then `window` without `screen` is `missingMember` at `screen`.
  /// `"keyboard": null` is a hidden keyboard and counts as present; `null` for `keyboardHeight`,
  /// `screen`, `window` or `viewport` is absent.
  @inlinable
  public init(validating container: some LayoutDecodingContainer) throws {
    let height = try container.validNumberIfPresent("keyboardHeight", nonNegative: true)
    let frame = try container.rectIfPresent("keyboard")
    window = try container.objectIfPresent("window").map { try Self.window(validating: $0) }
    undocked = .defaultPolicy
    if let page = try container.objectIfPresent("viewport") {
      let viewport = try WebViewport(validating: page)
      let screenSent = try container.rectIfPresent("screen")
      let keyboardSent = frame != nil || container.contains("keyboard")
      if keyboardSent, height != nil {
        throw LayoutValidationError.bothKeyboardAndHeight(at: container.path("keyboard"))
      }
      let other: StaticString? =
        keyboardSent
        ? "keyboard"
        : height != nil ? "keyboardHeight" : screenSent != nil ? "screen" : window != nil ? "window" : nil
      if let other {
        throw LayoutValidationError.conflictingMembers(
          at: container.path("viewport"),
          detail:
            "Send either `viewport` or `\(other)`, not both: `viewport` describes the keyboard and the screen."
        )
      }
      keyboard = .viewport(viewport)
      screen = nil
    } else {
      screen = try container.rectIfPresent("screen")
      if let frame {
        keyboard = .frame(frame)
      } else if container.contains("keyboard") {
        keyboard = .hidden
      } else {
        guard let height else { throw LayoutValidationError.noKeyboard(at: container.path("keyboard")) }
        keyboard = .height(height)
      }
      if height != nil, frame != nil || container.contains("keyboard") {
        throw LayoutValidationError.bothKeyboardAndHeight(at: container.path("keyboard"))
      }
      if window != nil, screen == nil {
        throw LayoutValidationError.missingMember(
          at: container.path("screen"),
          detail: "`screen` is required with `window`: the keyboard is placed on the screen, not the window.")
      }
    }
    undocked = try container.contractNameIfPresent("undocked") ?? .defaultPolicy
  }

  /// Reads `window` (contract §15): a rect whose every member is required, `null` or absent each
  /// `missingMember` at its pointer; `x` and `y` of any sign, the size ≥ 0.
  @inlinable
  static func window(validating container: some LayoutDecodingContainer) throws -> Rect {
    Rect(
      x: try container.requiredNumber("x"), y: try container.requiredNumber("y"),
      width: try container.requiredNumber("width", nonNegative: true),
      height: try container.requiredNumber("height", nonNegative: true))
  }

  /// Encodes the members this context was read from, into a request's `container`: the keyboard
  /// as `keyboard` (a frame or `null`), `keyboardHeight` or `viewport`; `screen` and `window` when
  /// set; `undocked`.
  func encode(into container: inout KeyedEncodingContainer<LayoutCodingKey>) throws {
    switch keyboard {
    case .frame(let frame): try container.encode(frame, forKey: "keyboard")
    case .hidden: try container.encodeNil(forKey: "keyboard")
    case .height(let height): try container.encode(height, forKey: "keyboardHeight")
    case .viewport(let page): try container.encode(page, forKey: "viewport")
    }
    try container.encodeIfPresent(screen, forKey: "screen")
    try container.encodeIfPresent(window, forKey: "window")
    try container.encode(undocked, forKey: "undocked")
  }
}
