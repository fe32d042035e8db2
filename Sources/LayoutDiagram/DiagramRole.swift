/// What a shape of a diagram stands for; decides how it is drawn.
enum DiagramRole: String, Sendable {
  /// The screen the keyboard frame is reported in.
  case screen
  /// The container or text view.
  case container
  /// A band of the container's safe area.
  case safeArea = "safe-area"
  /// The part of the container left after `resize`.
  case visible
  /// The part of the container given up to the keyboard by `resize`.
  case givenUp = "given-up"
  /// The focused field.
  case field
  /// The field where it was before the answer, drawn as a ghost.
  case ghost
  /// The caret, grown to its line height.
  case caret
  /// The keyboard when it is an obstruction.
  case keyboard
  /// An undocked keyboard the request ignores.
  case ignoredKeyboard = "ignored-keyboard"
  /// The line `keyboardTop` (a rectangle of zero height).
  case keyboardTop = "keyboard-top"
}
