import LayoutCore
import LayoutJSON

/// The service writes answers straight into bytes, without an `Encoder`: each answer's one member
/// list (`AnswerObject.writeMembers(to:)`, in LayoutCore) handed to the JSON writer.
///
/// Generic over the answer and specialized for each: no existential, no allocation. (The
/// requirements' witnesses are `@usableFromInline` because `JSONWriter` is.)
extension JSONWriter: AnswerWriter {
  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: Double) {
    member(name, number: value)
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: Int) {
    key(name)
    number(value)
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: Bool) {
    key(name)
    bool(value)
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: String) {
    key(name)
    string(value)
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, literal value: StaticString) {
    key(name)
    string(value)
  }

  @usableFromInline @inline(__always)
  package mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: Value) {
    // Known for each answer object as this is specialized: a point, a rect, insets written where
    // the answer names them, with every name a constant.
    if let numbers = value.numberMembers {
      member(name, numbersNamed: numbers.names, numbers.values, count: numbers.count)
      return
    }
    object(named: name, value)
  }

  /// Writes `"name":` and `value` as an object, out of line: inlined where an answer names it
  /// (its objects of numbers are), it made `keyboardHeight`'s answer dearer.
  @inline(never)
  mutating func object<Value: AnswerObject>(named name: StaticString, _ value: Value) {
    beginObject(named: name)
    value.writeMembers(to: &self)
    endObject()
  }

  @usableFromInline
  package mutating func member<Values: Sequence>(_ name: StaticString, numbers values: Values)
  where Values.Element == Double {
    beginArray(named: name)
    for value in values { number(value) }
    endArray()
  }

  @usableFromInline
  package mutating func member<Values: Sequence>(_ name: StaticString, booleans values: Values)
  where Values.Element == Bool {
    beginArray(named: name)
    for value in values { bool(value) }
    endArray()
  }

  /// Writes `value` as a JSON object: its members, in its order.
  package mutating func object(_ value: some AnswerObject) {
    beginObject()
    value.writeMembers(to: &self)
    endObject()
  }
}
