/// JSON Pointers (RFC 6901) and readable member names for coding paths.
public enum JSONPointer {
  /// The JSON Pointer of a coding path: `[keyboard, height]` → `/keyboard/height`; `[]` → `""`.
  ///
  /// `~` is written `~0` and `/` is written `~1`; an array index is written as its number.
  public static func pointer(for codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      result += "/"
      result += escape(token(of: key))
    }
    return result
  }

  /// A member name for sentences: `[keyboard, height]` → `keyboard.height`,
  /// `[items, 0]` → `items[0]`, `[]` → `the body`.
  public static func memberName(for codingPath: [any CodingKey]) -> String {
    if codingPath.isEmpty { return "the body" }
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        if !result.isEmpty { result += "." }
        result += key.stringValue
      }
    }
    return result
  }

  /// One reference token, escaped as RFC 6901 §3 requires.
  public static func escape(_ token: String) -> String {
    guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
    var result = ""
    for character in token {
      switch character {
      case "~": result += "~0"
      case "/": result += "~1"
      default: result.append(character)
      }
    }
    return result
  }

  private static func token(of key: any CodingKey) -> String {
    if let index = key.intValue { return String(index) }
    return key.stringValue
  }
}
