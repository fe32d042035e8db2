import Glibc

// RFC 9110 and RFC 9112's grammar, as far as the server checks requests against it, the path a
// request target names and the authority a URL names a server by.

/// The path an origin-form or absolute-form request target names (RFC 9112 §3.2.2): for
/// `http://host:8080/healthz` it is `/healthz` (and `/` when the target has no path). The query
/// is already cut off by libmicrohttpd.
func requestPath(_ target: UnsafePointer<CChar>) -> String {
  let text = String(cString: target)
  guard target[0] != 0x2F, let schemeEnd = text.firstRange(of: "://") else { return text }
  let scheme = text[..<schemeEnd.lowerBound].lowercased()
  guard scheme == "http" || scheme == "https" else { return text }
  let authorityAndPath = text[schemeEnd.upperBound...]
  guard let slash = authorityAndPath.firstIndex(of: "/") else { return "/" }
  return String(authorityAndPath[slash...])
}

extension Substring {
  /// Without leading and trailing spaces and tabs (RFC 9110's OWS), as around header list
  /// elements and parameters.
  package func trimmingOWS() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}

/// What requests are checked against of RFC 9110's and RFC 3986's grammar: tokens, hosts,
/// targets, escapes and codings, over bit sets of their characters.
/// It also writes a host and port as an authority (`authority(host:port:)`).
package enum HTTPSyntax {
  // The character classes, as bit sets written out so that reading them costs no lazy
  // initialization; `HeaderSyntaxTests` checks each against its characters.

  /// `tchar` (RFC 9110 §5.6.2): ``!#$%&'*+-.^_`|~``, digits and letters.
  static let tokenCharacters = ByteSet(low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE)
  /// What a `Host` value holds (RFC 9110 §7.2, RFC 3986 §3.2.2, `uri-host [":" port]`): digits,
  /// letters, `-._~` (unreserved), `%` (escapes), `!$&'()*+,;=` (sub-delims), `:` and the
  /// brackets of an IP literal.
  static let hostCharacters = ByteSet(low: 0x2FFF_7FF2_0000_0000, high: 0x47FF_FFFE_AFFF_FFFE)
  /// A URI scheme's characters after its first (RFC 3986 §3.1): digits, letters and `+-.`.
  static let schemeCharacters = ByteSet(low: 0x03FF_6800_0000_0000, high: 0x07FF_FFFE_07FF_FFFE)
  /// The ASCII letters.
  static let letters = ByteSet(low: 0, high: 0x07FF_FFFE_07FF_FFFE)
  /// RFC 3986 §2.3's unreserved characters: digits, letters and `-._~`.
  static let unreservedCharacters = ByteSet(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)

  /// Decodes the `%XX` escapes of unreserved characters in the C string `text` in place (RFC 3986
  /// §2.3: `%41` is `A`), which mean the same decoded or not (§6.2.2.2); returns the new length.
  /// Any other escape, and a `%` without two hex digits, stays as it is.
  static func decodeUnreservedEscapes(in text: UnsafeMutablePointer<CChar>) -> Int {
    guard let first = strchr(text, 0x25) else { return strlen(text) }
    var read = text.distance(to: first)
    var written = read
    while text[read] != 0 {
      if text[read] == 0x25, let high = hexValue(text[read + 1]), let low = hexValue(text[read + 2]) {
        let byte = high << 4 | low
        if unreservedCharacters.contains(byte) {
          text[written] = CChar(bitPattern: byte)
          written += 1
          read += 3
          continue
        }
      }
      text[written] = text[read]
      written += 1
      read += 1
    }
    text[written] = 0
    return written
  }

  /// The value of the hexadecimal digit `digit`, or nil.
  private static func hexValue(_ digit: CChar) -> UInt8? {
    let byte = UInt8(bitPattern: digit)
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }

  /// Whether the `count` bytes at `bytes` are a token: a method or a field name.
  static func isToken(_ bytes: UnsafePointer<CChar>, count: Int) -> Bool {
    count > 0 && tokenCharacters.containsAll(bytes, count: count)
  }

  /// Whether none of the `count` bytes at `bytes` is a space or a control character.
  static func hasNoSpaceOrControl(_ bytes: UnsafePointer<CChar>, count: Int) -> Bool {
    for index in 0..<count {
      let byte = UInt8(bitPattern: bytes[index])
      guard byte > 0x20, byte != 0x7F else { return false }
    }
    return true
  }

  /// Whether a request target is origin-form (`/…`), absolute-form (`scheme:…`) or `*`, with no
  /// whitespace or control character (RFC 9112 §3.2). The query is already cut off.
  static func isTarget(_ target: UnsafePointer<CChar>) -> Bool {
    let count = strlen(target)
    for index in 0..<count {
      let byte = UInt8(bitPattern: target[index])
      guard byte > 0x20, byte != 0x7F else { return false }
    }
    if target[0] == 0x2F || (count == 1 && target[0] == 0x2A) { return true }
    // RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
    guard count > 0, letters.contains(UInt8(bitPattern: target[0])) else { return false }
    var index = 1
    while index < count, schemeCharacters.contains(UInt8(bitPattern: target[index])) { index += 1 }
    return index < count && target[index] == 0x3A
  }

  /// Whether a `Host` value of `count` bytes is a host and optional port (RFC 9110 §7.2,
  /// RFC 3986 §3.2.2): a name or IPv4 address, or an IP literal in brackets, then `:` and
  /// digits. Trailing spaces and tabs are the field's own whitespace; an empty value is allowed
  /// (RFC 9112 §3.2).
  static func isHost(_ bytes: UnsafePointer<CChar>, count: Int) -> Bool {
    var count = count
    while count > 0, bytes[count - 1] == 0x20 || bytes[count - 1] == 0x09 { count -= 1 }
    var index = 0
    if count > 0, bytes[0] == 0x5B {
      // An IP literal: what may appear inside the brackets, up to the closing one.
      index = 1
      while index < count, bytes[index] != 0x5D {
        guard bytes[index] != 0x5B, hostCharacters.contains(UInt8(bitPattern: bytes[index])) else {
          return false
        }
        index += 1
      }
      guard index < count else { return false }
      index += 1
    } else {
      while index < count, bytes[index] != 0x3A {
        let byte = UInt8(bitPattern: bytes[index])
        guard byte != 0x5B, byte != 0x5D, hostCharacters.contains(byte) else { return false }
        index += 1
      }
    }
    guard index < count else { return true }
    guard bytes[index] == 0x3A else { return false }
    for port in (index + 1)..<count where !(0x30...0x39).contains(UInt8(bitPattern: bytes[port])) {
      return false
    }
    return true
  }

  /// `host:port` as a URL's authority or a `Host` value writes it (RFC 3986 §3.2.2): an IPv6
  /// literal in brackets, unless it has them already.
  package static func authority(host: String, port: Int) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// Whether a `Content-Encoding` value of `count` bytes names no coding: a list (RFC 9110
  /// §5.6.1) whose every element is `identity` in any case (§8.4.1), its empty elements, spaces
  /// and tabs aside; an empty value too.
  package static func isIdentityCoding(_ bytes: UnsafePointer<CChar>, count: Int) -> Bool {
    var start = 0
    while start < count {
      var end = start
      while end < count, bytes[end] != 0x2C { end += 1 }
      var first = start
      var last = end
      while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
      while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
      if last > first, !(last - first == 8 && strncasecmp(bytes + first, "identity", 8) == 0) { return false }
      start = end + 1
    }
    return true
  }

  /// A set of ASCII bytes, tested by a shift and a mask.
  struct ByteSet: Equatable {
    /// Bytes 0–63, one bit each, and 64–127.
    let low: UInt64
    let high: UInt64

    init(low: UInt64, high: UInt64) {
      self.low = low
      self.high = high
    }

    /// The set of the ASCII characters of `members`.
    init(_ members: String) {
      var low: UInt64 = 0
      var high: UInt64 = 0
      for byte in members.utf8 {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
      }
      self.init(low: low, high: high)
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
      byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte &- 64) & 1 == 1
    }

    /// Whether every one of the `count` bytes at `bytes` is in the set.
    func containsAll(_ bytes: UnsafePointer<CChar>, count: Int) -> Bool {
      for index in 0..<count where !contains(UInt8(bitPattern: bytes[index])) { return false }
      return true
    }
  }
}
