import LayoutCore

/// Requests the diagram tests draw: the iPhone 14 screen of the contract's examples.
enum Requests {
  static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
  static let safeArea = Insets(top: 47, bottom: 34)

  static func translate(
    keyboard: KeyboardInput = .height(336), field: Rect = Rect(x: 20, y: 700, width: 350, height: 44)
  ) -> AvoidRequest {
    AvoidRequest(container: screen, field: field, keyboard: keyboard, safeArea: safeArea)
  }

  static func scroll() -> AvoidRequest {
    AvoidRequest(
      container: screen, field: Rect(x: 20, y: 1200, width: 350, height: 44), keyboard: .height(336),
      safeArea: safeArea, mode: .scroll, contentOffset: Point(x: 0, y: 600),
      contentSize: Size(width: 390, height: 2000))
  }

  static func resize() -> AvoidRequest {
    AvoidRequest(
      container: screen, field: Rect(x: 20, y: 400, width: 350, height: 44), keyboard: .height(336),
      safeArea: safeArea, mode: .resize)
  }

  static func caretFollow() -> CaretFollowRequest {
    CaretFollowRequest(
      textView: Rect(x: 0, y: 47, width: 390, height: 797),
      caret: Rect(x: 120, y: 1500, width: 2, height: 20),
      contentOffset: Point(x: 0, y: 1000), contentSize: Size(width: 390, height: 3000),
      safeArea: Insets(bottom: 34), keyboard: .height(336), screen: screen, margin: 8, lineHeight: 24)
  }
}
