import LayoutCore
import Testing

@testable import LayoutDiagram

@Suite("Avoid diagrams draw the alsoReveal rects")
struct AlsoRevealDiagramTests {
  /// Panel `name`'s scale and the screen's origin on the canvas.
  private func frame(_ document: SVGDocument, _ panel: String) throws -> (scale: Double, x: Double, y: Double)
  {
    let rect = try document.rect("\(panel)-screen")
    return (rect.width / Requests.screen.width, rect.x, rect.y)
  }

  /// A field at 440 with a label under the status bar, a Send button and an error text: the
  /// label is revealed, the others are not (see the core's hand-worked translate case).
  static let rects: AlsoReveal = [
    Rect(x: 20, y: 40, width: 350, height: 20), Rect(x: 20, y: 520, width: 350, height: 44),
    Rect(x: 20, y: 488, width: 350, height: 16),
  ]

  @Test func translateDrawsEachRectBeforeAndAfterAndMarksWhichWereRevealed() throws {
    var request = Requests.translate(field: Rect(x: 20, y: 440, width: 350, height: 44))
    request.alsoReveal = Self.rects
    let answer = avoid(request)
    try #require(answer.alsoRevealed == [true, false, false])
    let document = try SVGDocument(request.diagram(of: answer))
    let (scale, x, y) = try frame(document, "before")
    for (index, rect) in Self.rects.enumerated() {
      let drawn = try document.rect("before-also-reveal-\(index)")
      #expect(approximately(drawn.x, x + rect.x * scale))
      #expect(approximately(drawn.y, y + rect.y * scale))
      #expect(approximately(drawn.height, rect.height * scale))
      #expect(document.elements["after-also-reveal-\(index)"] != nil)
    }
    let warning = DiagramRole.warningColor
    #expect(try document.element("after-also-reveal-0").attributes["stroke"] != warning)
    #expect(try document.element("after-also-reveal-1").attributes["stroke"] == warning)
    #expect(try document.element("before-also-reveal-1").attributes["stroke"] != warning)
    #expect(document.texts.contains("alsoReveal[0] revealed"))
    #expect(document.texts.contains("alsoReveal[2] not revealed"))
    #expect(document.texts.contains { $0.contains("alsoRevealed [true, false, false]") })
  }

  @Test func theRectsMoveWithTheLayout() throws {
    // Translate: the field at 600 takes its error text along and the view moves up.
    var request = Requests.translate(field: Rect(x: 20, y: 600, width: 350, height: 44))
    request.alsoReveal = [Rect(x: 20, y: 700, width: 350, height: 50)]
    let answer = avoid(request)
    guard case .translate(let offset) = answer.layout else { Issue.record("not translate"); return }
    try #require(offset.y < 0 && answer.alsoRevealed == [true])
    let document = try SVGDocument(request.diagram(of: answer))
    let (scale, _, afterY) = try frame(document, "after")
    #expect(approximately(try document.rect("after-also-reveal-0").y, afterY + (700 + offset.y) * scale))

    // Scroll: content coordinates, drawn at the new content offset.
    var scroll = Requests.scroll()
    scroll.alsoReveal = [Rect(x: 20, y: 1250, width: 350, height: 50)]
    let scrolled = avoid(scroll)
    guard case .scroll(let contentOffset, _, _) = scrolled.layout else { Issue.record("not scroll"); return }
    let scrollDocument = try SVGDocument(scroll.diagram(of: scrolled))
    let (_, _, top) = try frame(scrollDocument, "after")
    #expect(
      approximately(try scrollDocument.rect("after-also-reveal-0").y, top + (1250 - contentOffset.y) * scale))
  }

  @Test func noAlsoRevealDrawsNoneAndSaysNothing() throws {
    let request = Requests.resize()
    let document = try SVGDocument(request.diagram(of: avoid(request)))
    #expect(!document.elements.keys.contains { $0.contains("also-reveal") })
    #expect(!document.texts.contains { $0.contains("alsoRevealed") })
  }
}
