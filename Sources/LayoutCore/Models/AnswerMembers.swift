/// Visits an answer's members one by one, in the contract's order: what every answer lists once,
/// in its `members(_:)`, for every writer and every reader.
///
/// An answer member is one line of its `members(_:)`, `members.member("name", &value)`: a writer
/// (the service's JSON writer, an `Encoder`) reads each value as it comes, a reader (a `Decoder`)
/// fills each in. Nothing else names a member. Optional members (the overloads taking optionals)
/// are written only when present and read when present.
public protocol AnswerMembers: ~Copyable {
  /// A number member.
  mutating func member(_ name: StaticString, _ value: inout Double)
  /// An integer member.
  mutating func member(_ name: StaticString, _ value: inout Int)
  /// A boolean member.
  mutating func member(_ name: StaticString, _ value: inout Bool)
  /// A string member, e.g. a CSS easing.
  mutating func member(_ name: StaticString, _ value: inout String)
  /// An enumeration's value, as the contract spells it.
  mutating func member<Value: ContractName>(_ name: StaticString, _ value: inout Value)
  /// An object member: `value`'s own members.
  mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: inout Value)
  /// An array of numbers, e.g. a track's breakpoints or an animation's frames.
  mutating func member<Values: AnswerArray<Double>>(_ name: StaticString, numbers values: inout Values)
  /// An array of booleans.
  mutating func member<Values: AnswerArray<Bool>>(_ name: StaticString, booleans values: inout Values)
  /// An array of enumeration values, each as the contract spells it.
  mutating func member<Values: AnswerArray>(_ name: StaticString, names values: inout Values)
  where Values.Element: ContractName

  /// A number member, when present.
  mutating func member(_ name: StaticString, _ value: inout Double?)
  /// An integer member, when present.
  mutating func member(_ name: StaticString, _ value: inout Int?)
  /// A boolean member, when present.
  mutating func member(_ name: StaticString, _ value: inout Bool?)
  /// A string member, when present.
  mutating func member(_ name: StaticString, _ value: inout String?)
  /// An enumeration's value, when present.
  mutating func member<Value: ContractName>(_ name: StaticString, _ value: inout Value?)
  /// An object member, when present.
  mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: inout Value?)
  /// An array of numbers, when present.
  mutating func member<Values: AnswerArray<Double>>(_ name: StaticString, numbers values: inout Values?)
  /// An array of booleans, when present.
  mutating func member<Values: AnswerArray<Bool>>(_ name: StaticString, booleans values: inout Values?)
  /// An array of enumeration values, when present.
  mutating func member<Values: AnswerArray>(_ name: StaticString, names values: inout Values?)
  where Values.Element: ContractName

  /// Arrays of numbers whose names the answer does not know (a track's members, which its
  /// endpoint names): a writer writes each, a reader reads every member not visited by name.
  mutating func namedNumbers(_ arrays: inout [NamedNumbers])
}

/// An answer, or an object inside one, that lists its members once (`members(_:)`) for every writer
/// and every reader: its `encode(to:)` and `init(from:)` are made from that list.
public protocol AnswerObject: Codable {
  /// The object with every member at its zero: what a reader fills in.
  init()

  /// Hands every member, in the contract's order, to `members`; members absent from this answer
  /// are not handed to a writer.
  mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members)

  /// The members at once when they are two to four numbers (a `NumberObject`), else nil: a writer
  /// may take them in one piece rather than one by one.
  var numberMembers: NumberMembers? { get }

  /// Checks what a reader filled in beyond each member's own type: members that must agree with
  /// each other (a track's arrays with its breakpoints, a track's members with its answer's).
  func checkRead() throws
}

extension AnswerObject {
  /// Nil: the members are handed over one by one.
  @inlinable
  public var numberMembers: NumberMembers? { nil }

  /// Nothing to check: each member's own type was.
  public func checkRead() throws {}

  /// Encodes the members `members(_:)` lists, in its order.
  public func encode(to encoder: any Encoder) throws {
    var writer = EncodingAnswerWriter(container: encoder.container(keyedBy: LayoutCodingKey.self))
    var copy = self
    copy.members(&writer)
    if let error = writer.error { throw error }
  }

  /// Decodes the members `members(_:)` lists into a blank object.
  public init(from decoder: any Decoder) throws {
    self.init()
    let container = try decoder.container(keyedBy: LayoutCodingKey.self)
    var reader = DecodingAnswerReader(container: container)
    members(&reader)
    if let error = reader.error { throw error }
    do {
      try checkRead()
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath, debugDescription: "\(error)", underlyingError: error))
    }
  }
}

/// An array member's value: a sequence of numbers or booleans that can be made from the
/// elements read back.
public protocol AnswerArray<Element>: Sequence where Element: Codable {
  /// The array of `elements`; throws when they are more than the type holds.
  init(answerElements elements: [Element]) throws
}

extension Array: AnswerArray where Element: Codable {
  /// `elements` as they are.
  public init(answerElements elements: [Element]) { self = elements }
}

/// A named array of numbers: one of a track's members (contract §11), named by its endpoint.
public struct NamedNumbers: Hashable, Sendable {
  /// The member's name, e.g. `offsetY`.
  public var name: String
  /// Its numbers.
  public var values: [Double]

  /// The member `name` holding `values`.
  public init(name: String, values: [Double]) {
    self.name = name
    self.values = values
  }
}

/// An answer object whose members are two to four numbers (a point, a size, a rect, insets, a
/// transform): it lists them once, in `numbers`, and a writer may take them at once.
public protocol NumberObject: AnswerObject, ValidatingDecodable {
  /// The object's members, names and values, in the contract's order.
  var numbers: NumberMembers { get }
  /// The object whose members, in `numbers`' order, are `values`' first lanes.
  init(numbers values: SIMD4<Double>)
}

extension NumberObject {
  /// `numbers`.
  ///
  /// Inlined always, as each type's `numbers` is: a writer specialized for an answer then sees
  /// the names as constants and builds no `NumberMembers?`.
  @inlinable @inline(__always)
  public var numberMembers: NumberMembers? { numbers }

  /// Decodes the object as `init(validating:)` reads it, as a request's member.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }

  /// Hands `numbers` over one by one, each to be read or filled in.
  @inlinable
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    let numbers = numbers
    var values = numbers.values
    for index in 0..<numbers.count { members.member(numbers.name(at: index), &values[index]) }
    self = Self(numbers: values)
  }
}

/// One to four number members, names and values in order: a `NumberObject`'s members, which a
/// writer takes at once (the service writes them with one check for room), or what a track records
/// at one keyboard height (contract §11).
public struct NumberMembers {
  /// How many members there are, 1 to 4.
  public let count: Int
  /// The members' names; those past `count` are empty.
  public let names: (StaticString, StaticString, StaticString, StaticString)
  /// The members' values; those past `count` are 0.
  public let values: SIMD4<Double>

  /// One member.
  @inlinable
  public init(_ name0: StaticString, _ value0: Double) {
    count = 1
    names = (name0, "", "", "")
    values = SIMD4(value0, 0, 0, 0)
  }

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

  /// The members' names, in order.
  public var nameList: [String] { (0..<count).map { name(at: $0).description } }

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
