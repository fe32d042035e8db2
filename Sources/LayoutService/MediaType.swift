/// The `Content-Type` values a request body is read as JSON under (SPEC §7).
enum MediaType {
  /// Whether a body sent with `contentType` is read as JSON: `application/json`, any
  /// `*/*+json`, and `text/plain` and `application/x-www-form-urlencoded` (what `curl -d` and
  /// a simple browser `fetch` send). Parameters such as `charset` are ignored.
  static func isReadAsJSON(_ contentType: String) -> Bool {
    let essence =
      contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      .first ?? ""
    let type = essence.trimmingWhitespace().lowercased()
    switch type {
    case "application/json", "text/plain", "application/x-www-form-urlencoded":
      return true
    default:
      guard let slash = type.firstIndex(of: "/"), slash != type.startIndex else { return false }
      let subtype = type[type.index(after: slash)...]
      return subtype.hasSuffix("+json") && subtype.count > "+json".count
    }
  }
}

extension Substring {
  func trimmingWhitespace() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
