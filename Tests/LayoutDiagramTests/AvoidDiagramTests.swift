import LayoutCore
import Testing

@testable import LayoutDiagram

@Suite("Avoid diagrams")
struct AvoidDiagramTests {
  /// The scale and the screen's origin on the canvas, read from panel `name`'s screen rect.
  private func frame(
    _ document: SVGDocument, _ panel: String, screen: Rect = Requests.screen
  ) throws -> (
    scale: Double, x: Double, y: Double
  ) {
    let rect = try document.rect("\(panel)-screen")
    return (rect.width / screen.width, rect.x, rect.y)
  }

  @Test func translateMovesTheFieldByTheOffset() throws {
    let request = Requests.translate()
    let answer = avoid(request)
    guard case .translate(let offset) = answer.layout else { Issue.record("not translate"); return }
    try #require(offset.y < 0)
    let document = try SVGDocument(request.diagram(of: answer))
    let (scale, x, y) = try frame(document, "before")
    let before = try document.rect("before-field")
    #expect(approximately(before.x, x + request.field.x * scale))
    #expect(approximately(before.y, y + request.field.y * scale))
    #expect(approximately(before.width, request.field.width * scale))
    #expect(approximately(before.height, request.field.height * scale))

    let (afterScale, afterX, afterY) = try frame(document, "after")
    #expect(approximately(afterScale, scale, tolerance: 1e-4))
    let after = try document.rect("after-field")
    #expect(approximately(after.x - afterX, before.x - x))
    #expect(approximately(after.y - afterY, before.y - y + offset.y * scale))
    let ghost = try document.rect("after-field-before")
    #expect(approximately(ghost.y - afterY, before.y - y))
    let container = try document.rect("after-container")
    #expect(approximately(container.y - afterY, offset.y * scale))
  }

  @Test func theKeyboardAndItsTopAreWhereTheRequestPutsThem() throws {
    let height = 291.0
    let request = Requests.translate(keyboard: .height(height))
    let answer = avoid(request)
    let document = try SVGDocument(request.diagram(of: answer))
    let (scale, x, y) = try frame(document, "before")
    let keyboard = try document.rect("before-keyboard")
    #expect(approximately(keyboard.x, x))
    #expect(approximately(keyboard.y, y + (Requests.screen.height - height) * scale))
    #expect(approximately(keyboard.height, height * scale))
    #expect(approximately(keyboard.width, Requests.screen.width * scale))

    let line = try document.element("before-keyboard-top")
    #expect(line.name == "line")
    let top = Requests.screen.height - answer.keyboard.overlap
    #expect(approximately(try line.number("y1"), y + top * scale))
    #expect(try line.number("y1") == (try line.number("y2")))
  }

  @Test func aFieldThatDoesNotFitIsDrawnAsAWarning() throws {
    let request = Requests.translate(field: Rect(x: 20, y: 200, width: 350, height: 500))
    let answer = avoid(request)
    try #require(!answer.fits)
    let document = try SVGDocument(request.diagram(of: answer))
    let warning = DiagramRole.warningColor
    #expect(try document.element("after-field").attributes["fill"] == warning)
    #expect(try document.element("before-field").attributes["fill"] != warning)
    #expect(document.texts.contains { $0.contains("fits false") })
  }

  @Test func aHiddenKeyboardIsNotDrawnAndNothingMoves() throws {
    let request = Requests.translate(keyboard: .hidden)
    let document = try SVGDocument(request.diagram(of: avoid(request)))
    #expect(document.elements["before-keyboard"] == nil)
    #expect(document.elements["after-keyboard"] == nil)
    #expect(document.elements["before-keyboard-top"] == nil)
    let (_, beforeX, beforeY) = try frame(document, "before")
    let (_, afterX, afterY) = try frame(document, "after")
    let before = try document.rect("before-field")
    let after = try document.rect("after-field")
    #expect(approximately(after.x - afterX, before.x - beforeX))
    #expect(approximately(after.y - afterY, before.y - beforeY))
  }

  @Test(arguments: [UndockedPolicy.ignore, .avoid])
  func anUndockedKeyboardIsFadedWhenIgnored(policy: UndockedPolicy) throws {
    var request = Requests.translate(keyboard: .frame(Rect(x: 35, y: 420, width: 320, height: 260)))
    request.undocked = policy
    let answer = avoid(request)
    try #require(answer.keyboard.state == .undocked)
    let document = try SVGDocument(request.diagram(of: answer))
    let keyboard = try document.element("before-keyboard")
    let (scale, x, y) = try frame(document, "before")
    #expect(approximately(try keyboard.number("x"), x + 35 * scale))
    #expect(approximately(try keyboard.number("y"), y + 420 * scale))
    #expect((keyboard.attributes["stroke-dasharray"] != nil) == (policy == .ignore))
    #expect((document.elements["before-keyboard-top"] != nil) == (policy == .avoid))
  }

