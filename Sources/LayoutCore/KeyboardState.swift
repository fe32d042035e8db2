/// Where the keyboard is (SPEC §3).
public enum KeyboardState: String, Codable, Hashable, Sendable, CaseIterable {
  /// No keyboard: `null`, an empty frame, or a frame at or below the screen's bottom.
  case hidden
  /// Not hidden and reaching the screen's bottom (within half a point).
  case docked
  /// Neither: an iPad floating or split keyboard.
  case undocked
}
