/// How an app avoids the keyboard (SPEC §4, request member `mode`).
public enum AvoidMode: String, Codable, Hashable, Sendable, CaseIterable {
  /// Shift the whole container up (§4.1).
  case translate
  /// Let a scroll view make room (§4.2).
  case scroll
  /// Give up the container's bottom (§4.3).
  case resize
}
