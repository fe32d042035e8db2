extension KeyboardLayout {
  /// SPEC §3: the frame a keyboard input stands for in screen coordinates; nil when hidden.
  ///
  /// `keyboardHeight` h is `{screen.x, screen.maxY - h, screen.width, h}`.
  public static func keyboardFrame(_ keyboard: KeyboardInput, screen: Rect) -> Rect? {
    switch keyboard {
    case .frame(let frame): frame
    case .hidden: nil
    case .height(let height):
      Rect(x: screen.x, y: screen.maxY - height, width: screen.width, height: height)
    }
  }

  /// SPEC §3: the keyboard's classification.
  ///
  /// Hidden when nil, empty, or at or below the screen's bottom; docked when it reaches within
  /// half a point of the screen's bottom; undocked otherwise.
  public static func keyboardState(keyboard: Rect?, screen: Rect) -> KeyboardState {
    guard let keyboard, keyboard.width > 0, keyboard.height > 0, keyboard.minY < screen.maxY else {
      return .hidden
    }
    return keyboard.maxY >= screen.maxY - 0.5 ? .docked : .undocked
  }

  /// SPEC §3: how many points at the bottom of `container` the keyboard covers, in
  /// `0…container.height`.
  ///
  /// 0 when hidden, when undocked under `ignore`, or when the rects do not intersect.
  public static func overlap(
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

  /// SPEC §3: the keyboard part of an answer for a keyboard input over `container`.
  ///
  /// `screen` defaults to `container`.
  public static func keyboard(
    _ keyboard: KeyboardInput, container: Rect, screen: Rect?, undocked: UndockedPolicy
  ) -> KeyboardAnswer {
    let screen = screen ?? container
    let frame = keyboardFrame(keyboard, screen: screen)
    let state = keyboardState(keyboard: frame, screen: screen)
    return KeyboardAnswer(
      state: state, overlap: overlap(keyboard: frame, state: state, container: container, undocked: undocked))
  }
}
