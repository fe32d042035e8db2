import LayoutCore

extension DiagramScene {
  /// The scene as a standalone SVG document.
  func svg() -> String {
    let geometry = DiagramGeometry(bounds: bounds, panelSize: Diagram.panelSize, summary: summary)
    var writer = SVGWriter()
    writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    writer.open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("width", geometry.width.diagramText),
        ("height", geometry.height.diagramText),
        ("viewBox", "0 0 \(geometry.width.diagramText) \(geometry.height.diagramText)"),
        ("font-family", "-apple-system, system-ui, 'Segoe UI', Roboto, sans-serif"),
        ("role", "img"), ("aria-labelledby", "title"),
      ])
    writer.raw("\n")
    writer.element("title", [("id", "title")], content: title)
    writer.element("desc", content: summary.joined(separator: "\n"))
    writer.element(
      "rect", [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")])
    writer.element(
      "text",
      [
        ("id", "diagram-title"), ("x", DiagramGeometry.margin.diagramText),
        ("y", DiagramGeometry.titleBaseline.diagramText), ("font-size", "15"), ("font-weight", "600"),
        ("fill", "#1f2937"),
      ], content: title)
    for (index, panel) in [before, after].enumerated() {
      write(panel, index: index, geometry, to: &writer)
    }
    writeArrow(geometry, to: &writer)
    for (index, line) in summary.enumerated() {
      writer.element(
        "text",
        [
          ("x", DiagramGeometry.margin.diagramText), ("y", geometry.summaryBaseline(index).diagramText),
          ("font-size", "12"), ("font-family", "ui-monospace, SFMono-Regular, Menlo, monospace"),
          ("fill", "#1f2937"),
        ], content: line)
    }
    writer.close("svg")
    return writer.text
  }

  private func write(
    _ panel: DiagramPanel, index: Int, _ geometry: DiagramGeometry, to writer: inout SVGWriter
  ) {
    let frame = geometry.panel(index)
    writer.element(
      "text",
      [
        ("x", frame.x.diagramText), ("y", DiagramGeometry.captionBaseline.diagramText),
        ("font-size", "12"), ("font-weight", "600"), ("fill", "#4b5563"),
      ], content: panel.caption)
    writer.open("clipPath", [("id", "\(panel.name)-clip")])
    writer.element("rect", rectAttributes(frame))
    writer.close("clipPath")
    writer.open("g", [("id", panel.name), ("clip-path", "url(#\(panel.name)-clip)")])
    writer.raw("\n")
    writer.element(
      "rect",
      [("id", "\(panel.name)-screen")] + rectAttributes(frame) + DiagramRole.screen.style(warns: false))
    for shape in panel.shapes {
      let placed = geometry.place(shape.rect, panel: index)
      let id = ("id", "\(panel.name)-\(shape.name)")
      let style = shape.role.style(warns: shape.warns)
      if shape.role == .keyboardTop {
        writer.element(
          "line",
          [
            id, ("x1", placed.minX.diagramText), ("y1", placed.minY.diagramText),
            ("x2", placed.maxX.diagramText), ("y2", placed.minY.diagramText),
          ] + style)
      } else {
        writer.element("rect", [id] + rectAttributes(placed) + style)
      }
    }
    writer.close("g")
    writer.open("g", [("id", "\(panel.name)-labels"), ("font-size", "10")])
    writer.raw("\n")
    for shape in panel.shapes {
      guard let label = shape.label else { continue }
      writeLabel(label, of: shape, at: geometry.place(shape.rect, panel: index), in: frame, to: &writer)
    }
    writer.close("g")
  }

  private func writeLabel(
    _ label: String, of shape: DiagramShape, at placed: Rect, in frame: Rect, to writer: inout SVGWriter
  ) {
    var x = placed.minX + 3
    var y: Double
    switch shape.role {
    case .keyboard, .ignoredKeyboard: y = placed.minY + 13
    case .safeArea: y = placed.maxY - 3
    case .keyboardTop: y = placed.minY + 26
    case .visible: y = placed.maxY - 5
    default:
      y = placed.minY - 4
      if y < frame.minY + 22 { y = placed.maxY + 11 }
    }
    x = min(max(x, frame.minX + 2), frame.maxX - 2)
    y = min(max(y, frame.minY + 10), frame.maxY - 3)
    var attributes: [(String, String)] = [
      ("x", x.diagramText), ("y", y.diagramText),
    ]
    if shape.role.labelIsInside {
      attributes.append(("fill", "#ffffff"))
    } else {
      attributes += [
        ("fill", shape.warns ? DiagramRole.warningColor : "#1f2937"), ("stroke", "#ffffff"),
        ("stroke-width", "3"), ("stroke-linejoin", "round"), ("paint-order", "stroke"),
      ]
    }
    writer.element("text", attributes, content: label)
  }

  private func writeArrow(_ geometry: DiagramGeometry, to writer: inout SVGWriter) {
    let start = geometry.panel(0).maxX + 10
    let end = geometry.panel(1).minX - 10
    let y = geometry.panel(0).minY + geometry.panelHeight / 2
    writer.element(
      "path",
      [
        ("d", "M\(start.diagramText) \(y.diagramText)H\(end.diagramText)"), ("stroke", "#8a94a6"),
        ("stroke-width", "2"),
      ])
    writer.element(
      "path",
      [
        (
          "d",
          "M\((end - 7).diagramText) \((y - 5).diagramText)L\(end.diagramText) \(y.diagramText)L\((end - 7).diagramText) \((y + 5).diagramText)Z"
        ),
        ("fill", "#8a94a6"),
      ])
  }

  private func rectAttributes(_ rect: Rect) -> [(String, String)] {
    [
      ("x", rect.x.diagramText), ("y", rect.y.diagramText), ("width", rect.width.diagramText),
      ("height", rect.height.diagramText),
    ]
  }
}

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

extension String {
  /// The text escaped for XML character data and attribute values.
  ///
  /// `&`, `<`, `>`, `"` and `'` become entity references; characters XML 1.0 does not allow
  /// (controls other than tab, line feed and carriage return, and the non-characters U+FFFE
  /// and U+FFFF) become U+FFFD.
  var xmlEscaped: String {
    var escaped = ""
    escaped.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          escaped += "\u{FFFD}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }
}

extension Double {
  /// The number as a diagram writes it: at most two decimals, no `-0`, no trailing `.0`.
  var diagramText: String {
    let rounded = (self * 100).rounded() / 100
    guard rounded.isFinite else { return "0" }
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      return String(Int64(rounded))
    }
    return String(rounded)
  }
}
