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
public struct KeyboardAnswer: AnswerObject, Hashable, Sendable {
  /// `hidden`, `docked` or `undocked`.
  public var state: KeyboardState
  /// How many points at the bottom of the container the keyboard covers, in `0…container.height`.
  public var overlap: Double

  /// The keyboard part of an answer with this `state` and `overlap`.
  public init(state: KeyboardState, overlap: Double) {
    self.state = state
    self.overlap = overlap
  }

  /// A hidden keyboard that covers nothing.
  public init() {
    self.init(state: .hidden, overlap: 0)
  }

  /// `{"state", "overlap"}`.
  @inlinable
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    members.member("state", &state)
    members.member("overlap", &overlap)
  }
}

extension KeyboardInput {
  /// contract §3: the frame this input stands for on `screen`; nil when hidden.
  ///
  /// `keyboardHeight` h is `{screen.x, screen.maxY - h, screen.width, h}`; a web page's numbers
  /// give §13's derived frame.
  package func frame(on screen: Rect) -> Rect? {
    switch self {
    case .frame(let frame): frame
    case .hidden: nil
    case .height(let height):
      Rect(x: screen.x, y: screen.maxY - height, width: screen.width, height: height)
    case .viewport(let viewport): viewport.derivedKeyboard.frame
    }
  }

  /// contract §3 and §13: the frame this input stands for on `screen`, and its classification.
  @inline(__always)
  package func resolved(on screen: Rect) -> ResolvedKeyboard {
    if case .viewport(let viewport) = self {
      let derived = viewport.derivedKeyboard
      return ResolvedKeyboard(frame: derived.frame, state: derived.state)
    }
    let frame = frame(on: screen)
    return ResolvedKeyboard(frame: frame, state: KeyboardState(frame, on: screen))
  }
}

extension KeyboardState {
  /// contract §3: the classification of a keyboard `frame` on `screen`.
  ///
  /// Hidden when nil, empty, or at or below the screen's bottom; docked when it reaches within
  /// half a point of the screen's bottom; undocked otherwise.
  package init(_ frame: Rect?, on screen: Rect) {
    guard let frame, frame.width > 0, frame.height > 0, frame.minY < screen.maxY else {
      self = .hidden
      return
    }
    self = frame.maxY >= screen.maxY - 0.5 ? .docked : .undocked
  }
}

/// A keyboard as §3 reads it: its frame (nil when hidden) and its state.
package struct ResolvedKeyboard {
  /// The frame in screen coordinates; nil when hidden.
  package var frame: Rect?
  /// `hidden`, `docked` or `undocked`.
  package var state: KeyboardState

  /// contract §3: how many points at the bottom of `container` the keyboard covers, in
  /// `0…container.height`.
  ///
  /// 0 when hidden, when undocked under `ignore`, or when the rects do not intersect.
  package func overlap(with container: Rect, undocked: UndockedPolicy) -> Double {
    guard let frame, state == .docked || (state == .undocked && undocked == .avoid) else { return 0 }
    if frame.maxX <= container.minX || frame.minX >= container.maxX
      || frame.maxY <= container.minY || frame.minY >= container.maxY
    {
      return 0
    }
    return min(max(container.maxY - frame.minY, 0), container.height).normalized
  }

  /// contract §3: the keyboard part of an answer over `container`.
  package func answer(over container: Rect, undocked: UndockedPolicy) -> KeyboardAnswer {
    KeyboardAnswer(state: state, overlap: overlap(with: container, undocked: undocked))
  }
}
