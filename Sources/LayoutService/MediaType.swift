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
