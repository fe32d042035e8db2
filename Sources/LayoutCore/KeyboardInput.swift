/// The keyboard as a request describes it (SPEC §3): member `keyboard` or `keyboardHeight`.
public enum KeyboardInput: Hashable, Sendable {
  /// `keyboard`: the keyboard's end frame in screen coordinates.
  case frame(Rect)
  /// `"keyboard": null`: the keyboard is hidden.
  case hidden
  /// `keyboardHeight`: a full-width keyboard docked at the bottom of the screen, this tall.
  case height(Double)
}
