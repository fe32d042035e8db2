/// What the on-screen keyboard shrinks on a web page: the viewport meta tag's `interactive-widget`
/// (contract §13, request member `viewport.interactiveWidget`).
public enum InteractiveWidget: ContractName {
  /// Only the visual viewport (every browser's default).
  case resizesVisual
  /// The layout viewport too.
  case resizesContent
  /// Neither: the keyboard's rect comes from the VirtualKeyboard API.
  case overlaysContent

  /// The case as the contract spells it.
  public var contractName: StaticString {
    switch self {
    case .resizesVisual: "resizes-visual"
    case .resizesContent: "resizes-content"
    case .overlaysContent: "overlays-content"
    }
  }
}

/// `window.visualViewport` as a page read it (contract §13, `viewport.visual`), in CSS pixels.
public struct VisualViewport: Hashable, Sendable {
  /// How far the visible part lies right of the layout viewport's left edge.
  public var offsetLeft: Double
  /// How far the visible part lies below the layout viewport's top (negative in a rubber band).
  public var offsetTop: Double
  /// The visible width, ≥ 0.
  public var width: Double
  /// The visible height, ≥ 0: what the keyboard (and the browser's bars) leave.
  public var height: Double
  /// The pinch-zoom factor, in `[0.01, 100]`.
  public var scale: Double

  /// The visual viewport with these numbers.
  public init(offsetLeft: Double, offsetTop: Double, width: Double, height: Double, scale: Double) {
    self.offsetLeft = offsetLeft
    self.offsetTop = offsetTop
    self.width = width
    self.height = height
    self.scale = scale
  }

  /// The scales a page may report: `0.01…100`.
  public static let scales = 0.01...100.0
}

/// The numbers a web page can read, sent instead of the keyboard's frame (contract §13, request
/// member `viewport`): the keyboard is derived from them.
public struct WebViewport: Hashable, Sendable {
  /// The layout viewport: the box `position: fixed` elements are placed in.
  public var layout: Size
  /// The visual viewport: the part of the page on screen.
  public var visual: VisualViewport
  /// What the keyboard shrinks.
  public var interactiveWidget: InteractiveWidget
  /// `resizes-content` only: the layout viewport's height before the keyboard came; nil for
  /// `layout.height`.
  public var restingHeight: Double?
  /// `overlays-content` only: `navigator.virtualKeyboard.boundingRect`; nil for no keyboard.
  public var keyboardRect: Rect?
  /// A keyboard shorter than this is the browser's own bars, not a keyboard, ≥ 0.
  public var threshold: Double

  /// A page's numbers, with contract §13's defaults for what it left out.
  public init(
    layout: Size, visual: VisualViewport, interactiveWidget: InteractiveWidget = .resizesVisual,
    restingHeight: Double? = nil, keyboardRect: Rect? = nil, threshold: Double = WebViewport.defaultThreshold
  ) {
    self.layout = layout
    self.visual = visual
    self.interactiveWidget = interactiveWidget
    self.restingHeight = restingHeight
    self.keyboardRect = keyboardRect
    self.threshold = threshold
  }

  /// The threshold when the request has none: 150 CSS pixels.
  public static let defaultThreshold = 150.0

  /// The layout viewport as a rect at the origin: the screen of contract §3 for this page.
  public var layoutRect: Rect { Rect(x: 0, y: 0, width: layout.width, height: layout.height) }
}

/// Where an element fixed at one edge of the layout viewport belongs (contract §13): CSS
/// `translate(xpx, ypx) scale(scale)`, which puts it at that edge of the visible band at the size
/// it has without zoom.
public struct FixedTransform: Hashable, Sendable {
  /// The horizontal translation, in CSS pixels.
  public var x: Double
  /// The vertical translation, in CSS pixels.
  public var y: Double
  /// `1 / visual.scale`: undoes the zoom.
  public var scale: Double

  /// The transform `translate(x, y) scale(scale)`.
  public init(x: Double, y: Double, scale: Double) {
    self.x = x
    self.y = y
    self.scale = scale
  }
}

