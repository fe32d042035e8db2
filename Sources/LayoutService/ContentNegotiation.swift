/// The `Content-Type` values a request body is read as JSON under (SPEC §7).
enum MediaType {
  /// Whether a body sent with `contentType` is read as JSON: `application/json`, any
  /// `*/*+json`, and `text/plain` and `application/x-www-form-urlencoded` (what `curl -d` and
  /// a simple browser `fetch` send). Parameters such as `charset` are ignored.
  ///
  /// ASCII values (all real ones) are read from their bytes, without allocating.
  static func isReadAsJSON(_ contentType: String) -> Bool {
    var contentType = contentType
    if let answer = contentType.withUTF8(isASCIIReadAsJSON) { return answer }
    return isTextReadAsJSON(contentType)
  }

  /// Whether a body sent with the `Content-Type` value `bytes` is read as JSON.
  static func isReadAsJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    isASCIIReadAsJSON(bytes) ?? isTextReadAsJSON(String(decoding: bytes, as: UTF8.self))
  }

  /// The answer for ASCII bytes, or nil when they hold any other byte.
  private static func isASCIIReadAsJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
    var start = 0
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    let type = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if equal(type, "application/json") || equal(type, "text/plain")
      || equal(type, "application/x-www-form-urlencoded")
    {
      return true
    }
    guard let slash = type.firstIndex(of: UInt8(ascii: "/")), slash != 0 else { return false }
    let subtype = UnsafeBufferPointer(rebasing: type[(slash + 1)...])
    let suffix = "+json".count
    return subtype.count > suffix
      && equal(UnsafeBufferPointer(rebasing: subtype[(subtype.count - suffix)...]), "+json")
  }

  /// Whether ASCII `bytes` spell `lowercase`, ignoring case.
  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
    guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
    let expected = lowercase.utf8Start
    for index in 0..<bytes.count {
      let byte = bytes[index]
      let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      if folded != expected[index] { return false }
    }
    return true
  }

  /// The answer for any text, by characters.
  static func isTextReadAsJSON(_ contentType: String) -> Bool {
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

extension AnswerFormat {
  /// The most specific media range seen so far that matches one media type, and its quality.
  struct Match {
    /// 0: no range matched; 1: `*/*`; 2: `type/*`; 3: `type/subtype`.
    private(set) var specificity = 0
    private(set) var quality = 0.0

    /// Keeps `quality` when the range `type/subtype` matches `target` more specifically than
    /// any range before it (the first of equally specific ranges wins).
    mutating func consider(
      _ type: Substring, _ subtype: Substring, _ quality: Double, for target: (String, String)
    ) {
      let rank: Int
      if type == target.0 && subtype == target.1 {
        rank = 3
      } else if type == target.0 && subtype == "*" {
        rank = 2
      } else if type == "*" && subtype == "*" {
        rank = 1
      } else {
        return
      }
      guard rank > specificity else { return }
      specificity = rank
      self.quality = quality
    }
  }
}
