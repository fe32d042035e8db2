extension DiagramRole {
  /// The colour of shapes that show something that does not fit.
  static let warningColor = "#e5484d"

  /// The presentation attributes of a shape with this role.
  func style(warns: Bool) -> [(String, String)] {
    switch self {
    case .screen: [("fill", "#ffffff"), ("stroke", "#c3c9d4")]
    case .container: [("fill", "#eef2f8"), ("stroke", "#8a94a6")]
    case .safeArea: [("fill", "#f5c542"), ("fill-opacity", "0.3")]
    case .visible: [("fill", "none"), ("stroke", "#2e9e5b"), ("stroke-width", "2")]
    case .givenUp: [("fill", "#8a94a6"), ("fill-opacity", "0.25")]
    case .field, .caret:
      [
        ("fill", warns ? Self.warningColor : "#2f80ed"), ("fill-opacity", "0.35"),
        ("stroke", warns ? Self.warningColor : "#2f80ed"), ("stroke-width", "1.5"),
      ]
    case .ghost:
      [("fill", "none"), ("stroke", "#2f80ed"), ("stroke-dasharray", "4 3"), ("stroke-opacity", "0.8")]
    case .keyboard: [("fill", "#3b4252"), ("fill-opacity", "0.85")]
    case .ignoredKeyboard:
      [("fill", "#3b4252"), ("fill-opacity", "0.25"), ("stroke", "#3b4252"), ("stroke-dasharray", "4 3")]
    case .keyboardTop: [("stroke", Self.warningColor), ("stroke-dasharray", "6 4"), ("stroke-width", "1.5")]
    }
  }

  /// Whether a label of this role is written on the keyboard, in white.
  var labelIsInside: Bool {
    self == .keyboard || self == .keyboardTop
  }
}
