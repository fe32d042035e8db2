import LayoutCore
import LayoutTesting

/// A random but realistic screen, keyboard and field, on a quarter-point grid so that the
/// arithmetic is exact.
struct Scenario {
  var screen: Rect
  var container: Rect
  var safeArea: Insets
  var keyboard: KeyboardInput
  var undocked: UndockedPolicy
  var field: Rect
  var margin: Double
  var contentOffset: Point
  var contentSize: Size
  var contentInset: Insets

  /// Portrait and landscape phones and tablets: size, safe-area top and bottom.
  static let devices: [(width: Double, height: Double, top: Double, bottom: Double)] = [
    (390, 844, 47, 34), (430, 932, 59, 34), (375, 667, 20, 0), (320, 568, 20, 0), (844, 390, 0, 21),
    (820, 1180, 24, 20), (1024, 1366, 24, 20), (744, 1133, 24, 20), (1180, 820, 24, 20),
  ]

  func avoidRequest(mode: AvoidMode) -> AvoidRequest {
    AvoidRequest(
      container: container, field: field, keyboard: keyboard, screen: screen, undocked: undocked,
      safeArea: safeArea,
      margin: margin, mode: mode, contentOffset: contentOffset, contentSize: contentSize,
      contentInset: contentInset)
  }

  func caretFollowRequest(lineHeight: Double) -> CaretFollowRequest {
    CaretFollowRequest(
      textView: container, caret: Rect(x: field.x, y: field.y, width: 2, height: min(field.height, 30)),
      contentOffset: contentOffset, contentSize: contentSize, contentInset: contentInset, safeArea: safeArea,
      keyboard: keyboard, screen: screen, undocked: undocked, margin: margin, lineHeight: lineHeight)
  }

  static func random(using rng: inout SplitMix64) -> Scenario {
    let device = devices.randomElement(using: &rng)!
    let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
    // Mostly full screen; sometimes a sheet or a form inset from the screen's edges.
    var container = screen
    var safeArea = Insets(top: device.top, left: 0, bottom: device.bottom, right: 0)
    if Bool.random(using: &rng) {
      let top = grid(0...200, &rng)
      let bottomGap = grid(0...150, &rng)
      container = Rect(x: 0, y: top, width: screen.width, height: screen.height - top - bottomGap)
      safeArea = Insets(top: 0, left: 0, bottom: bottomGap > 0 ? 0 : device.bottom, right: 0)
    }
    let fieldHeight = Bool.random(using: &rng) ? grid(20...60, &rng) : grid(60...700, &rng)
    let field = Rect(
      x: grid(0...40, &rng), y: grid(0...max(0, container.height), &rng), width: grid(40...300, &rng),
      height: fieldHeight)
    let contentHeight = grid(0...4000, &rng)
    return Scenario(
      screen: screen, container: container, safeArea: safeArea, keyboard: keyboard(on: screen, &rng),
      undocked: Bool.random(using: &rng) ? .ignore : .avoid, field: field, margin: grid(0...20, &rng),
      contentOffset: Point(x: 0, y: grid(-100...contentHeight, &rng)),
      contentSize: Size(width: screen.width, height: contentHeight),
      contentInset: Insets(top: grid(-20...40, &rng), left: 0, bottom: grid(-20...40, &rng), right: 0))
  }

  /// Docked, floating, hidden (three ways), accessory-bar-only and height-only keyboards.
  static func keyboard(on screen: Rect, _ rng: inout SplitMix64) -> KeyboardInput {
    let height = grid(200...450, &rng)
    switch Int.random(in: 0..<7, using: &rng) {
    case 0: return .frame(Rect(x: 0, y: screen.maxY - height, width: screen.width, height: height))
    case 1: return .height(height)
    case 2: return .height(grid(44...72, &rng))
    case 3:
      let y = grid(0...(screen.maxY - 300), &rng)
      return .frame(
        Rect(x: grid(0...(screen.width - 320), &rng), y: y, width: 320, height: grid(200...299, &rng)))
    case 4: return .hidden
    case 5: return .frame(Rect(x: 0, y: screen.maxY, width: screen.width, height: height))
    default: return .frame(Rect(x: 0, y: screen.maxY - height, width: screen.width, height: 0))
    }
  }

  /// A random multiple of 0.25 in `range`.
  static func grid(_ range: ClosedRange<Double>, _ rng: inout SplitMix64) -> Double {
    let steps = Int(((range.upperBound - range.lowerBound) * 4).rounded(.down))
    return range.lowerBound + Double(Int.random(in: 0...steps, using: &rng)) / 4
  }
}
