import LayoutCore

/// A track's members as the tests expect them, named as contract §11, §12 and §14 name them: the
/// expectations are written in the contract's words, and compared with what each endpoint names.
extension [NamedNumbers] {
  /// Every member's values, in the track's order.
  var arrays: [[Double]] { map(\.values) }

  /// The names, in the track's order.
  var names: [String] { map(\.name) }

  /// An `/avoid` translate track's members (§11).
  static func translate(offsetY: [Double]) -> Self {
    [NamedNumbers(name: "offsetY", values: offsetY)]
  }

  /// An `/avoid` scroll or `/caret-follow` track's members (§11).
  static func scroll(contentOffsetY: [Double], contentInsetBottom: [Double]) -> Self {
    [
      NamedNumbers(name: "contentOffsetY", values: contentOffsetY),
      NamedNumbers(name: "contentInsetBottom", values: contentInsetBottom),
    ]
  }

  /// An `/avoid` resize track's members (§11).
  static func resize(
    bottomInset: [Double], additionalSafeAreaBottom: [Double], visibleHeight: [Double]
  ) -> Self {
    [
      NamedNumbers(name: "bottomInset", values: bottomInset),
      NamedNumbers(name: "additionalSafeAreaBottom", values: additionalSafeAreaBottom),
      NamedNumbers(name: "visibleHeight", values: visibleHeight),
    ]
  }

  /// A `/chat` track's members (§12).
  static func chat(
    composerOffsetY: [Double], keyboardInset: [Double], contentOffsetY: [Double], contentInsetBottom: [Double]
  ) -> Self {
    [
      NamedNumbers(name: "composerOffsetY", values: composerOffsetY),
      NamedNumbers(name: "keyboardInset", values: keyboardInset),
      NamedNumbers(name: "contentOffsetY", values: contentOffsetY),
      NamedNumbers(name: "contentInsetBottom", values: contentInsetBottom),
    ]
  }

  /// An inverted `/chat` track's members (§12): the inset grows at the list's top.
  static func invertedChat(
    composerOffsetY: [Double], keyboardInset: [Double], contentOffsetY: [Double], contentInsetTop: [Double]
  ) -> Self {
    [
      NamedNumbers(name: "composerOffsetY", values: composerOffsetY),
      NamedNumbers(name: "keyboardInset", values: keyboardInset),
      NamedNumbers(name: "contentOffsetY", values: contentOffsetY),
      NamedNumbers(name: "contentInsetTop", values: contentInsetTop),
    ]
  }

  /// A `/sheet` track's members (§14): `contentOffsetY` only with a field.
  static func sheet(sheetY: [Double], sheetHeight: [Double], contentOffsetY: [Double]?) -> Self {
    [NamedNumbers(name: "sheetY", values: sheetY), NamedNumbers(name: "sheetHeight", values: sheetHeight)]
      + (contentOffsetY.map { [NamedNumbers(name: "contentOffsetY", values: $0)] } ?? [])
  }

  /// The members' names a track of `/avoid` in `mode` carries.
  static func names(of mode: AvoidMode) -> [String] {
    switch mode {
    case .translate: translate(offsetY: []).names
    case .scroll: scroll(contentOffsetY: [], contentInsetBottom: []).names
    case .resize: resize(bottomInset: [], additionalSafeAreaBottom: [], visibleHeight: []).names
    }
  }
}
