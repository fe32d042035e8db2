import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

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
