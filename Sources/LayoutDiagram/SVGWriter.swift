/// Writes SVG markup; every attribute value and text is escaped.
struct SVGWriter {
  /// The markup written so far.
  private(set) var text = ""

  /// Opens element `name`.
  mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
    text += "<\(name)"
    append(attributes)
    text += ">"
  }

  /// Closes element `name`.
  mutating func close(_ name: String) {
    text += "</\(name)>\n"
  }

  /// Writes an element with no content.
  mutating func element(_ name: String, _ attributes: [(String, String)]) {
    text += "<\(name)"
    append(attributes)
    text += "/>\n"
  }

  /// Writes an element holding only `content`.
  mutating func element(
    _ name: String, _ attributes: [(String, String)] = [], content: String
  ) {
    open(name, attributes)
    text += content.xmlEscaped
    close(name)
  }

  /// Writes markup as it is; for the fixed prologue only.
  mutating func raw(_ markup: String) {
    text += markup
  }

  private mutating func append(_ attributes: [(String, String)]) {
    for (name, value) in attributes {
      text += " \(name)=\"\(value.xmlEscaped)\""
    }
  }
}
