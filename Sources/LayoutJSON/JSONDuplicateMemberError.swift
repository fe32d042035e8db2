/// An object with two members of the same name (I-JSON, RFC 7493), which this codec rejects.
///
/// Names are compared after unescaping (`"a"` and `"\u0061"` are the same name). The error
/// points at the second occurrence: `codingPath` ends with the repeated name.
public struct JSONDuplicateMemberError: Error, @unchecked Sendable, CustomStringConvertible {
  // @unchecked: `codingPath` holds only `JSONCodingKey` values, which are Sendable; the
  // array is typed `[any CodingKey]` so that it plugs into code written for DecodingError.

  /// The path to the second member, names and indices as `JSONCodingKey`s.
  public let codingPath: [any CodingKey]
  /// The repeated name, unescaped.
  public var name: String { codingPath.last?.stringValue ?? "" }
  /// Offset of the second occurrence's opening quote.
  public let offset: Int

  init(codingPath: [any CodingKey], offset: Int) {
    self.codingPath = codingPath
    self.offset = offset
  }

  /// The JSON Pointer (RFC 6901) of the second member, e.g. `/keyboard/x`.
  public var pointer: String {
    var result = ""
    for key in codingPath {
      result += "/"
      if let index = key.intValue {
        result += String(index)
      } else {
        for scalar in key.stringValue.unicodeScalars {
          switch scalar {
          case "~": result += "~0"
          case "/": result += "~1"
          default: result.unicodeScalars.append(scalar)
          }
        }
      }
    }
    return result
  }

  public var description: String {
    "duplicate member \"\(name)\" at \(pointer)"
  }
}
