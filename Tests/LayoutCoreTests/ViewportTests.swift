import LayoutCore
import LayoutTesting
import Testing

/// A web page's numbers for tests: the iPhone 14 in Safari (layout viewport 390×664) unless told.
func page(
  layout: Size = Size(width: 390, height: 664), left: Double = 0, top: Double = 0, width: Double = 390,
  height: Double, scale: Double = 1, widget: InteractiveWidget = .resizesVisual, restingHeight: Double? = nil,
  keyboardRect: Rect? = nil, threshold: Double = WebViewport.defaultThreshold
) -> WebViewport {
  WebViewport(
    layout: layout,
    visual: VisualViewport(offsetLeft: left, offsetTop: top, width: width, height: height, scale: scale),
    interactiveWidget: widget, restingHeight: restingHeight, keyboardRect: keyboardRect, threshold: threshold)
}

/// The `/avoid` answer for a field at 480–524 on the whole page with keyboard `viewport`.
func answer(
  _ viewport: WebViewport, container: Rect = Rect(x: 0, y: 0, width: 390, height: 664),
  undocked: UndockedPolicy = .ignore
) -> AvoidAnswer {
  avoid(
    AvoidRequest(
      container: container, field: Rect(x: 16, y: 480, width: 358, height: 44), keyboard: .viewport(viewport),
      undocked: undocked))
}

@Suite("§13 a web page's keyboard: each formula")
struct ViewportTests {
  @Test("a rubber band past either edge reads as that edge, vertically and horizontally")
  func rubberBands() throws {
    let above = try #require(answer(page(top: -42, height: 377)).viewport)
    #expect(above.visible.y == 0)
    let below = try #require(answer(page(top: 400, height: 377)).viewport)
    #expect(below.visible.y == 664 - 377)
    #expect(below.fixedBottom.y == 0)
    let zoomed = page(left: 250, top: 10, width: 195, height: 332, scale: 2)
    #expect(answer(zoomed).viewport?.visible.x == 195.0)
    #expect(answer(page(left: -8, top: 10, width: 195, height: 332, scale: 2)).viewport?.visible.x == 0)
  }

