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
}

extension AnswerObject {
  /// Encodes the members `writeMembers(to:)` lists, in its order.
  public func encode(to encoder: any Encoder) throws {
    var writer = EncodingAnswerWriter(container: encoder.container(keyedBy: LayoutCodingKey.self))
    writeMembers(to: &writer)
    if let error = writer.error { throw error }
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
