import LayoutCore

/// Contract §13 as its text words it, written apart from the core's own: what the viewport tests
/// and the track checks compare the core with.
enum ViewportReference {
  /// `clamp(x, lo, hi)`.
  static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(max(x, lo), hi) }

  /// `l` and `t`: the visual viewport's origin in layout coordinates, rubber bands read as the edge.
  static func origin(_ viewport: WebViewport) -> (l: Double, t: Double) {
    let v = viewport.visual
    return (
      clamp(v.offsetLeft, 0, max(0, viewport.layout.width - v.width)),
      clamp(v.offsetTop, 0, max(0, viewport.layout.height - v.height))
    )
  }

  /// `k` for `resizes-visual` and `resizes-content`: `max(0, s * (R * w / L - h))`, 0 when `L = 0`.
  static func k(_ viewport: WebViewport) -> Double {
    let layoutWidth = viewport.layout.width
    if layoutWidth == 0 { return 0 }
    let restingHeight = viewport.restingHeight ?? viewport.layout.height
    let v = viewport.visual
    return max(0, v.scale * (restingHeight * v.width / layoutWidth - v.height))
  }

  /// The keyboard the numbers describe: its frame and whether it is docked; nil when there is none
  /// (hidden).
  static func keyboard(_ viewport: WebViewport) -> (frame: Rect, docked: Bool, undocked: Bool)? {
    let layout = Rect(x: 0, y: 0, width: viewport.layout.width, height: viewport.layout.height)
    switch viewport.interactiveWidget {
    case .overlaysContent:
      guard let rect = viewport.keyboardRect else { return nil }
      if rect.width == 0 || rect.height == 0 || rect.minY >= layout.maxY { return nil }
      let docked = rect.maxY >= layout.maxY - 0.5
      return (rect, docked, !docked)
    case .resizesVisual, .resizesContent:
      let k = k(viewport)
      let w = viewport.visual.width
      if k == 0 || k < viewport.threshold || w == 0 { return nil }
      let (l, t) = origin(viewport)
      let b = t + viewport.visual.height
      return (Rect(x: l, y: b, width: w, height: k / viewport.visual.scale), true, false)
    }
  }

  /// The answer member `viewport` under policy `undocked`.
  static func answer(_ viewport: WebViewport, undocked: UndockedPolicy = .ignore) -> ViewportAnswer {
    let (l, t) = origin(viewport)
    let h = viewport.visual.height
    let s = viewport.visual.scale
    let keyboard = keyboard(viewport)
    var k = 0.0
    var v = h
    if let keyboard {
      switch viewport.interactiveWidget {
      case .overlaysContent:
        if keyboard.docked { k = keyboard.frame.height * s }
        if keyboard.docked || (keyboard.undocked && undocked == .avoid) {
          v = clamp(keyboard.frame.y - t, 0, h)
        }
      case .resizesVisual, .resizesContent:
        k = self.k(viewport)
      }
    }
    let layoutHeight = viewport.layout.height
    return ViewportAnswer(
      keyboardHeight: k, visible: Rect(x: l, y: t, width: viewport.visual.width, height: v),
      fixedTop: FixedTransform(x: l, y: t, scale: 1 / s),
      fixedBottom: FixedTransform(x: l, y: t + v - layoutHeight, scale: 1 / s))
  }
}
