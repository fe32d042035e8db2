/// Takes an answer's members one by one, in the contract's order: the one list each answer declares
/// (`AnswerObject.writeMembers(to:)`), from which both its `encode(to:)` and the service's
/// allocation-free JSON writer are made.
///
/// An answer member is one line of its `writeMembers(to:)`; nothing else names it for writing.
/// Optional members (the extension's overloads taking optionals) are written only when present.
public protocol AnswerWriter: ~Copyable {
  /// A number member.
  mutating func member(_ name: StaticString, _ value: Double)
  /// An integer member.
  mutating func member(_ name: StaticString, _ value: Int)
  /// A boolean member.
  mutating func member(_ name: StaticString, _ value: Bool)
  /// A string member, e.g. a CSS easing.
  mutating func member(_ name: StaticString, _ value: String)
  /// A string member whose value is a literal: an enumeration's `contractName`.
  mutating func member(_ name: StaticString, literal value: StaticString)
  /// An object member: `value`'s own members.
  mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: Value)
  /// An array of numbers, e.g. a track's breakpoints or an animation's frames.
  mutating func member<Values: Sequence>(_ name: StaticString, numbers values: Values)
  where Values.Element == Double
  /// An array of booleans.
  mutating func member<Values: Sequence>(_ name: StaticString, booleans values: Values)
  where Values.Element == Bool
}

extension AnswerWriter where Self: ~Copyable {
  /// An enumeration's value, as the contract spells it.
  @inlinable
  public mutating func member(_ name: StaticString, _ value: some ContractName) {
    member(name, literal: value.contractName)
  }

  /// A number member, when present.
  @inlinable
  public mutating func member(_ name: StaticString, _ value: Double?) {
    if let value { member(name, value) }
  }

  /// An integer member, when present.
  @inlinable
  public mutating func member(_ name: StaticString, _ value: Int?) {
    if let value { member(name, value) }
  }

  /// A boolean member, when present.
  @inlinable
  public mutating func member(_ name: StaticString, _ value: Bool?) {
    if let value { member(name, value) }
  }

  /// A string member, when present.
  @inlinable
  public mutating func member(_ name: StaticString, _ value: String?) {
    if let value { member(name, value) }
  }

  /// An enumeration's value, when present.
  @inlinable
  public mutating func member<Value: ContractName>(_ name: StaticString, _ value: Value?) {
    if let value { member(name, literal: value.contractName) }
  }

  /// An object member, when present.
  @inlinable
  public mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: Value?) {
    if let value { member(name, value) }
  }

  /// An array of numbers, when present.
  @inlinable
  public mutating func member<Values: Sequence>(_ name: StaticString, numbers values: Values?)
  where Values.Element == Double {
    if let values { member(name, numbers: values) }
  }

  /// An array of booleans, when present.
  @inlinable
  public mutating func member<Values: Sequence>(_ name: StaticString, booleans values: Values?)
  where Values.Element == Bool {
    if let values { member(name, booleans: values) }
  }
}

/// An answer, or an object inside one, that lists its members once for every writer.
///
/// `encode(to:)` comes from `writeMembers(to:)`: an `Encoder` writes the same members, in the same
/// order, as the service's JSON writer does.
public protocol AnswerObject: Encodable {
  /// Hands every member, in the contract's order, to `writer`; members absent from this answer are
  /// not handed over.
  func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer)

  /// The members at once when they are two to four numbers (a `NumberObject`), else nil: a writer
  /// may take them in one piece rather than one by one.
  var numberMembers: NumberMembers? { get }
}

extension AnswerObject {
  /// Nil: the members are handed over one by one.
  @inlinable
  public var numberMembers: NumberMembers? { nil }

  /// Encodes the members `writeMembers(to:)` lists, in its order.
  public func encode(to encoder: any Encoder) throws {
    var writer = EncodingAnswerWriter(container: encoder.container(keyedBy: LayoutCodingKey.self))
    writeMembers(to: &writer)
    if let error = writer.error { throw error }
  }
}

