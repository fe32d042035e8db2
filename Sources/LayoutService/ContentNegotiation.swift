import MicroHTTP

/// The `Content-Type` values a request body is read as JSON under (contract §7).
enum MediaType {
  /// Whether a body sent with `contentType` is read as JSON: `application/json`, any
  /// `*/*+json`, and `text/plain` and `application/x-www-form-urlencoded` (what `curl -d` and
  /// a simple browser `fetch` send). Case is ignored, and so are parameters such as `charset`.
  ///
  /// Read from the value's UTF-8 bytes, folding ASCII letters only, without allocating: every
  /// name it accepts is ASCII.
  static func isReadAsJSON(_ contentType: String) -> Bool {
    var contentType = contentType
    return contentType.withUTF8 { isReadAsJSON($0) }
  }

  /// Whether a body sent with the `Content-Type` value `bytes` (UTF-8) is read as JSON.
  static func isReadAsJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    isExactlyApplicationJSON(bytes) || isReadAsJSON(bytes[...])
  }

  /// Whether `bytes` are `application/json`, in any case: what nearly every request sends,
  /// compared as two words with the letters' case bit set (never the slash's: 0x0F is no `/`).
  @inline(__always)
  private static func isExactlyApplicationJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count == 16, let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    // "applicat" and "ion/json", least significant byte first.
    return first | 0x2020_2020_2020_2020 == 0x7461_6369_6C70_7061
      && second | 0x2020_2020_0020_2020 == 0x6E6F_736A_2F6E_6F69
  }

  /// `isReadAsJSON(_:)` over any bytes.
  static func isReadAsJSON<Bytes: BidirectionalCollection>(_ bytes: Bytes) -> Bool
  where Bytes.Element == UInt8 {
    var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
    var start = bytes.startIndex
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
    while end > start, bytes[bytes.index(before: end)] == 0x20 || bytes[bytes.index(before: end)] == 0x09 {
      end = bytes.index(before: end)
    }
    let type = bytes[start..<end]
    if equal(type, "application/json") || equal(type, "text/plain")
      || equal(type, "application/x-www-form-urlencoded")
    {
      return true
    }
    guard let slash = type.firstIndex(of: UInt8(ascii: "/")), slash != type.startIndex else { return false }
    let subtype = type[type.index(after: slash)...]
    let suffix = "+json".utf8.count
    return subtype.count > suffix && equal(subtype.suffix(suffix), "+json")
  }

  /// Whether a `Content-Encoding` value (its bytes) names no coding (`HTTPSyntax.isIdentityCoding`).
  static func isIdentityCoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.withMemoryRebound(to: CChar.self) { value in
      value.baseAddress.map { HTTPSyntax.isIdentityCoding($0, count: value.count) } ?? true
    }
  }

  /// Whether `bytes` spell `lowercase`, ignoring the case of ASCII letters.
  private static func equal<Bytes: Collection>(_ bytes: Bytes, _ lowercase: StaticString) -> Bool
  where Bytes.Element == UInt8 {
    guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
    let expected = lowercase.utf8Start
    for (offset, byte) in bytes.enumerated() {
      let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      if folded != expected[offset] { return false }
    }
    return true
  }
}

/// How `POST /avoid` and `POST /caret-follow` write their answer: JSON, or an SVG diagram when
/// the request's `Accept` prefers `image/svg+xml` to JSON.
enum AnswerFormat: Equatable, Sendable {
  case json
  case svg

  /// The format `request`'s `Accept` prefers; several `Accept` fields are one list (RFC 9110
  /// §5.3), read together.
  static func preferred(by request: borrowing HTTPRequest) -> AnswerFormat {
    if request.hasRepeatedHeader(.accept) { return AnswerFormat(accept: request.headerList(.accept)) }
    return request.header(.accept, satisfies: prefersSVG) ? .svg : .json
  }

  /// Whether an `Accept` header (its bytes, nil when absent) asks for the SVG diagram: the
  /// common values that cannot (`*/*`, `application/json`) are told without reading them further.
  static func prefersSVG(_ accept: UnsafeBufferPointer<UInt8>?) -> Bool {
    guard let accept, accept.count > 0 else { return false }
    if accept.elementsEqual("*/*".utf8) || accept.elementsEqual("application/json".utf8) { return false }
    return AnswerFormat(accept: String(decoding: accept, as: UTF8.self)) == .svg
  }

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
    let essence = parts[0].trimmingOWS().lowercased()
    guard let slash = essence.firstIndex(of: "/") else { return nil }
    let type = essence[..<slash]
    let subtype = essence[essence.index(after: slash)...]
    guard !type.isEmpty, !subtype.isEmpty else { return nil }
    var quality = 1.0
    for parameter in parts.dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2, pair[0].trimmingOWS().lowercased() == "q" else { continue }
      guard let value = Double(pair[1].trimmingOWS()), (0...1).contains(value) else { return nil }
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
