import LayoutCore
import LayoutJSON

/// The service writes answers straight into bytes, without an `Encoder`: each answer's one member
/// list (`AnswerObject.members(_:)`, in LayoutCore) handed to the JSON writer, which reads every
/// member it is handed and changes none.
///
/// Generic over the answer and specialized for each: no existential, no allocation. (The
/// requirements' witnesses are `@usableFromInline` because `JSONWriter` is.)
extension JSONWriter: AnswerMembers {
  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: inout Double) {
    member(name, number: value)
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: inout Int) {
    key(name)
    number(value)
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: inout Bool) {
    key(name)
    bool(value)
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: inout String) {
    key(name)
    string(value)
  }

  @usableFromInline
  package mutating func member<Value: ContractName>(_ name: StaticString, _ value: inout Value) {
    key(name)
    string(value.contractName)
  }

  @usableFromInline @inline(__always)
  package mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: inout Value) {
    // Known for each answer object as this is specialized: a point, a rect, insets written where
    // the answer names them, with every name a constant.
    if let numbers = value.numberMembers {
      member(name, numbersNamed: numbers.names, numbers.values, count: numbers.count)
      return
    }
    object(named: name, &value)
  }

  /// Writes `"name":` and `value` as an object, out of line: one body for every place an answer of
  /// that type is written (objects of numbers are written where the answer names them).
  @inline(never)
  mutating func object<Value: AnswerObject>(named name: StaticString, _ value: inout Value) {
    beginObject(named: name)
    value.members(&self)
    endObject()
  }

  @usableFromInline
  package mutating func member<Values: AnswerArray<Double>>(
    _ name: StaticString, numbers values: inout Values
  ) {
    beginArray(named: name)
    for value in values { number(value) }
    endArray()
  }

  @usableFromInline
  package mutating func member<Values: AnswerArray<Bool>>(_ name: StaticString, booleans values: inout Values)
  {
    beginArray(named: name)
    for value in values { bool(value) }
    endArray()
  }

  @usableFromInline
  package mutating func member<Values: AnswerArray>(_ name: StaticString, names values: inout Values)
  where Values.Element: ContractName {
    beginArray(named: name)
    for value in values { string(value.contractName) }
    endArray()
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: inout Double?) {
    if value != nil { member(name, &value!) }
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: inout Int?) {
    if value != nil { member(name, &value!) }
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: inout Bool?) {
    if value != nil { member(name, &value!) }
  }

  @usableFromInline
  package mutating func member(_ name: StaticString, _ value: inout String?) {
    if value != nil { member(name, &value!) }
  }

  @usableFromInline
  package mutating func member<Value: ContractName>(_ name: StaticString, _ value: inout Value?) {
    if value != nil { member(name, &value!) }
  }

  @usableFromInline
  package mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: inout Value?) {
    if value != nil { member(name, &value!) }
  }

  @usableFromInline
  package mutating func member<Values: AnswerArray<Double>>(
    _ name: StaticString, numbers values: inout Values?
  ) {
    if values != nil { member(name, numbers: &values!) }
  }

  @usableFromInline
  package mutating func member<Values: AnswerArray<Bool>>(
    _ name: StaticString, booleans values: inout Values?
  ) {
    if values != nil { member(name, booleans: &values!) }
  }

  @usableFromInline
  package mutating func member<Values: AnswerArray>(_ name: StaticString, names values: inout Values?)
  where Values.Element: ContractName {
    if values != nil { member(name, names: &values!) }
  }

  @usableFromInline
  package mutating func namedNumbers(_ arrays: inout [NamedNumbers]) {
    for array in arrays {
      key(array.name)
      beginArray()
      for value in array.values { number(value) }
      endArray()
    }
  }

  /// Writes `value` as a JSON object: its members, in its order. (`inout`, though nothing is
  /// changed: the members are handed over in place, where a value passed in would be copied first.)
  package mutating func object(_ value: inout some AnswerObject) {
    beginObject()
    value.members(&self)
    endObject()
  }
}
