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
