/// The keyboard part of every answer (SPEC §3): `{"state", "overlap"}`.
public struct KeyboardAnswer: Codable, Hashable, Sendable {
  /// The classification.
  public var state: KeyboardState
  /// How many points at the bottom of the container the keyboard covers, in `0…container.height`.
  public var overlap: Double

  public init(state: KeyboardState, overlap: Double) {
    self.state = state
    self.overlap = overlap
  }
}
