import Foundation

/// Compares `JSONSerialization` objects as the worked examples are meant to be read: numbers as
/// numbers (`246` equals `246.0`, and unrounded doubles within a relative 1e-9), booleans apart
/// from numbers, objects by their key sets.
public enum JSONComparison {
  /// Members an answer may carry although an example leaves them out: curve 7's `easing` is the
  /// service's own `linear()` string, and a problem's `title` and `detail` are the service's words.
  public static let unpinned: Set<String> = ["easing", "title", "detail"]

  /// The differences between two JSON values, as readable lines; empty when they are equal.
  ///
  /// `actual` may have members of `unpinned` that `expected` lacks; every other key set must match.
  public static func differences(
    _ actual: Any, _ expected: Any, at path: String = "", unpinned: Set<String> = unpinned
  ) -> [String] {
    switch (actual, expected) {
    case (let a as [String: Any], let e as [String: Any]):
      let keys = Set(a.keys)
      let expectedKeys = Set(e.keys)
      let extra = keys.subtracting(expectedKeys).subtracting(unpinned)
      if !expectedKeys.isSubset(of: keys) || !extra.isEmpty {
        return ["\(path): keys \(keys.sorted()) != expected \(expectedKeys.sorted())"]
      }
      return expectedKeys.sorted().flatMap {
        differences(a[$0]!, e[$0]!, at: "\(path)/\($0)", unpinned: unpinned)
      }
    case (let a as [Any], let e as [Any]):
      if a.count != e.count { return ["\(path): \(a.count) items != expected \(e.count)"] }
      return zip(a, e).enumerated().flatMap {
        differences($1.0, $1.1, at: "\(path)/\($0)", unpinned: unpinned)
      }
    case (let a as String, let e as String):
      return a == e ? [] : ["\(path): \"\(a)\" != expected \"\(e)\""]
    case (is NSNull, is NSNull):
      return []
    case (let a as NSNumber, let e as NSNumber):
      if isBoolean(a) != isBoolean(e) { return ["\(path): \(a) and expected \(e) differ in type"] }
      let (x, y) = (a.doubleValue, e.doubleValue)
      return x == y || abs(x - y) <= 1e-9 * max(1, abs(y)) ? [] : ["\(path): \(a) != expected \(e)"]
    default:
      return ["\(path): \(actual) != expected \(expected)"]
    }
  }

  /// Whether `JSONSerialization` read the number from `true` or `false`.
  public static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
