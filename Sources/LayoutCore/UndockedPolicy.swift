/// What an undocked keyboard means for the layout (SPEC §3, request member `undocked`).
public enum UndockedPolicy: String, Codable, Hashable, Sendable, CaseIterable {
  /// Treat it like a hidden keyboard, as `UIKeyboardLayoutGuide` does by default.
  case ignore
  /// Treat it as an obstruction, like a docked keyboard.
  case avoid
}