  @Test func aContainerSmallerThanTheScreenIsPlacedOnTheScreen() throws {
    let screen = Requests.screen
    let container = Rect(x: 0, y: 444, width: 390, height: 400)
    let request = AvoidRequest(
      container: container, field: Rect(x: 20, y: 300, width: 350, height: 44), keyboard: .height(336),
      screen: screen)
    let answer = avoid(request)
    try #require(answer.keyboard.overlap > 0)
    let document = try SVGDocument(request.diagram(of: answer))
    let (scale, x, y) = try frame(document, "before")
    let drawn = try document.rect("before-container")
    #expect(approximately(drawn.x, x))
    #expect(approximately(drawn.y, y + container.y * scale))
    #expect(approximately(drawn.height, container.height * scale))
    let field = try document.rect("before-field")
    #expect(approximately(field.y, y + (container.y + 300) * scale))
  }

  @Test func scrollMovesTheFieldByTheChangeOfContentOffset() throws {
    let request = Requests.scroll()
    let answer = avoid(request)
    guard case .scroll(let contentOffset, _, _) = answer.layout else { Issue.record("not scroll"); return }
    let start = try #require(request.contentOffset)
    try #require(contentOffset.y != start.y)
    let document = try SVGDocument(request.diagram(of: answer))
    let (scale, x, y) = try frame(document, "before")
    let before = try document.rect("before-field")
    #expect(approximately(before.y, y + (request.field.y - start.y) * scale))
    #expect(approximately(before.x, x + request.field.x * scale))
    let (_, _, afterY) = try frame(document, "after")
    let after = try document.rect("after-field")
    #expect(approximately(after.y - afterY, (request.field.y - contentOffset.y) * scale))
    #expect(document.texts.contains { $0.contains("contentOffset.y \(Int(contentOffset.y))") })
  }

  @Test func resizeDrawsTheVisibleRectAndWhatIsGivenUp() throws {
    let request = Requests.resize()
    let answer = avoid(request)
    guard case .resize(let bottomInset, _, let visible) = answer.layout else {
      Issue.record("not resize")
      return
    }
    try #require(bottomInset > 0)
    let document = try SVGDocument(request.diagram(of: answer))
    let (scale, _, y) = try frame(document, "after")
    let drawn = try document.rect("after-visible")
    #expect(approximately(drawn.y, y + visible.y * scale))
    #expect(approximately(drawn.height, visible.height * scale))
    #expect(approximately(drawn.width, visible.width * scale))
    let givenUp = try document.rect("after-given-up")
    #expect(approximately(givenUp.y, y + visible.height * scale))
    #expect(approximately(givenUp.height, bottomInset * scale))
    let field = try document.rect("after-field")
    #expect(approximately(field.y, y + request.field.y * scale))
  }

  @Test func theAnimationIsNamedWhenTheRequestHasOne() throws {
    var request = Requests.translate()
    request.animation = KeyboardAnimation(duration: 0.4, curve: 3)
    let answer = avoid(request)
    let timing = try #require(answer.animation?.timingFunction)
    let document = try SVGDocument(request.diagram(of: answer))
    #expect(document.texts.contains { $0.contains(timing) && $0.contains("0.4 s") })
    let plain = try SVGDocument(Requests.translate().diagram(of: avoid(Requests.translate())))
    #expect(!plain.texts.contains { $0.hasPrefix("animation") })
  }

  @Test func theMotionsDurationIsNoted() throws {
    var request = Requests.translate()
    request.animation = KeyboardAnimation(duration: 0.25, curve: 7)
    let spring = try SVGDocument(request.diagram(of: avoid(request)))
    #expect(
      spring.texts.contains { $0.contains("0.25 s") && $0.contains("moves 0.5 s") && $0.contains("spring") })
    request.animation = KeyboardAnimation(duration: 0.4, curve: 2)
    let easeOut = try SVGDocument(request.diagram(of: avoid(request)))
    #expect(easeOut.texts.contains { $0.contains("moves 0.4 s") && $0.contains("ease-out") })
    request.animation = KeyboardAnimation(duration: 0, curve: 7)
    let instant = try SVGDocument(request.diagram(of: avoid(request)))
    #expect(instant.texts.contains { $0.contains("moves 0 s") })
  }

  @Test func thePanelsSitSideBySideInsideTheCanvas() throws {
    let request = Requests.translate()
    let document = try SVGDocument(request.diagram(of: avoid(request)))
    #expect(document.root.name == "svg")
    #expect(document.root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    let width = try document.root.number("width")
    let height = try document.root.number("height")
    #expect(
      document.root.attributes["viewBox"] == "0 0 \(document.root.attributes["width"]!) "
        + document.root.attributes["height"]!)
    let before = try document.rect("before-screen")
    let after = try document.rect("after-screen")
    #expect(after.x > before.x + before.width)
    #expect(after.x + after.width <= width)
    #expect(before.y + before.height <= height)
    #expect(before.height <= Diagram.panelSize.height + 0.01)
    #expect(before.width <= Diagram.panelSize.width + 0.01)
  }
}
