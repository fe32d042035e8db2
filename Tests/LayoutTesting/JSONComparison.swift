import Foundation

/// Compares `JSONSerialization` objects: numbers as numbers (`246` equals `246.0`), booleans
/// apart from numbers, objects by exact key sets.
public enum JSONComparison {
  /// The differences between two JSON values, as readable lines; empty when they are equal.
  public static func differences(_ actual: Any, _ expected: Any, at path: String = "") -> [String] {
    switch (actual, expected) {
    case (let a as [String: Any], let e as [String: Any]):
      let keys = Set(a.keys)
      let expectedKeys = Set(e.keys)
      if keys != expectedKeys {
        return ["\(path): keys \(keys.sorted()) != expected \(expectedKeys.sorted())"]
      }
      return keys.sorted().flatMap { differences(a[$0]!, e[$0]!, at: "\(path)/\($0)") }
    case (let a as [Any], let e as [Any]):
      if a.count != e.count { return ["\(path): \(a.count) items != expected \(e.count)"] }
      return zip(a, e).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)/\($0)") }
    case (let a as String, let e as String):
      return a == e ? [] : ["\(path): \"\(a)\" != expected \"\(e)\""]
    case (is NSNull, is NSNull):
      return []
    case (let a as NSNumber, let e as NSNumber):
      if isBoolean(a) != isBoolean(e) { return ["\(path): \(a) and expected \(e) differ in type"] }
      return a.doubleValue == e.doubleValue ? [] : ["\(path): \(a) != expected \(e)"]
    default:
      return ["\(path): \(actual) != expected \(expected)"]
    }
  }

  /// Whether `JSONSerialization` read the number from `true` or `false`.
  public static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
