import LayoutTesting

/// A JSON text under construction: raw tokens and containers, rendered with random
/// whitespace.
indirect enum Fragment {
  /// Members as (encoded name token with quotes, value).
  case object([(name: [UInt8], value: Fragment)])
  case array([Fragment])
  case raw([UInt8])

  static func raw(_ text: String) -> Fragment { .raw(Array(text.utf8)) }

  func render(using rng: inout SplitMix64, whitespace: Double = 0.15) -> [UInt8] {
    var out: [UInt8] = []
    render(into: &out, rng: &rng, whitespace: whitespace)
    return out
  }

  private static let spaces: [[UInt8]] = [[0x20], [0x0A], [0x09], [0x0D, 0x0A], [0x20, 0x20, 0x20]]

  private func space(_ out: inout [UInt8], _ rng: inout SplitMix64, _ probability: Double) {
    if rng.chance(probability) { out += rng.pick(Self.spaces) }
  }

  private func render(into out: inout [UInt8], rng: inout SplitMix64, whitespace: Double) {
    switch self {
    case .raw(let bytes):
      out += bytes
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        space(&out, &rng, whitespace)
        element.render(into: &out, rng: &rng, whitespace: whitespace)
        space(&out, &rng, whitespace)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (offset, member) in members.enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        space(&out, &rng, whitespace)
        out += member.name
        space(&out, &rng, whitespace)
        out.append(UInt8(ascii: ":"))
        space(&out, &rng, whitespace)
        member.value.render(into: &out, rng: &rng, whitespace: whitespace)
        space(&out, &rng, whitespace)
      }
      out.append(UInt8(ascii: "}"))
    }
  }
}

/// JSON string tokens with randomly chosen (but always valid) escaping.
enum StringEncoding {
  static let palette: [Unicode.Scalar] =
    Array("abcXYZ019 _-.").map { $0.unicodeScalars.first! } + [
      "\"", "\\", "/", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "€",
      "😀",
      "\u{2028}", "\u{FFFF}", "\u{10FFFF}", "ß",
    ]

  static func hex(_ value: UInt32, _ rng: inout SplitMix64) -> String {
    let digits = String(value, radix: 16, uppercase: rng.chance(0.5))
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  static func encode(_ text: String, escapeRate: Double, _ rng: inout SplitMix64) -> [UInt8] {
    var out = "\""
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let short: String? =
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        case "\u{8}": "\\b"
        case "\u{C}": "\\f"
        case "/": "\\/"
        default: nil
        }
      let mustEscape = value < 0x20 || scalar == "\"" || scalar == "\\"
      if mustEscape || rng.chance(escapeRate) {
        if let short, rng.chance(0.7) {
          out += short
        } else if value > 0xFFFF {
          let offset = value - 0x10000
          out += "\\u" + hex(0xD800 + (offset >> 10), &rng) + "\\u" + hex(0xDC00 + (offset & 0x3FF), &rng)
        } else {
          out += "\\u" + hex(value, &rng)
        }
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
    return Array(out.utf8)
  }

  static func randomText(_ rng: inout SplitMix64, maxLength: Int = 12) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...maxLength, using: &rng) {
      text.unicodeScalars.append(rng.pick(palette))
    }
    return text
  }
}
