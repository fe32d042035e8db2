/// How `POST /avoid` and `POST /caret-follow` write their answer: JSON, or an SVG diagram when
/// the request's `Accept` prefers `image/svg+xml` to JSON.
enum AnswerFormat: Equatable, Sendable {
  case json
  case svg

  /// The format `accept` (an `Accept` header value, RFC 9110 §12.5.1) prefers.
  ///
  /// Each of `application/json` and `image/svg+xml` gets the quality of the most specific range
  /// that matches it (`type/subtype`, then `type/*`, then `*/*`; none: 0). SVG is chosen only
  /// when its quality is higher, so no header, `*/*` and ties answer JSON. A range with a
  /// malformed `q` is skipped.
  init(accept: String?) {
    guard let accept, !accept.isEmpty else {
      self = .json
      return
    }
    var json = Match()
    var svg = Match()
    for range in accept.split(separator: ",") {
      guard let (type, subtype, quality) = Self.parse(range) else { continue }
      json.consider(type, subtype, quality, for: ("application", "json"))
      svg.consider(type, subtype, quality, for: ("image", "svg+xml"))
    }
    self = svg.quality > json.quality ? .svg : .json
  }

  /// The media range's type and subtype, lowercased, and its `q` (1 when absent).
  private static func parse(_ range: Substring) -> (Substring, Substring, Double)? {
    let parts = range.split(separator: ";", omittingEmptySubsequences: false)
    let essence = parts[0].trimmingWhitespace().lowercased()
    guard let slash = essence.firstIndex(of: "/") else { return nil }
    let type = essence[..<slash]
    let subtype = essence[essence.index(after: slash)...]
    guard !type.isEmpty, !subtype.isEmpty else { return nil }
    var quality = 1.0
    for parameter in parts.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "q" else { continue }
      guard let value = Double(pair[1].trimmingWhitespace()), (0...1).contains(value) else { return nil }
      quality = value
    }
    return (type, subtype, quality)
  }
}
