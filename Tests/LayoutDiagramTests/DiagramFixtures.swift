import Foundation
import LayoutCore
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

// What the diagram tests share: the requests they draw, and the drawn SVG read back.

/// Requests the diagram tests draw: the iPhone 14 screen of the contract's examples.
enum Requests {
  static let screen = Rect(x: 0, y: 0, width: 390, height: 844)
  static let safeArea = Insets(top: 47, bottom: 34)

  static func translate(
    keyboard: KeyboardInput = .height(336), field: Rect = Rect(x: 20, y: 700, width: 350, height: 44)
  ) -> AvoidRequest {
    AvoidRequest(container: screen, field: field, keyboard: keyboard, safeArea: safeArea)
  }

  static func scroll() -> AvoidRequest {
    AvoidRequest(
      container: screen, field: Rect(x: 20, y: 1200, width: 350, height: 44), keyboard: .height(336),
      safeArea: safeArea, mode: .scroll, contentOffset: Point(x: 0, y: 600),
      contentSize: Size(width: 390, height: 2000))
  }

  static func resize() -> AvoidRequest {
    AvoidRequest(
      container: screen, field: Rect(x: 20, y: 400, width: 350, height: 44), keyboard: .height(336),
      safeArea: safeArea, mode: .resize)
  }

  static func caretFollow() -> CaretFollowRequest {
    CaretFollowRequest(
      textView: Rect(x: 0, y: 47, width: 390, height: 797),
      caret: Rect(x: 120, y: 1500, width: 2, height: 20),
      contentOffset: Point(x: 0, y: 1000), contentSize: Size(width: 390, height: 3000),
      safeArea: Insets(bottom: 34), keyboard: .height(336), screen: screen, margin: 8, lineHeight: 24)
  }

  /// The contract §12 example: a list at its newest end, the composer resting on the home
  /// indicator, the keyboard coming up.
  static func chat(inverted: Bool = false) -> ChatRequest {
    ChatRequest(
      container: screen, list: Rect(x: 0, y: 0, width: 390, height: 760),
      composer: Rect(x: 0, y: 760, width: 390, height: 50), contentOffset: Point(x: 0, y: 2240),
      contentSize: Size(width: 390, height: 3000), safeArea: Insets(top: 47), inverted: inverted,
      keyboard: .height(336))
  }
}

/// An SVG document parsed with `XMLParser`: its elements by `id`, and its texts.
struct SVGDocument {
  /// One element: its name and attributes.
  struct Element {
    let name: String
    let attributes: [String: String]

    /// Attribute `name` as a number.
    func number(_ name: String) throws -> Double {
      let text = try #require(attributes[name], "no \(name) on \(self.name)")
      return try #require(Double(text), "\(name)=\"\(text)\" is not a number")
    }
  }

  /// The root element.
  let root: Element
  /// Every element with an `id`.
  let elements: [String: Element]
  /// The character data of every `text` element, in document order.
  let texts: [String]

  /// Parses `svg`; fails the test when it is not well-formed XML.
  init(_ svg: String) throws {
    let collector = ElementCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    let parsed = parser.parse()
    #expect(parsed, "not well-formed: \(String(describing: parser.parserError))")
    try #require(parsed)
    root = try #require(collector.root)
    elements = collector.elements
    texts = collector.texts
  }

  /// The element with `id`; fails the test when there is none.
  func element(_ id: String) throws -> Element {
    try #require(elements[id], "no element #\(id)")
  }

  /// The `x`, `y`, `width`, `height` of the `rect` with `id`.
  func rect(_ id: String) throws -> (x: Double, y: Double, width: Double, height: Double) {
    let element = try element(id)
    #expect(element.name == "rect")
    return (
      try element.number("x"), try element.number("y"), try element.number("width"),
      try element.number("height")
    )
  }
}

/// Collects what `SVGDocument` keeps while `XMLParser` reads.
private final class ElementCollector: NSObject, XMLParserDelegate {
  var root: SVGDocument.Element?
  var elements: [String: SVGDocument.Element] = [:]
  var texts: [String] = []
  private var text: String?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    let element = SVGDocument.Element(name: elementName, attributes: attributeDict)
    if root == nil { root = element }
    if let id = attributeDict["id"] {
      #expect(elements[id] == nil, "duplicate id \(id)")
      elements[id] = element
    }
    if elementName == "text" { text = "" }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text? += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    if elementName == "text", let text {
      texts.append(text)
      self.text = nil
    }
  }
}

/// Whether two diagram coordinates agree within the rounding the diagram writes (two decimals
/// per number, a scale read back from a rounded width).
func approximately(_ a: Double, _ b: Double, tolerance: Double = 0.05) -> Bool {
  abs(a - b) <= tolerance
}
