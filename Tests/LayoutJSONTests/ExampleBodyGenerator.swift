import Foundation
import LayoutTesting

/// Bodies made from the contract's example requests: re-rendered with random member order,
/// whitespace, name escapes and number forms, and optionally one mutation.
struct ExampleBodyGenerator {
  enum Mutation: CaseIterable {
    case none, remove, null, wrongType, number, keyboard, unknownMember
  }

  var rng: SplitMix64

  /// Every member path (names, and `#i` for indices) in a JSONSerialization tree.
  static func paths(_ value: Any, _ prefix: [String] = []) -> [[String]] {
    var result: [[String]] = []
    if let object = value as? [String: Any] {
      for (name, member) in object {
        result.append(prefix + [name])
        result += paths(member, prefix + [name])
      }
    } else if let array = value as? [Any] {
      for (index, element) in array.enumerated() {
        result.append(prefix + ["#\(index)"])
        result += paths(element, prefix + ["#\(index)"])
      }
    }
    return result
  }

  /// `value` with the member at `path` replaced (nil removes it).
  static func replacing(_ value: Any, at path: ArraySlice<String>, with replacement: Any?) -> Any {
    guard let first = path.first else { return replacement as Any }
    if var object = value as? [String: Any] {
      if path.count == 1 {
        object[first] = replacement
      } else if let member = object[first] {
        object[first] = replacing(member, at: path.dropFirst(), with: replacement)
      }
      return object
    }
    if var array = value as? [Any], let index = Int(first.dropFirst()) {
      if path.count == 1 {
        array[index] = replacement ?? NSNull()
      } else {
        array[index] = replacing(array[index], at: path.dropFirst(), with: replacement)
      }
      return array
    }
    return value
  }

  /// A raw JSON number token, rendered as-is.
  struct RawNumber {
    var text: String
  }

  mutating func numberText(_ number: NSNumber) -> String {
    let value = number.doubleValue
    if value == value.rounded(), abs(value) < 1e15 {
      let integer = Int64(value)
      return rng.pick(["\(integer)", "\(integer).0", "\(integer)e0", value == 0 ? "-0" : "\(integer)"])
    }
    return rng.pick([value.description, String(format: "%.17g", value)])
  }

  mutating func fragment(_ value: Any) -> Fragment {
    switch value {
    case let raw as RawNumber:
      return .raw(raw.text)
    case let object as [String: Any]:
      var members = object.map { (StringEncoding.encode($0.key, escapeRate: 0.05, &rng), $0.value) }
      members.shuffle(using: &rng)
      return .object(members.map { ($0.0, fragment($0.1)) })
    case let array as [Any]:
      return .array(array.map { fragment($0) })
    case let string as String:
      return .raw(StringEncoding.encode(string, escapeRate: 0.1, &rng))
    case let number as NSNumber:
      if String(cString: number.objCType) == "c" { return .raw(number.boolValue ? "true" : "false") }
      return .raw(numberText(number))
    default:
      return .raw("null")
    }
  }

  /// A body and the mutated path, if any.
  mutating func body(from request: Any, mutation: Mutation) -> (body: [UInt8], path: [String]?) {
    var tree = request
    var path: [String]?
    let paths = Self.paths(request)
    switch mutation {
    case .none:
      break
    case .remove, .null, .wrongType, .number:
      guard let target = paths.isEmpty ? nil : rng.pick(paths) else { break }
      path = target
      let replacement: Any? =
        switch mutation {
        case .remove: nil
        case .null: NSNull()
        case .wrongType: rng.pick(["x", true, [Any](), [String: Any](), "sideways", 1] as [Any])
        default:
          RawNumber(
            text: rng.pick([
              "1e400", "-1e400", "1e-400", "-5", "2e9", "-2e9", "7.5", "16", "-0", "0.5", "1e9", "1000000001",
              "123456789012345678901234567890", "5e-324",
            ]))
        }
      tree = Self.replacing(tree, at: target[...], with: replacement)
    case .keyboard:
      path = ["keyboard"]
      if rng.chance(0.5) {
        tree = Self.replacing(tree, at: ["keyboard"], with: nil)
        tree = Self.replacing(tree, at: ["keyboardHeight"], with: nil)
      } else {
        tree = Self.replacing(tree, at: ["keyboardHeight"], with: 300)
      }
    case .unknownMember:
      tree = Self.replacing(tree, at: ["x_\(rng.next() % 100)"], with: ["a": [1, "b", NSNull()]])
    }
    var renderRNG = SplitMix64(seed: rng.next())
    return (fragment(tree).render(using: &renderRNG), path)
  }
}
