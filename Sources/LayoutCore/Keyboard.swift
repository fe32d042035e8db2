/// The keyboard as a request describes it (contract §3, §13): member `keyboard`, `keyboardHeight` or
/// `viewport`.
public enum KeyboardInput: Hashable, Sendable {
  /// `keyboard`: the keyboard's end frame in screen coordinates.
  case frame(Rect)
  /// `"keyboard": null`: the keyboard is hidden.
  case hidden
  /// `keyboardHeight`: a full-width keyboard docked at the bottom of the screen, this tall.
  case height(Double)
  /// `viewport`: a web page's numbers, from which the keyboard is derived (contract §13).
  case viewport(WebViewport)

  /// The page's numbers when the keyboard is derived from them; nil otherwise.
  public var viewport: WebViewport? {
    if case .viewport(let viewport) = self { return viewport }
    return nil
  }

  /// Whether the keyboard is derived from a web page's numbers (contract §13).
  @inline(__always)
  var isWebPage: Bool {
    switch self {
    case .viewport: true
    case .frame, .hidden, .height: false
    }
  }
}

/// Where the keyboard is (contract §3).
public enum KeyboardState: ContractName {
  /// No keyboard: `null`, an empty frame, or a frame at or below the screen's bottom.
  case hidden
  /// Not hidden and reaching the screen's bottom (within half a point).
  case docked
  /// Neither: an iPad floating or split keyboard.
  case undocked

  /// The case as the contract spells it.
  public var contractName: StaticString {
    switch self {
    case .hidden: "hidden"
    case .docked: "docked"
    case .undocked: "undocked"
    }
  }
}

/// What an undocked keyboard means for the layout (contract §3, request member `undocked`).
public enum UndockedPolicy: ContractName {
  /// Treat it like a hidden keyboard, as `UIKeyboardLayoutGuide` does by default.
  case ignore
  /// Treat it as an obstruction, like a docked keyboard.
  case avoid

  /// The case as the contract spells it.
  public var contractName: StaticString {
    switch self {
    case .ignore: "ignore"
    case .avoid: "avoid"
    }
  }

  /// The policy when the request has none: `ignore`.
  @inlinable
  public static var defaultPolicy: UndockedPolicy { .ignore }
}

/// The keyboard part of every answer (contract §3): `{"state", "overlap"}`.
public struct KeyboardAnswer: Decodable, AnswerObject, Hashable, Sendable {
  /// `hidden`, `docked` or `undocked`.
  public var state: KeyboardState
  /// How many points at the bottom of the container the keyboard covers, in `0…container.height`.
  public var overlap: Double

  /// The keyboard part of an answer with this `state` and `overlap`.
  public init(state: KeyboardState, overlap: Double) {
    self.state = state
    self.overlap = overlap
  }

  /// Writes `{"state", "overlap"}`.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    writer.member("state", state)
    writer.member("overlap", overlap)
  }
}

/// The contract's computations, one function per contract section.
///
/// `avoid(_:)` and `caretFollow(_:)` compose them into whole answers.
package enum KeyboardLayout {}

extension KeyboardLayout {
  /// contract §3: the screen a keyboard input is reported in: the layout viewport for a web page's
  /// numbers (§13), else `screen`, which defaults to `container`.
  package static func screen(for keyboard: KeyboardInput, screen: Rect?, container: Rect) -> Rect {
    if case .viewport(let viewport) = keyboard { return viewport.layoutRect }
    return screen ?? container
  }

  /// contract §3: the frame a keyboard input stands for in screen coordinates; nil when hidden.
  ///
  /// `keyboardHeight` h is `{screen.x, screen.maxY - h, screen.width, h}`; a web page's numbers
  /// give §13's derived frame.
  package static func keyboardFrame(_ keyboard: KeyboardInput, screen: Rect) -> Rect? {
    switch keyboard {
    case .frame(let frame): frame
    case .hidden: nil
    case .height(let height):
      Rect(x: screen.x, y: screen.maxY - height, width: screen.width, height: height)
    case .viewport(let viewport): viewportKeyboard(viewport).frame
    }
  }

  /// contract §3 and §13: the frame a keyboard input stands for and its classification.
  @inline(__always)
  static func resolvedKeyboard(
    _ keyboard: KeyboardInput, screen: Rect
  ) -> (frame: Rect?, state: KeyboardState) {
    if case .viewport(let viewport) = keyboard {
      let derived = viewportKeyboard(viewport)
      return (derived.frame, derived.state)
    }
    let frame = keyboardFrame(keyboard, screen: screen)
    return (frame, keyboardState(keyboard: frame, screen: screen))
  }

  /// contract §3: the keyboard's classification.
  ///
  /// Hidden when nil, empty, or at or below the screen's bottom; docked when it reaches within
  /// half a point of the screen's bottom; undocked otherwise.
  static func keyboardState(keyboard: Rect?, screen: Rect) -> KeyboardState {
    guard let keyboard, keyboard.width > 0, keyboard.height > 0, keyboard.minY < screen.maxY else {
      return .hidden
    }
    return keyboard.maxY >= screen.maxY - 0.5 ? .docked : .undocked
  }

  /// contract §3: how many points at the bottom of `container` the keyboard covers, in
  /// `0…container.height`.
  ///
  /// 0 when hidden, when undocked under `ignore`, or when the rects do not intersect.
  static func overlap(
    keyboard: Rect?, state: KeyboardState, container: Rect, undocked: UndockedPolicy
  ) -> Double {
    guard let keyboard, state == .docked || (state == .undocked && undocked == .avoid) else { return 0 }
    if keyboard.maxX <= container.minX || keyboard.minX >= container.maxX
      || keyboard.maxY <= container.minY || keyboard.minY >= container.maxY
    {
      return 0
    }
    return min(max(container.maxY - keyboard.minY, 0), container.height).normalized
  }

  /// contract §3: the keyboard part of an answer for a keyboard input over `container`.
  ///
  /// `screen` defaults to `container`; a web page's numbers bring their own (§13).
  static func keyboard(
    _ keyboard: KeyboardInput, container: Rect, screen: Rect?, undocked: UndockedPolicy
  ) -> KeyboardAnswer {
    let resolved: (frame: Rect?, state: KeyboardState)
    if case .viewport = keyboard {
      resolved = resolvedKeyboard(
        keyboard, screen: self.screen(for: keyboard, screen: screen, container: container))
    } else {
      // Tested by the case alone, never binding a web page's numbers: the other inputs are small.
      let screen = screen ?? container
      let frame = keyboardFrame(keyboard, screen: screen)
      resolved = (frame, keyboardState(keyboard: frame, screen: screen))
    }
    return KeyboardAnswer(
      state: resolved.state,
      overlap: overlap(
        keyboard: resolved.frame, state: resolved.state, container: container, undocked: undocked))
  }

}
