/// The `AnswerMembers` an `Encoder` is written through: each member into a keyed container.
///
/// `AnswerMembers`' requirements cannot throw (the service's JSON writer never fails), so the first
/// error an encoder throws is kept, later members are skipped, and `encode(to:)` throws it.
struct EncodingAnswerWriter: AnswerMembers {
  var container: KeyedEncodingContainer<LayoutCodingKey>
  var error: (any Error)?

  init(container: KeyedEncodingContainer<LayoutCodingKey>) {
    self.container = container
  }

  /// Encodes `value` at `key` unless an earlier member failed.
  private mutating func encode(_ value: some Encodable, _ key: LayoutCodingKey) {
    guard error == nil else { return }
    do {
      try container.encode(value, forKey: key)
    } catch {
      self.error = error
    }
  }

  /// Encodes `value` at `name` when present.
  private mutating func encodeIfPresent(_ value: (some Encodable)?, _ name: StaticString) {
    if let value { encode(value, LayoutCodingKey(name)) }
  }

  mutating func member(_ name: StaticString, _ value: inout Double) { encode(value, LayoutCodingKey(name)) }
  mutating func member(_ name: StaticString, _ value: inout Int) { encode(value, LayoutCodingKey(name)) }
  mutating func member(_ name: StaticString, _ value: inout Bool) { encode(value, LayoutCodingKey(name)) }
  mutating func member(_ name: StaticString, _ value: inout String) { encode(value, LayoutCodingKey(name)) }
  mutating func member<Value: ContractName>(_ name: StaticString, _ value: inout Value) {
    encode(value, LayoutCodingKey(name))
  }
  mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: inout Value) {
    encode(value, LayoutCodingKey(name))
  }
  mutating func member<Values: AnswerArray<Double>>(_ name: StaticString, numbers values: inout Values) {
    encode(Array(values), LayoutCodingKey(name))
  }
  mutating func member<Values: AnswerArray<Bool>>(_ name: StaticString, booleans values: inout Values) {
    encode(Array(values), LayoutCodingKey(name))
  }
  mutating func member<Values: AnswerArray>(_ name: StaticString, names values: inout Values)
  where Values.Element: ContractName {
    encode(Array(values), LayoutCodingKey(name))
  }

  mutating func member(_ name: StaticString, _ value: inout Double?) { encodeIfPresent(value, name) }
  mutating func member(_ name: StaticString, _ value: inout Int?) { encodeIfPresent(value, name) }
  mutating func member(_ name: StaticString, _ value: inout Bool?) { encodeIfPresent(value, name) }
  mutating func member(_ name: StaticString, _ value: inout String?) { encodeIfPresent(value, name) }
  mutating func member<Value: ContractName>(_ name: StaticString, _ value: inout Value?) {
    encodeIfPresent(value, name)
  }
  mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: inout Value?) {
    encodeIfPresent(value, name)
  }
  mutating func member<Values: AnswerArray<Double>>(_ name: StaticString, numbers values: inout Values?) {
    encodeIfPresent(values.map { Array($0) }, name)
  }
  mutating func member<Values: AnswerArray<Bool>>(_ name: StaticString, booleans values: inout Values?) {
    encodeIfPresent(values.map { Array($0) }, name)
  }
  mutating func member<Values: AnswerArray>(_ name: StaticString, names values: inout Values?)
  where Values.Element: ContractName {
    encodeIfPresent(values.map { Array($0) }, name)
  }

  mutating func namedNumbers(_ arrays: inout [NamedNumbers]) {
    for array in arrays { encode(array.values, LayoutCodingKey(stringValue: array.name)) }
  }
}

/// The `AnswerMembers` a `Decoder` is read through: each member from a keyed container, required
/// unless optional.
///
/// As `EncodingAnswerWriter`, it keeps the first error and skips the rest; `init(from:)` throws it.
/// It notes each name it reads, so that `namedNumbers(_:)` takes the members no name was given for.
struct DecodingAnswerReader: AnswerMembers {
  let container: KeyedDecodingContainer<LayoutCodingKey>
  var error: (any Error)?
  /// The members read by name so far.
  private var visited: [String] = []