/// An answer object whose members are two to four numbers (a point, a size, a rect, insets, a
/// transform): it lists them once, in `members`, and a writer may take them at once.
public protocol NumberObject: AnswerObject {
  /// The object's members, names and values, in the contract's order.
  var members: NumberMembers { get }
}

extension NumberObject {
  /// `members`.
  ///
  /// Inlined always, as each type's `members` is: a writer specialized for an answer then sees
  /// the names as constants and builds no `NumberMembers?`.
  @inlinable @inline(__always)
  public var numberMembers: NumberMembers? { members }

  /// Hands `members` over one by one.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    let members = members
    for index in 0..<members.count { writer.member(members.name(at: index), members.values[index]) }
  }
}

/// Two to four number members, names and values in order: a `NumberObject`'s members, which a
/// writer takes at once (the service writes them with one check for room).
public struct NumberMembers {
  /// How many members there are, 2 to 4.
  public let count: Int
  /// The members' names; those past `count` are empty.
  public let names: (StaticString, StaticString, StaticString, StaticString)
  /// The members' values; those past `count` are 0.
  public let values: SIMD4<Double>

  /// Two members.
  @inlinable
  public init(_ name0: StaticString, _ value0: Double, _ name1: StaticString, _ value1: Double) {
    count = 2
    names = (name0, name1, "", "")
    values = SIMD4(value0, value1, 0, 0)
  }

  /// Three members.
  @inlinable
  public init(
    _ name0: StaticString, _ value0: Double, _ name1: StaticString, _ value1: Double,
    _ name2: StaticString, _ value2: Double
  ) {
    count = 3
    names = (name0, name1, name2, "")
    values = SIMD4(value0, value1, value2, 0)
  }

  /// Four members.
  @inlinable
  public init(
    _ name0: StaticString, _ value0: Double, _ name1: StaticString, _ value1: Double,
    _ name2: StaticString, _ value2: Double, _ name3: StaticString, _ value3: Double
  ) {
    count = 4
    names = (name0, name1, name2, name3)
    values = SIMD4(value0, value1, value2, value3)
  }

  /// The name of member `index`.
  @inlinable
  public func name(at index: Int) -> StaticString {
    switch index {
    case 0: names.0
    case 1: names.1
    case 2: names.2
    default: names.3
    }
  }
}

/// The `AnswerWriter` an `Encoder` is written through: each member into a keyed container.
///
/// `AnswerWriter`'s requirements cannot throw (the service's JSON writer never fails), so the first
/// error an encoder throws is kept, later members are skipped, and `encode(to:)` throws it.
struct EncodingAnswerWriter: AnswerWriter {
  var container: KeyedEncodingContainer<LayoutCodingKey>
  var error: (any Error)?

  init(container: KeyedEncodingContainer<LayoutCodingKey>) {
    self.container = container
  }

  /// Encodes `value` at `name` unless an earlier member failed.
  private mutating func encode(_ value: some Encodable, _ name: StaticString) {
    guard error == nil else { return }
    do {
      try container.encode(value, forKey: LayoutCodingKey(name))
    } catch {
      self.error = error
    }
  }

  mutating func member(_ name: StaticString, _ value: Double) { encode(value, name) }
  mutating func member(_ name: StaticString, _ value: Int) { encode(value, name) }
  mutating func member(_ name: StaticString, _ value: Bool) { encode(value, name) }
  mutating func member(_ name: StaticString, _ value: String) { encode(value, name) }
  mutating func member(_ name: StaticString, literal value: StaticString) { encode(value.description, name) }
  mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: Value) { encode(value, name) }

  mutating func member<Values: Sequence>(_ name: StaticString, numbers values: Values)
  where Values.Element == Double {
    encode(Array(values), name)
  }

  mutating func member<Values: Sequence>(_ name: StaticString, booleans values: Values)
  where Values.Element == Bool {
    encode(Array(values), name)
  }
}
