import Foundation
import LayoutJSON
import Testing

/// What a decode produced, reduced to what the two decoders must agree on.
enum DecodeOutcome: Equatable, CustomStringConvertible {
  /// A decoded value, as `String(describing:)` (Doubles print shortest round-trip, so equal
  /// descriptions mean bit-equal Doubles, and `-0.0` differs from `0.0`).
  case value(String)
  /// Foundation: "The given data was not valid JSON."; this codec: `JSONSyntaxError`.
  case notJSON
  /// This codec: a number the asked type cannot hold (`dataCorrupted`, "not representable").
  case numberOutOfRange(path: [String])
  case duplicate(path: [String])
  /// Other `DecodingError`s: case, type or key, and coding path.
  case decoding(kind: String, subject: String, path: [String])
  case other(String)

  var description: String {
    switch self {
    case .value(let text): "value \(text)"
    case .notJSON: "not JSON"
    case .numberOutOfRange(let path): "number out of range at \(path)"
    case .duplicate(let path): "duplicate member at \(path)"
    case .decoding(let kind, let subject, let path): "\(kind)(\(subject)) at \(path)"
    case .other(let text): "other error \(text)"
    }
  }

  /// Whether this codec's outcome (`self`) agrees with Foundation's: equal, or a number the
  /// type cannot hold, which Foundation reports as "not valid JSON" at the root.
  func agrees(withFoundation foundation: DecodeOutcome) -> Bool {
    if self == foundation { return true }
    if foundation == .notJSON, case .numberOutOfRange = self { return true }
    return false
  }

  static func pathStrings(_ path: [any CodingKey]) -> [String] {
    path.map { key in key.intValue.map { "#\($0)" } ?? key.stringValue }
  }

  init(error: any Error) {
    switch error {
    case is JSONSyntaxError:
      self = .notJSON
    case let error as JSONDuplicateMemberError:
      self = .duplicate(path: Self.pathStrings(error.codingPath))
    case DecodingError.dataCorrupted(let context):
      if context.debugDescription == "The given data was not valid JSON." {
        self = .notJSON
      } else if context.debugDescription.contains("is not representable") {
        self = .numberOutOfRange(path: Self.pathStrings(context.codingPath))
      } else {
        self = .decoding(kind: "dataCorrupted", subject: "", path: Self.pathStrings(context.codingPath))
      }
    case DecodingError.keyNotFound(let key, let context):
      self = .decoding(
        kind: "keyNotFound", subject: key.stringValue, path: Self.pathStrings(context.codingPath))
    case DecodingError.typeMismatch(let type, let context):
      self = .decoding(kind: "typeMismatch", subject: "\(type)", path: Self.pathStrings(context.codingPath))
    case DecodingError.valueNotFound(let type, let context):
      self = .decoding(kind: "valueNotFound", subject: "\(type)", path: Self.pathStrings(context.codingPath))
    default:
      self = .other("\(error)")
    }
  }

  static func foundation<T: Decodable>(_ type: T.Type, _ body: [UInt8]) -> DecodeOutcome {
    do {
      return .value(String(describing: try JSONDecoder().decode(type, from: Data(body))))
    } catch {
      return DecodeOutcome(error: error)
    }
  }

  static func fast<T: Decodable>(_ type: T.Type, _ body: [UInt8]) -> DecodeOutcome {
    do {
      return .value(String(describing: try FastJSONDecoder().decode(type, from: body)))
    } catch {
      return DecodeOutcome(error: error)
    }
  }
}

/// Expects both decoders to agree on `body` decoded as `type`.
func expectSameOutcome<T: Decodable>(
  _ type: T.Type, _ body: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
) {
  let fast = DecodeOutcome.fast(type, body)
  let foundation = DecodeOutcome.foundation(type, body)
  let agree = fast.agrees(withFoundation: foundation)
  #expect(agree, "\(T.self): fast \(fast), Foundation \(foundation)", sourceLocation: sourceLocation)
}