  init(container: KeyedDecodingContainer<LayoutCodingKey>) {
    self.container = container
  }

  /// The key of member `name`, noted as read; nil after an earlier failure.
  private mutating func key(_ name: StaticString) -> LayoutCodingKey? {
    guard error == nil else { return nil }
    let key = LayoutCodingKey(name)
    visited.append(key.stringValue)
    return key
  }

  /// Reads a required member into `value`.
  private mutating func required<Value: Decodable>(_ name: StaticString, _ value: inout Value) {
    guard let key = key(name) else { return }
    do { value = try container.decode(Value.self, forKey: key) } catch { self.error = error }
  }

  /// Reads an optional member into `value`: nil when absent or `null`.
  private mutating func optional<Value: Decodable>(_ name: StaticString, _ value: inout Value?) {
    guard let key = key(name) else { return }
    do { value = try container.decodeIfPresent(Value.self, forKey: key) } catch { self.error = error }
  }

  /// Reads an array member into `values`, made from its elements.
  private mutating func array<Values: AnswerArray>(_ name: StaticString, _ values: inout Values) {
    guard let key = key(name) else { return }
    do {
      values = try Values(answerElements: try container.decode([Values.Element].self, forKey: key))
    } catch {
      self.error = error
    }
  }

  /// Reads an optional array member into `values`: nil when absent or `null`.
  private mutating func optionalArray<Values: AnswerArray>(_ name: StaticString, _ values: inout Values?) {
    guard let key = key(name) else { return }
    do {
      values = try container.decodeIfPresent([Values.Element].self, forKey: key).map {
        try Values(answerElements: $0)
      }
    } catch {
      self.error = error
    }
  }

  mutating func member(_ name: StaticString, _ value: inout Double) { required(name, &value) }
  mutating func member(_ name: StaticString, _ value: inout Int) { required(name, &value) }
  mutating func member(_ name: StaticString, _ value: inout Bool) { required(name, &value) }
  mutating func member(_ name: StaticString, _ value: inout String) { required(name, &value) }
  mutating func member<Value: ContractName>(_ name: StaticString, _ value: inout Value) {
    required(name, &value)
  }
  mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: inout Value) {
    required(name, &value)
  }
  mutating func member<Values: AnswerArray<Double>>(_ name: StaticString, numbers values: inout Values) {
    array(name, &values)
  }
  mutating func member<Values: AnswerArray<Bool>>(_ name: StaticString, booleans values: inout Values) {
    array(name, &values)
  }
  mutating func member<Values: AnswerArray>(_ name: StaticString, names values: inout Values)
  where Values.Element: ContractName {
    array(name, &values)
  }

  mutating func member(_ name: StaticString, _ value: inout Double?) { optional(name, &value) }
  mutating func member(_ name: StaticString, _ value: inout Int?) { optional(name, &value) }
  mutating func member(_ name: StaticString, _ value: inout Bool?) { optional(name, &value) }
  mutating func member(_ name: StaticString, _ value: inout String?) { optional(name, &value) }
  mutating func member<Value: ContractName>(_ name: StaticString, _ value: inout Value?) {
    optional(name, &value)
  }
  mutating func member<Value: AnswerObject>(_ name: StaticString, _ value: inout Value?) {
    optional(name, &value)
  }
  mutating func member<Values: AnswerArray<Double>>(_ name: StaticString, numbers values: inout Values?) {
    optionalArray(name, &values)
  }
  mutating func member<Values: AnswerArray<Bool>>(_ name: StaticString, booleans values: inout Values?) {
    optionalArray(name, &values)
  }
  mutating func member<Values: AnswerArray>(_ name: StaticString, names values: inout Values?)
  where Values.Element: ContractName {
    optionalArray(name, &values)
  }

  /// Every member not read by name, as arrays of numbers, sorted by name.
  mutating func namedNumbers(_ arrays: inout [NamedNumbers]) {
    guard error == nil else { return }
    do {
      arrays = try container.allKeys.filter { !visited.contains($0.stringValue) }
        .sorted { $0.stringValue < $1.stringValue }
        .map { NamedNumbers(name: $0.stringValue, values: try container.decode([Double].self, forKey: $0)) }
    } catch {
      self.error = error
    }
  }
}
