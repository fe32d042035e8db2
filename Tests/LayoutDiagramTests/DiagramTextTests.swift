import LayoutCore
import LayoutTesting
import Testing

@testable import LayoutDiagram

@Suite("Diagram text")
struct DiagramTextTests {
  @Test func markupCharactersAreEscaped() {
    #expect(#"<a b="c">&'"#.xmlEscaped == "&lt;a b=&quot;c&quot;&gt;&amp;&apos;")
    #expect("keyboard · 336×508".xmlEscaped == "keyboard · 336×508")
  }

  @Test func charactersXMLForbidsAreReplaced() {
    #expect("a\u{0}b\u{1B}c\u{FFFF}".xmlEscaped == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
    #expect("tab\there\nline\r".xmlEscaped == "tab\there\nline\r")
  }

  @Test func labelsWithMarkupSurviveAsText() throws {
    let label = #"<field name="a&b"> 'x' ]]>"#
    let shape = DiagramShape("field", .field, Rect(x: 10, y: 10, width: 50, height: 20), label: label)
    let panel = DiagramPanel(name: "before", caption: "</text>", shapes: [shape])
    let scene = DiagramScene(
      title: "<svg>&", bounds: Rect(x: 0, y: 0, width: 100, height: 100), before: panel,
      after: DiagramPanel(name: "after", caption: "after", shapes: []), summary: ["a < b && c > d"])
    let document = try SVGDocument(scene.svg())
    #expect(document.texts.contains(label))
    #expect(document.texts.contains("</text>"))
    #expect(document.texts.contains("<svg>&"))
    #expect(document.texts.contains("a < b && c > d"))
  }

  @Test(arguments: [
    (246.0, "246"), (-246.0, "-246"), (-0.0, "0"), (0.004, "0"), (-0.004, "0"), (1.5, "1.5"),
    (0.125, "0.13"), (2.0 / 3.0, "0.67"),
  ])
  func numbersHaveAtMostTwoDecimals(value: Double, text: String) {
    #expect(value.diagramText == text)
  }

  @Test func extremeGeometryStillGivesWellFormedFiniteSVG() throws {
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<200 {
      func number(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double.random(in: 0..<1, using: &generator)
      }
      let big = Double.random(in: 0..<1, using: &generator) < 0.2 ? 1e9 : 2000
      let container = Rect(
        x: number(-big...big), y: number(-big...big), width: number(0...big), height: number(0...big))
      let keyboard: KeyboardInput =
        switch generator.next() % 3 {
        case 0: .hidden
        case 1: .height(number(0...big))
        default:
          .frame(
            Rect(
              x: number(-big...big), y: number(-big...big), width: number(0...big), height: number(0...big)))
        }
      let mode = [AvoidMode.translate, .scroll, .resize][Int(generator.next() % 3)]
      let request = AvoidRequest(
        container: container,
        field: Rect(
          x: number(-big...big), y: number(-big...big), width: number(0...big), height: number(0...big)),
        keyboard: keyboard, safeArea: Insets(top: number(0...100), bottom: number(0...100)),
        margin: number(0...50), mode: mode, contentOffset: Point(x: 0, y: number(-big...big)),
        contentSize: Size(width: number(0...big), height: number(0...big)))
      let svg = request.diagram(of: avoid(request))
      _ = try SVGDocument(svg)
      #expect(!svg.contains("nan") && !svg.contains("inf"))
    }
  }

  @Test func anEmptyContainerGivesWellFormedSVG() throws {
    let request = AvoidRequest(container: .zero, field: .zero, keyboard: .height(0))
    let document = try SVGDocument(request.diagram(of: avoid(request)))
    #expect(try document.root.number("width") > 0)
  }
}
