/// The keyboard along its way in (contract §11): the keyboard at each height `h` in `0…height`,
/// and the heights at which its overlap with the container bends or jumps.
///
/// For `0 < h ≤ height` the keyboard at h is docked with its top at `screen.maxY - h`, so its
/// overlap is 0 up to `reach`, grows point for point up to `full`, stays `container.height` up to
/// `clears`, and is 0 from there on (only a container lying below the keyboard's bottom edge has
/// `clears` within reach). At `h = 0` the keyboard is hidden. A keyboard derived from a web page's
/// numbers (§13) is docked at every `h > 0` whatever its frame's bottom, and H is how far the
/// layout viewport reaches below the visual viewport.
struct KeyboardPath {
  let keyboard: KeyboardInput
  let container: Rect
  let screen: Rect
  let undocked: UndockedPolicy
  /// H: how far the end keyboard reaches above the screen's bottom when it is docked; else 0.
  let height: Double
  /// The end keyboard's frame when it is docked with `height > 0`; else nil.
  let endFrame: Rect?
  /// Whether the keyboard meets the container anywhere along the way: their horizontal ranges
  /// overlap, the container has a height, and the keyboard's bottom edge lies below its top.
  let meets: Bool
  /// The height at which the keyboard's top reaches the container's bottom.
  let reach: Double
  /// The height from which the keyboard covers the whole container.
  let full: Double
  /// The height from which the keyboard's bottom edge lies at or above the container's top.
  let clears: Double

  /// The length under which a stretch of heights is rounding error: 1e-9, the tolerance
  /// contract §11 gives breakpoints, or more where the geometry's doubles are coarser than that
  /// (64 units in the last place of its largest coordinate).
  var tolerance: Double {
    let scale = max(
      height, screen.minY.magnitude, screen.maxY.magnitude, container.minY.magnitude, container.maxY.magnitude
    )
    return max(1e-9, 64 * scale.ulp)
  }

  /// The way in of `context`'s keyboard over `container`, in screen coordinates (contract §15: the
  /// container moved by the window's origin), its heights measured from the screen's bottom.
  init(_ context: KeyboardContext, container: Rect) {
    let screen = context.screen(around: container)
    keyboard = context.keyboard
    self.container = container
    self.screen = screen
    undocked = context.undocked
    reach = screen.maxY - container.maxY
    full = reach + container.height
    let resolved = keyboard.resolved(on: screen)
    guard let frame = resolved.frame, resolved.state == .docked, screen.maxY - frame.minY > 0 else {
      height = 0
      clears = 0
      meets = false
      endFrame = nil
      return
    }
    endFrame = frame
    if case .height(let keyboardHeight) = keyboard {
      // A `keyboardHeight` keyboard ends at the screen's bottom at every height.
      height = keyboardHeight
      clears = screen.maxY > container.minY ? .infinity : 0
    } else {
      height = screen.maxY - frame.minY
      clears = frame.maxY + height - container.minY
    }
    meets =
      frame.maxX > container.minX && frame.minX < container.maxX && container.height > 0 && clears > 0
  }

  /// The keyboard at `h` (contract §11): the end keyboard moved down by `height - h`; for
  /// `keyboardHeight`, the keyboard `keyboardHeight: h` describes.
  func keyboard(at h: Double) -> KeyboardInput {
    switch keyboard {
    case .frame(let frame): .frame(moved(frame, to: h))
    case .height: .height(h)
    case .hidden: .hidden
    case .viewport:
      // §13: docked at every h > 0, whatever the frame's bottom, and hidden at 0; §3's overlap of a
      // frame reads the same docked or undocked under "avoid".
      if let frame = endFrame, h > 0 {
        .frame(moved(frame, to: h))
      } else {
        .hidden
      }
    }
  }

  /// The end keyboard's `frame` moved down by `height - h`.
  func moved(_ frame: Rect, to h: Double) -> Rect {
    Rect(x: frame.x, y: frame.y + (height - h), width: frame.width, height: frame.height)
  }

  /// The contract §3 overlap of the keyboard at `h`, as the core computes it.
  func overlap(at h: Double) -> Double {
    let keyboard = keyboard(at: h)
    if self.keyboard.viewport != nil, case .frame(let frame) = keyboard {
      return ResolvedKeyboard(frame: frame, state: .docked).overlap(with: container, undocked: undocked)
    }
    return KeyboardContext(keyboard: keyboard, screen: screen, undocked: undocked)
      .keyboardAnswer(over: container).overlap
  }

  /// Whether the overlap grows point for point with the height at `h`.
  func ramps(at h: Double) -> Bool {
    meets && reach < h && h < full
  }

  /// The first height after `h` at which the overlap bends or jumps, or `height`.
  func nextKnot(after h: Double) -> Double {
    guard meets else { return height }
    var next = height
    if reach > h && reach < next { next = reach }
    if full > h && full < next { next = full }
    if clears > h && clears < next { next = clears }
    return next
  }

  /// The overlap at `h`, an end of a stretch where it grows point for point, as that stretch
  /// reaches it: exactly 0 at `reach` and `container.height` at `full`, and at `h = 0` (where the
  /// keyboard is hidden) what the keyboard covers as soon as it shows.
  func rampOverlap(at h: Double) -> Double {
    if h == reach { return 0 }
    if h == full { return container.height }
    if h <= 0 { return -reach }
    return overlap(at: h)
  }
}
