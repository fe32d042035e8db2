import LayoutCore
import LayoutTesting
import Testing

/// Contract §14 as its text words it, written apart from the core's own.
enum SheetReference {
  /// `floor`, `ceiling`, `want`, `height`, `top` and `shrunk` for the keyboard covering `overlap`.
  static func frame(_ request: SheetRequest, overlap: Double) -> (top: Double, height: Double, shrunk: Bool) {
    let c = request.container.height
    let floor = c - max(overlap, request.safeArea.bottom)
    let ceiling = request.safeArea.top + request.topInset
    let want: Double
    if overlap > 0 {
      switch request.keyboardBehavior {
      case .interactive: want = request.detents[request.detent]
      case .extend: want = request.detents.max()!
      case .fillParent: want = max(0, floor - ceiling)
      }
    } else {
      want = request.detents[request.detent]
    }
    let height = max(0, floor - max(ceiling, floor - want))
    return (floor - height, height, height < want - 1e-9 * max(1, want))
  }

  /// `contentOffset.y` and `fits` with a field.
  static func scroll(_ request: SheetRequest, overlap: Double, height: Double) -> (y: Double, fits: Bool)? {
    guard let field = request.field, let offset = request.contentOffset, let size = request.contentSize else {
      return nil
    }
    let v = max(0, height - request.header)
    let ti = request.contentInset.top
    let bi = request.contentInset.bottom
    let target = (min: field.minY, max: field.maxY + request.margin)
    var y = offset.y
    if overlap > 0 {
      // §5.1 reveal.
      let bottomEdge = v - bi
      if target.max - target.min > bottomEdge - ti {
        y = target.min - ti
      } else if target.max > y + bottomEdge {
        y = target.max - bottomEdge
      } else if target.min < y + ti {
        y = target.min - ti
      }
    }
    let minY = -ti
    let maxY = max(minY, size.height + bi - v)
    let clamped = min(max(y, minY), maxY)
    let tolerance = 1e-9 * max(1, abs(clamped), abs(v))
    return (clamped, target.min >= clamped + ti - tolerance && target.max <= clamped + v - bi + tolerance)
  }
}

@Suite("§14 a bottom sheet: each formula")
struct SheetTests {
  static let container = Rect(x: 0, y: 0, width: 390, height: 844)
  static let safeArea = Insets(top: 47, bottom: 34)

  func answer(
    detents: SheetDetents = [300, 600], detent: Int = 0, behavior: SheetKeyboardBehavior = .interactive,
    topInset: Double = 0, keyboard: KeyboardInput = .height(336), safeArea: Insets = SheetTests.safeArea
  ) -> SheetAnswer {
    sheet(
      SheetRequest(
        container: Self.container, safeArea: safeArea, detents: detents, detent: detent,
        keyboardBehavior: behavior, topInset: topInset, keyboard: keyboard))
  }

  @Test("interactive: the content area ends on the keyboard and keeps its height")
  func interactive() {
    let result = answer()
    #expect(result.sheet == SheetFrame(y: 208, height: 300))
    #expect(result.bottomInset == 336)
    #expect(!result.shrunk)
    #expect(result.contentOffset == nil && result.fits == nil)
  }

  @Test("the ceiling (top safe area plus topInset) cuts a tall sheet: shrunk")
  func ceiling() {
    let cut = answer(detent: 1)
    #expect(cut.sheet == SheetFrame(y: 47, height: 461))
    #expect(cut.shrunk)
    let inset = answer(detent: 1, topInset: 20)
    #expect(inset.sheet == SheetFrame(y: 67, height: 441))
    // A keyboard that reaches above the ceiling leaves no sheet at all.
    let tall = answer(keyboard: .height(820))
    #expect(tall.sheet == SheetFrame(y: 24, height: 0))
    #expect(tall.shrunk)
    // A detent of 0 wants nothing: not shrunk even then.
    #expect(!answer(detents: [0], keyboard: .height(820)).shrunk)
  }

