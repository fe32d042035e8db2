/// A known misreport that a windowed request's numbers look like (contract §15, an element of the
/// answer member `warnings`).
public enum WindowWarning: ContractName {
  /// The keyboard lies past the screen's side or top edge, where no keyboard goes.
  case keyboardBeyondScreen
  /// A docked keyboard moved by minus the window's or the container's origin: a frame in window or
  /// view coordinates.
  case keyboardInWindowCoordinates
  /// A full-width undocked keyboard that ends at the window's bottom: Slide Over's missing strip.
  case keyboardEndsAtWindowBottom
  /// The window's own frame sent as `screen`: a `keyboardHeight` is then measured up from the
  /// window's bottom.
  case screenIsWindow
  /// The window is larger than `screen`: another screen's bounds, or other units.
  case windowLargerThanScreen

  /// The case as the contract spells it.
  public var contractName: StaticString {
    switch self {
    case .keyboardBeyondScreen: "keyboard-beyond-screen"
    case .keyboardInWindowCoordinates: "keyboard-in-window-coordinates"
    case .keyboardEndsAtWindowBottom: "keyboard-ends-at-window-bottom"
    case .screenIsWindow: "screen-is-window"
    case .windowLargerThanScreen: "window-larger-than-screen"
    }
  }
}

/// The warnings a windowed request earns (contract §15, answer member `warnings`): the rules it
/// matches, in the table's order, each at most once.
///
/// Stored as one bit per rule: an answer holds them without a heap allocation.
public struct WindowWarnings: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  /// Bit `i` set for `WindowWarning.allCases[i]`.
  private var bits: UInt8 = 0

  /// No warning.
  public init() {}

  /// The listed warnings, in the table's order whatever the list's.
  public init(arrayLiteral elements: WindowWarning...) {
    for warning in elements { insert(warning) }
  }

  /// Adds `warning`.
  public mutating func insert(_ warning: WindowWarning) {
    bits |= 1 << UInt8(Self.index(of: warning))
  }

  /// Whether `warning` is among them.
  public func contains(_ warning: WindowWarning) -> Bool {
    bits & (1 << UInt8(Self.index(of: warning))) != 0
  }

  /// The first warning's position: 0.
  public var startIndex: Int { 0 }
  /// One past the last warning's position: how many there are.
  public var endIndex: Int { bits.nonzeroBitCount }

  /// The warning at `position`, in the table's order.
  public subscript(position: Int) -> WindowWarning {
    precondition(position >= 0 && position < count, "index out of range")
    var rest = bits
    for _ in 0..<position { rest &= rest - 1 }
    return WindowWarning.allCases[rest.trailingZeroBitCount]
  }

  private static func index(of warning: WindowWarning) -> Int {
    WindowWarning.allCases.firstIndex(of: warning)!
  }
}

extension WindowWarnings: AnswerArray {
  /// The warnings `elements` names; a repeated one counts once.
  public init(answerElements elements: [WindowWarning]) {
    for warning in elements { insert(warning) }
  }
}

extension WindowWarnings {
  /// contract §15: the rules `context` (which names a window) matches for `container`, the
  /// container moved into screen coordinates; nil when none does.
  ///
  /// Every comparison allows half a point, as §3's docked test does. The keyboard rules read the
  /// keyboard §3 reads (a `keyboardHeight`'s frame too) and need one of positive width and height.
  package init?(_ context: KeyboardContext, container: Rect) {
    guard let window = context.window, let screen = context.screen else { return nil }
    self.init()
    if let keyboard = context.keyboard.frame(on: screen), keyboard.width > 0, keyboard.height > 0 {
      if keyboard.minX < screen.minX - 0.5 || keyboard.maxX > screen.maxX + 0.5
        || keyboard.minY < screen.minY - 0.5
      {
        insert(.keyboardBeyondScreen)
      }
      if KeyboardState(keyboard, on: screen) == .undocked, abs(keyboard.width - screen.width) <= 0.5 {
        /// Whether the keyboard moved back by `origin` starts at the screen's left edge and ends at
        /// its bottom: where a docked one lies.
        func isDocked(movedBackBy origin: Point) -> Bool {
          abs(keyboard.x + origin.x - screen.x) <= 0.5 && abs(keyboard.maxY + origin.y - screen.maxY) <= 0.5
        }
        if isDocked(movedBackBy: window.origin) || isDocked(movedBackBy: container.origin) {
          insert(.keyboardInWindowCoordinates)
        }
        if abs(keyboard.maxY - window.maxY) <= 0.5 { insert(.keyboardEndsAtWindowBottom) }
      }
    }
    let isAtOrigin = { (rect: Rect) in abs(rect.x) <= 0.5 && abs(rect.y) <= 0.5 }
    if abs(window.width - screen.width) <= 0.5, abs(window.height - screen.height) <= 0.5,
      !isAtOrigin(window) || !isAtOrigin(screen)
    {
      insert(.screenIsWindow)
    }
    if window.width > screen.width + 0.5 || window.height > screen.height + 0.5 {
      insert(.windowLargerThanScreen)
    }
    if isEmpty { return nil }
  }
}
