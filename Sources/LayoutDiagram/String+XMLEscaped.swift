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