  @Test("k is the screen's height lost at this zoom: R·w/L − h, times the scale")
  func keyboardHeight() throws {
    // width=device-width at scale 1: R − h.
    #expect(answer(page(height: 377)).viewport?.keyboardHeight == 287)
    // Zoomed 2×: the unzoomed keyboard is still 287.
    #expect(answer(page(width: 195, height: 188.5, scale: 2)).viewport?.keyboardHeight == 287)
    // A 980-wide desktop page shown at 390/980: the visual viewport is 980 wide.
    let desktop = page(
      layout: Size(width: 980, height: 1668.5), width: 980, height: 947.2, scale: 390.0 / 980.0)
    let expected = 390.0 / 980.0 * (1668.5 * 980 / 980 - 947.2)
    #expect(
      answer(desktop, container: Rect(x: 0, y: 0, width: 980, height: 1668.5)).viewport?.keyboardHeight
        == expected)
    // resizes-content: the layout viewport shrank from its resting height.
    let resized = page(
      layout: Size(width: 412, height: 526), width: 412, height: 526, widget: .resizesContent,
      restingHeight: 839)
    #expect(answer(resized).viewport?.keyboardHeight == 313)
    // A browser that ignores resizes-content keeps the layout viewport and shrinks the visual one.
    let ignored = page(
      layout: Size(width: 412, height: 839), width: 412, height: 526, widget: .resizesContent)
    #expect(answer(ignored).viewport?.keyboardHeight == 313)
    #expect(answer(ignored).keyboard.state == .docked)
  }

  @Test("hidden when k is 0, under the threshold, or the visual viewport has no width; L = 0 gives k = 0")
  func hidden() {
    for viewport in [
      page(height: 664), page(height: 664 - 149), page(width: 0, height: 300),
      page(layout: Size(width: 0, height: 664), width: 0, height: 300),
      page(height: 700),  // taller than the layout viewport: nothing lost
    ] {
      let result = answer(viewport)
      #expect(result.keyboard.state == .hidden, "\(viewport)")
      #expect(result.keyboard.overlap == 0)
      #expect(result.viewport?.keyboardHeight == 0)
    }
    // The threshold is inclusive above: exactly 150 is a keyboard.
    #expect(answer(page(height: 664 - 150)).keyboard.state == .docked)
    // An accessory bar alone is avoided only with a lower threshold.
    #expect(answer(page(height: 620)).keyboard.state == .hidden)
    #expect(answer(page(height: 620, threshold: 0)).keyboard == KeyboardAnswer(state: .docked, overlap: 44))
  }

  @Test("the keyboard starts at the visual viewport's bottom and is docked even when its frame ends short")
  func derivedFrame() {
    // Zoomed 2×, panned: the frame {40, 308.5, 195, 143.5} ends at 452, far above 664, and is docked.
    let zoomed = answer(page(left: 40, top: 120, width: 195, height: 188.5, scale: 2))
    #expect(zoomed.keyboard == KeyboardAnswer(state: .docked, overlap: 664 - 308.5))
    // A container beside the band's keyboard: docked, overlap 0 (§10).
    let beside = answer(
      page(left: 40, top: 120, width: 195, height: 188.5, scale: 2),
      container: Rect(x: 300, y: 0, width: 90, height: 664))
    #expect(beside.keyboard == KeyboardAnswer(state: .docked, overlap: 0))
    // A container below the zoomed keyboard's bottom (308.5 + 287 / 2 = 452): not covered; it would
    // be if the frame were k tall rather than k / s.
    let below = answer(
      page(left: 40, top: 120, width: 195, height: 188.5, scale: 2),
      container: Rect(x: 0, y: 500, width: 390, height: 164))
    #expect(below.keyboard == KeyboardAnswer(state: .docked, overlap: 0))
    // A container above the keyboard's top: docked, nothing covered.
    let above = answer(page(height: 377), container: Rect(x: 0, y: 0, width: 390, height: 300))
    #expect(above.keyboard == KeyboardAnswer(state: .docked, overlap: 0))
  }

  @Test("overlays-content: the keyboard is keyboardRect, classified by §3 against the layout viewport")
  func overlaysContent() throws {
    let layout = Size(width: 412, height: 839)
    func overlay(_ rect: Rect?, undocked: UndockedPolicy = .ignore) -> AvoidAnswer {
      answer(
        page(layout: layout, width: 412, height: 839, widget: .overlaysContent, keyboardRect: rect),
        container: Rect(x: 0, y: 0, width: 412, height: 839), undocked: undocked)
    }
    let docked = overlay(Rect(x: 0, y: 526, width: 412, height: 313))
    #expect(docked.keyboard == KeyboardAnswer(state: .docked, overlap: 313))
    #expect(docked.viewport?.keyboardHeight == 313)
    #expect(docked.viewport?.visible.height == 526)
    #expect(docked.viewport?.fixedBottom.y == -313.0)
    // Under a zoom, k is the rect's height times the scale.
    let zoomed = answer(
      page(
        layout: layout, top: 100, width: 206, height: 419.5, scale: 2, widget: .overlaysContent,
        keyboardRect: Rect(x: 0, y: 526, width: 412, height: 313)),
      container: Rect(x: 0, y: 0, width: 412, height: 839))
    #expect(zoomed.viewport?.keyboardHeight == 626)
    #expect(zoomed.viewport?.visible.height == 419.5)  // 526 − 100 is more than the band
    // Floating: undocked, ignored unless `undocked: "avoid"`; k is 0 either way.
    let floating = Rect(x: 60, y: 300, width: 300, height: 200)
    let ignored = overlay(floating)
    #expect(ignored.keyboard == KeyboardAnswer(state: .undocked, overlap: 0))
    #expect(ignored.viewport?.visible.height == 839)
    #expect(ignored.viewport?.keyboardHeight == 0)
    let avoided = overlay(floating, undocked: .avoid)
    #expect(avoided.keyboard == KeyboardAnswer(state: .undocked, overlap: 539))
    #expect(avoided.viewport?.visible.height == 300)
    #expect(avoided.viewport?.keyboardHeight == 0)
    // Absent, or all zeros as the API reports no keyboard: hidden.
    for none in [nil, Rect.zero] {
      let hidden = overlay(none)
      #expect(hidden.keyboard == KeyboardAnswer(state: .hidden, overlap: 0))
      #expect(hidden.viewport?.keyboardHeight == 0)
      #expect(hidden.viewport?.visible.height == 839)
    }
    // The threshold does not apply.
    #expect(overlay(Rect(x: 0, y: 800, width: 412, height: 39)).keyboard.state == .docked)
  }

  @Test("the fixed bars: each at its edge of the visible band, scaled back by 1/s")
  func fixedBars() throws {
    let panned = try #require(answer(page(left: 100, top: 200, width: 195, height: 332, scale: 2)).viewport)
    #expect(panned.fixedTop == FixedTransform(x: 100, y: 200, scale: 0.5))
    #expect(panned.fixedBottom == FixedTransform(x: 100, y: 200 + 332 - 664, scale: 0.5))
    #expect(panned.visible == Rect(x: 100, y: 200, width: 195, height: 332))
    let quarter = try #require(answer(page(width: 97.5, height: 166, scale: 4)).viewport)
    #expect(quarter.fixedTop.scale == 0.25)
  }

  @Test("every endpoint answers viewport as computed from the numbers alone, and only when sent")
  func everyEndpoint() throws {
    let viewport = page(top: 157.5, height: 377)
    let expected = ViewportReference.answer(viewport)
    let caret = caretFollow(
      CaretFollowRequest(
        textView: Rect(x: 0, y: 0, width: 390, height: 664), caret: Rect(x: 20, y: 600, width: 2, height: 20),
        contentOffset: .zero, contentSize: Size(width: 390, height: 1200), keyboard: .viewport(viewport)))
    #expect(caret.viewport == expected)
    let chatAnswer = chat(
      ChatRequest(
        container: Rect(x: 0, y: 0, width: 390, height: 664), list: Rect(x: 0, y: 0, width: 390, height: 612),
        composer: Rect(x: 0, y: 612, width: 390, height: 52), contentOffset: Point(x: 0, y: 1388),
        contentSize: Size(width: 390, height: 2000), keyboard: .viewport(viewport)))
    #expect(chatAnswer.viewport == expected)
    #expect(answer(viewport).viewport == expected)
    let plain = avoid(
      AvoidRequest(
        container: Rect(x: 0, y: 0, width: 390, height: 664),
        field: Rect(x: 16, y: 480, width: 358, height: 44),
        keyboard: .height(287)))
    #expect(plain.viewport == nil)
  }

  @Test("thousands of pages on real devices: the member, the keyboard and the overlap as §13 words them")
  func property() {
    var rng = SplitMix64(seed: 13)
    for _ in 0..<4000 {
      let (viewport, container, undocked) = Self.randomPage(using: &rng)
      let result = answer(viewport, container: container, undocked: undocked)
      let expected = ViewportReference.answer(viewport, undocked: undocked)
      #expect(result.viewport == expected, "\(viewport)")
      let keyboard = ViewportReference.keyboard(viewport)
      let state: KeyboardState = keyboard == nil ? .hidden : keyboard!.docked ? .docked : .undocked
      #expect(result.keyboard.state == state, "\(viewport)")
      var overlap = 0.0
      if let frame = keyboard?.frame, state == .docked || undocked == .avoid,
        frame.maxX > container.minX, frame.minX < container.maxX, frame.maxY > container.minY,
        frame.minY < container.maxY
      {
        overlap = min(max(container.maxY - frame.minY, 0), container.height)
      }
      #expect(result.keyboard.overlap == overlap + 0, "\(viewport)")
    }
  }

  /// A page on a real phone or tablet (portrait or landscape): pans and rubber bands, zoom up to 5×,
  /// toolbars under the threshold, all three modes, docked, floating and absent keyboards.
  static func randomPage(using rng: inout SplitMix64) -> (WebViewport, Rect, UndockedPolicy) {
    let devices: [(Double, Double, Double)] = [
      (390, 664, 291), (393, 659, 301), (430, 739, 305), (375, 553, 260), (412, 839, 313), (360, 740, 280),
      (820, 1106, 320), (1024, 1292, 390), (844, 340, 200),
    ]
    let (L, R, keyboard) = devices[Int.random(in: 0..<devices.count, using: &rng)]
    let widget = [InteractiveWidget.resizesVisual, .resizesContent, .overlaysContent][
      Int.random(in: 0..<3, using: &rng)]
    let scale = [1, 1, 1, 1.5, 2, 3, 5, 0.8][Int.random(in: 0..<8, using: &rng)]
    let shown = [0, keyboard, keyboard, 56, 44, keyboard + 44][Int.random(in: 0..<6, using: &rng)]
    var layoutHeight = R
    var restingHeight: Double?
    var visualHeight = (R - shown) / scale
    if widget == .resizesContent, Bool.random(using: &rng) {
      layoutHeight = R - shown
      visualHeight = layoutHeight / scale
      restingHeight = R
    } else if widget == .overlaysContent {
      visualHeight = R / scale
    }
    let width = L / scale
    let pan = [0, 0, 157.5, -42, 30, layoutHeight, -500][Int.random(in: 0..<7, using: &rng)]
    let left = [0, 12, -8, L][Int.random(in: 0..<4, using: &rng)]
    var rect: Rect?
    if widget == .overlaysContent {
      rect =
        [
          nil, Rect(x: 0, y: R - keyboard, width: L, height: keyboard), .zero,
          Rect(x: 40, y: R / 3, width: L - 80, height: keyboard * 0.8),
        ][Int.random(in: 0..<4, using: &rng)]
    }
    let viewport = WebViewport(
      layout: Size(width: L, height: layoutHeight),
      visual: VisualViewport(
        offsetLeft: left, offsetTop: pan * Double.random(in: 0...1, using: &rng), width: width,
        height: visualHeight, scale: scale),
      interactiveWidget: widget, restingHeight: restingHeight, keyboardRect: rect,
      threshold: [150, 0, 60][Int.random(in: 0..<3, using: &rng)])
    let container = [
      Rect(x: 0, y: 0, width: L, height: layoutHeight),
      Rect(x: 0, y: 44, width: L, height: layoutHeight - 88),
      Rect(x: L / 2, y: 0, width: L / 2, height: layoutHeight / 2),
    ][Int.random(in: 0..<3, using: &rng)]
    return (viewport, container, Bool.random(using: &rng) ? .ignore : .avoid)
  }

  @Test("tracks of web pages on every endpoint and mode hold every §11 rule")
  func tracks() throws {
    var rng = SplitMix64(seed: 1311)
    var docked = 0
    for round in 0..<600 {
      let (viewport, container, undocked) = Self.randomPage(using: &rng)
      let field = Rect(
        x: 16, y: container.height * Double.random(in: 0.2...0.95, using: &rng), width: 300, height: 44)
      let mode = AvoidMode.allCases[round % 3]
      let request = AvoidRequest(
        container: container, field: field, keyboard: .viewport(viewport), undocked: undocked, mode: mode,
        contentOffset: Point(x: 0, y: 100), contentSize: Size(width: container.width, height: 2000))
      let check = try #require(TrackReference.check(request))
      if check.endHeight > 0 { docked += 1 }
      #expect(check.problems(samples: 8, using: &rng).isEmpty, "\(request)")
      let caret = CaretFollowRequest(
        textView: container, caret: Rect(x: 20, y: field.y, width: 2, height: 20), contentOffset: .zero,
        contentSize: Size(width: container.width, height: 1500), keyboard: .viewport(viewport),
        undocked: undocked)
      #expect(try #require(TrackReference.check(caret)).problems(samples: 8, using: &rng).isEmpty, "\(caret)")
      let chatRequest = ChatRequest(
        container: container, list: Rect(x: 0, y: 0, width: container.width, height: container.height - 52),
        composer: Rect(x: 0, y: container.height - 52, width: container.width, height: 52),
        contentOffset: Point(x: 0, y: 900), contentSize: Size(width: container.width, height: 2000),
        keyboard: .viewport(viewport), undocked: undocked)
      #expect(
        try #require(TrackReference.check(chatRequest)).problems(samples: 8, using: &rng).isEmpty,
        "\(chatRequest)")
    }
    #expect(docked > 100)
  }
}