/// The answer member `viewport` (contract §13): the keyboard's height, the band of the page on
/// screen above it, and where the page's fixed bars belong.
public struct ViewportAnswer: Hashable, Sendable {
  /// The keyboard's height on screen, in CSS pixels of the page at scale 1; 0 when hidden.
  public var keyboardHeight: Double
  /// The part of the page on screen and not under the keyboard, in layout-viewport coordinates.
  public var visible: Rect
  /// For an element fixed at `top: 0; left: 0`, with `transform-origin: left top`.
  public var fixedTop: FixedTransform
  /// For an element fixed at `bottom: 0; left: 0`, with `transform-origin: left bottom`.
  public var fixedBottom: FixedTransform

  /// The member with these values.
  public init(keyboardHeight: Double, visible: Rect, fixedTop: FixedTransform, fixedBottom: FixedTransform) {
    self.keyboardHeight = keyboardHeight
    self.visible = visible
    self.fixedTop = fixedTop
    self.fixedBottom = fixedBottom
  }
}

/// The keyboard a web page's numbers describe (contract §13).
package struct DerivedKeyboard {
  /// Its frame in layout-viewport coordinates; nil when there is none.
  package var frame: Rect?
  /// `hidden`, `docked` or (`overlays-content` only) `undocked`.
  package var state: KeyboardState
  /// `k`, its height on screen in CSS pixels of the page at scale 1; 0 when hidden.
  package var k: Double
}

extension WebViewport {
  /// contract §13: the visual viewport's left and top edges in layout coordinates, a rubber band
  /// past an edge read as that edge.
  var visibleOrigin: (l: Double, t: Double) {
    let l = min(max(visual.offsetLeft, 0), max(0, layout.width - visual.width))
    let t = min(max(visual.offsetTop, 0), max(0, layout.height - visual.height))
    return (l, t)
  }

  /// contract §13: the keyboard these numbers describe.
  ///
  /// With `resizes-visual` and `resizes-content` the keyboard starts at the visual viewport's bottom
  /// and is `k` screen pixels tall, docked unless `k` is 0, under `threshold`, or the visual
  /// viewport has no width; that state replaces §3's test of the rect. With `overlays-content` it is
  /// `keyboardRect`, classified by §3 against the layout viewport.
  package var derivedKeyboard: DerivedKeyboard {
    let s = visual.scale
    if interactiveWidget == .overlaysContent {
      guard let rect = keyboardRect else { return DerivedKeyboard(frame: nil, state: .hidden, k: 0) }
      let state = KeyboardState(rect, on: layoutRect)
      return DerivedKeyboard(
        frame: rect, state: state, k: state == .docked ? (rect.height * s).normalized : 0)
    }
    // k = max(0, s · (R · w / L − h)), 0 when L = 0: the screen's height the keyboard took.
    let layoutWidth = layout.width
    let w = visual.width
    let h = visual.height
    let restingHeight = restingHeight ?? layout.height
    let k = layoutWidth == 0 ? 0 : max(0, s * (restingHeight * w / layoutWidth - h))
    guard k != 0, k >= threshold, w != 0 else { return DerivedKeyboard(frame: nil, state: .hidden, k: 0) }
    let (l, t) = visibleOrigin
    return DerivedKeyboard(
      frame: Rect(x: l, y: t + h, width: w, height: k / s), state: .docked, k: k.normalized)
  }

  /// contract §13: the answer member `viewport` for `keyboard`, the keyboard these numbers describe,
  /// an obstruction when docked, or undocked under `undocked: "avoid"`.
  package func answer(keyboard: DerivedKeyboard, undocked: UndockedPolicy) -> ViewportAnswer {
    let (l, t) = visibleOrigin
    let h = visual.height
    var v = h
    if interactiveWidget == .overlaysContent, let rect = keyboard.frame,
      keyboard.state == .docked || (keyboard.state == .undocked && undocked == .avoid)
    {
      v = min(max(rect.y - t, 0), h)
    }
    let scale = 1 / visual.scale
    return ViewportAnswer(
      keyboardHeight: keyboard.k,
      visible: Rect(x: l, y: t, width: visual.width, height: v).normalized,
      fixedTop: FixedTransform(x: l.normalized, y: t.normalized, scale: scale),
      fixedBottom: FixedTransform(x: l.normalized, y: (t + v - layout.height).normalized, scale: scale))
  }
}
