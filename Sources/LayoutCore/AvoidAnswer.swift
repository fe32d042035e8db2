/// The answer of `POST /avoid` (SPEC §4.4).
public struct AvoidAnswer: Hashable, Sendable {
  public var keyboard: KeyboardAnswer
  /// What the app applies; its case is the answer's `mode`.
  public var layout: Layout
  /// Whether the field (with its margin) is fully visible after the layout.
  public var fits: Bool
  /// The echoed animation; nil when the request had none.
  public var animation: AnimationAnswer?

  public init(keyboard: KeyboardAnswer, layout: Layout, fits: Bool, animation: AnimationAnswer? = nil) {
    self.keyboard = keyboard
    self.layout = layout
    self.fits = fits
    self.animation = animation
  }

  /// The mode the answer is for.
  public var mode: AvoidMode { layout.mode }
}
