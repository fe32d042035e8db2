import LayoutCore

extension KeyboardInput {
  /// The keyboard's frame in screen coordinates, or nil when the request says it is hidden.
  ///
  /// `keyboardHeight` is the full-width keyboard docked at the bottom of `screen` (SPEC §3).
  func frame(on screen: Rect) -> Rect? {
    switch self {
    case .frame(let frame): frame
    case .hidden: nil
    case .height(let height):
      Rect(x: screen.x, y: screen.maxY - height, width: screen.width, height: height)
    }
  }
}