  @Test("extend goes to the tallest detent, fillParent takes all there is, both only with the keyboard")
  func behaviors() {
    #expect(answer(detents: [300, 400, 350], behavior: .extend).sheet == SheetFrame(y: 108, height: 400))
    #expect(answer(behavior: .extend).sheet == SheetFrame(y: 47, height: 461))
    let fill = answer(behavior: .fillParent, topInset: 10)
    #expect(fill.sheet == SheetFrame(y: 57, height: 451))
    #expect(!fill.shrunk)
    for behavior in SheetKeyboardBehavior.allCases {
      let hidden = answer(behavior: behavior, keyboard: .hidden)
      #expect(hidden.sheet == SheetFrame(y: 510, height: 300), "\(behavior)")
      #expect(hidden.bottomInset == 34)
    }
  }

  @Test("the home indicator's strip gives way to the keyboard: bottomInset is the larger of the two")
  func homeIndicator() {
    // A keyboard shorter than the bottom safe area (an accessory bar on a hardware keyboard).
    let short = answer(keyboard: .height(20))
    #expect(short.bottomInset == 34)
    #expect(short.sheet == SheetFrame(y: 510, height: 300))
    let exact = answer(keyboard: .height(34))
    #expect(exact.bottomInset == 34)
    #expect(answer(keyboard: .height(35)).sheet.y == 509)
  }

  @Test("a field is revealed in the scroll view below the header, only while the keyboard covers something")
  func field() {
    func request(_ keyboard: KeyboardInput, offset: Double = 0, header: Double = 56) -> SheetRequest {
      SheetRequest(
        container: Self.container, safeArea: Self.safeArea, detents: [300, 600], header: header,
        field: Rect(x: 16, y: 400, width: 358, height: 44), contentOffset: Point(x: 3, y: offset),
        contentSize: Size(width: 390, height: 900), keyboard: keyboard)
    }
    let covered = sheet(request(.height(336)))
    #expect(covered.contentOffset == Point(x: 3, y: 210))
    #expect(covered.fits == true)
    let hidden = sheet(request(.hidden))
    #expect(hidden.contentOffset == Point(x: 3, y: 0))
    #expect(hidden.fits == false)
    // Clamped at the content's end, 900 − 244, with the keyboard hidden too.
    #expect(sheet(request(.hidden, offset: 2000)).contentOffset?.y == 656)
    // Revealed first, then clamped: an offset past the field comes back to its top.
    #expect(sheet(request(.height(336), offset: 2000)).contentOffset?.y == 400)
    // A header taller than the sheet leaves no viewport: the field's top is aligned, and does not fit.
    let noRoom = sheet(request(.height(336), header: 400))
    #expect(noRoom.contentOffset?.y == 400)
    #expect(noRoom.fits == false)
  }

  @Test("thousands of sheets on real devices: every behaviour, 1 to 5 detents, every keyboard height")
  func property() {
    var rng = SplitMix64(seed: 14)
    for _ in 0..<4000 {
      let request = Self.randomSheet(using: &rng)
      let result = sheet(request)
      let expected = SheetReference.frame(request, overlap: result.keyboard.overlap)
      #expect(abs(result.sheet.y - expected.top) <= 1e-9 * max(1, abs(expected.top)), "\(request)")
      #expect(abs(result.sheet.height - expected.height) <= 1e-9 * max(1, expected.height), "\(request)")
      #expect(result.shrunk == expected.shrunk, "\(request)")
      #expect(
        result.bottomInset == request.container.height
          - (request.container.height - max(result.keyboard.overlap, request.safeArea.bottom)))
      if let scroll = SheetReference.scroll(
        request, overlap: result.keyboard.overlap, height: result.sheet.height)
      {
        #expect(
          abs((result.contentOffset?.y ?? .nan) - scroll.y) <= 1e-9 * max(1, abs(scroll.y)), "\(request)")
        #expect(result.fits == scroll.fits, "\(request)")
      } else {
        #expect(result.contentOffset == nil && result.fits == nil)
      }
    }
  }

  /// A sheet on a real device: safe areas, one to five detents, every behaviour, clamped or not,
  /// with and without a field, keyboards of every height, hidden and floating.
  static func randomSheet(using rng: inout SplitMix64) -> SheetRequest {
    let devices: [(Double, Double, Double, Double)] = [
      (390, 844, 47, 34), (393, 852, 59, 34), (430, 932, 59, 34), (375, 667, 20, 0), (412, 915, 24, 16),
      (820, 1180, 24, 20), (844, 390, 0, 21),
    ]
    let (width, height, top, bottom) = devices[Int.random(in: 0..<devices.count, using: &rng)]
    var detents = SheetDetents()
    for _ in 0..<Int.random(in: 1...5, using: &rng) {
      detents.append([0, 120, 300, 450.5, 600, height, height * 0.9][Int.random(in: 0..<7, using: &rng)])
    }
    let keyboardHeight = [0, 20, bottom, 216, 291, 336, 390, height * 0.6, height][
      Int.random(in: 0..<9, using: &rng)]
    let keyboard: KeyboardInput =
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: .hidden
      case 1: .frame(Rect(x: 40, y: height / 3, width: width - 80, height: 200))
      default: .height(keyboardHeight)
      }
    let hasField = Bool.random(using: &rng)
    return SheetRequest(
      container: Rect(x: 0, y: 0, width: width, height: height), safeArea: Insets(top: top, bottom: bottom),
      detents: detents, detent: Int.random(in: 0..<detents.count, using: &rng),
      keyboardBehavior: SheetKeyboardBehavior.allCases[Int.random(in: 0..<3, using: &rng)],
      topInset: [0, 0, 10, 44][Int.random(in: 0..<4, using: &rng)],
      header: [0, 24, 56][Int.random(in: 0..<3, using: &rng)],
      field: hasField
        ? Rect(x: 16, y: [0, 40, 400, 900][Int.random(in: 0..<4, using: &rng)], width: 300, height: 44) : nil,
      contentOffset: hasField ? Point(x: 0, y: [0, 120, 700][Int.random(in: 0..<3, using: &rng)]) : nil,
      contentSize: hasField
        ? Size(width: width, height: [300, 900, 2000][Int.random(in: 0..<3, using: &rng)]) : nil,
      contentInset: Insets(
        top: [0, 8][Int.random(in: 0..<2, using: &rng)], bottom: [0, 12][Int.random(in: 0..<2, using: &rng)]),
      keyboard: keyboard, undocked: Bool.random(using: &rng) ? .ignore : .avoid)
  }

  @Test("tracks of sheets hold every §11 rule, sampled at random heights")
  func tracks() throws {
    var rng = SplitMix64(seed: 1411)
    var jumps = 0
    for _ in 0..<1500 {
      let request = Self.randomSheet(using: &rng)
      let check = try #require(TrackReference.check(request))
      let problems = check.problems(samples: 12, using: &rng)
      #expect(problems.isEmpty, "\(problems) \(request)")
      let h = check.track.keyboardHeight
      if zip(h, h.dropFirst()).contains(where: { $0 == $1 }) { jumps += 1 }
    }
    #expect(jumps > 50)
  }

  @Test("the worked example's track: a jump at 0 where the reveal starts, a bend at 34")
  func exampleTrack() throws {
    let request = SheetRequest(
      container: Self.container, safeArea: Self.safeArea, detents: [300, 600], header: 56,
      field: Rect(x: 16, y: 400, width: 358, height: 44), contentOffset: .zero,
      contentSize: Size(width: 390, height: 900), keyboard: .height(336), track: true)
    let track = try #require(sheet(request).track)
    #expect(track.keyboardHeight == [0, 0, 34, 336])
    #expect(
      track.members
        == .sheet(
          sheetY: [510, 510, 510, 208], sheetHeight: [300, 300, 300, 300], contentOffsetY: [0, 210, 210, 210])
    )
  }
}
