/// An object of a parsed document, read member by member without the `Decoder` machinery:
/// no container boxes, no key enums, no allocation.
///
/// Valid only inside the `FastJSONDecoder.withObject(in:_:)` call that hands it out. Members are
/// named by `StaticString`; its errors are exactly those `FastJSONDecoder` throws when a
/// `Decodable` reads the same member through a keyed container.
public struct JSONObject {
  // unowned(unsafe): the storage outlives the object (see `withObject(in:_:)`).
  unowned(unsafe) let storage: FastJSONDecoder.Storage
  let index: Int32

  init(storage: FastJSONDecoder.Storage, index: Int32) {
    self.storage = storage
    self.index = index
  }

  /// The path from the document's top to this object.
  public var codingPath: [any CodingKey] { storage.codingPath(of: index) }

  /// Whether the object has a member named `name`, `null` included.
  @inline(__always)
  public func contains(_ name: StaticString) -> Bool {
    member(name) != nil
  }

  /// The number at `name`; a number too large or too small for a `Double` reads as infinite.
  ///
  /// Throws `keyNotFound`, `valueNotFound` (null) or `typeMismatch`.
  public func number(_ name: StaticString) throws -> Double {
    guard let value = member(name) else { throw missing(name) }
    return try number(at: value, name)
  }

  /// The number at `name`, or nil when the member is absent or `null`.
  public func numberIfPresent(_ name: StaticString) throws -> Double? {
    guard let value = presentMember(name) else { return nil }
    return try number(at: value, name)
  }

  /// The string at `name`, unescaped, or nil when the member is absent or `null`.
  public func stringIfPresent(_ name: StaticString) throws -> String? {
    guard let value = presentMember(name) else { return nil }
    if let string = JSONValueReader(storage).string(value) { return string }
    return try storage.decodeString(at: value) { path(name) }
  }

  /// The object at `name`. Throws `keyNotFound`, `valueNotFound` (null) or `typeMismatch`.
  public func object(_ name: StaticString) throws -> JSONObject {
    guard let value = member(name) else { throw missing(name) }
    return try object(at: value)
  }

  /// The object at `name`, or nil when the member is absent or `null`.
  public func objectIfPresent(_ name: StaticString) throws -> JSONObject? {
    guard let value = presentMember(name) else { return nil }
    return try object(at: value)
  }

  /// The number of elements of the array at `name`, or nil when the member is absent or `null`.
  ///
  /// Throws `typeMismatch` when the member is not an array.
  public func arrayCountIfPresent(_ name: StaticString) throws -> Int? {
    guard let value = presentMember(name) else { return nil }
    return Int(try array(at: value).start)
  }

  /// The object at position `index` of the array at `name`.
  ///
  /// Throws for the array as `arrayCountIfPresent(_:)` does (or `keyNotFound`, `valueNotFound`
  /// when it is absent or `null`), and for the element as `object(_:)` does, at its index.
  public func object(_ name: StaticString, at index: Int) throws -> JSONObject {
    guard let value = member(name) else { throw missing(name) }
    let array = try array(at: value)
    precondition(index >= 0 && index < Int(array.start), "index out of range")
    var element = value + 1
    for _ in 0..<index { element = storage.next(after: element) }
    return try object(at: element)
  }

  // MARK: - Members

  /// The value node of member `name`, if any.
  @inline(__always)
  func member(_ name: StaticString) -> Int32? {
    JSONKeyedContainer<JSONCodingKey>.member(
      named: UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), of: index,
      nodes: UnsafePointer(storage.nodes), input: storage.input)
  }

  /// The value node of member `name`, or nil when it is absent or `null`.
  @inline(__always)
  func presentMember(_ name: StaticString) -> Int32? {
    guard let value = member(name), storage.nodes[Int(value)].kind != .null else { return nil }
    return value
  }

  @inline(__always)
  private func number(at value: Int32, _ name: StaticString) throws -> Double {
    let node = storage.nodes[Int(value)]
    guard node.kind == .number else { throw storage.mismatch(node, type: Double.self, path: path(name)) }
    return JSONValueReader(storage).double(value) ?? .infinity
  }

  @inline(__always)
  private func object(at value: Int32) throws -> JSONObject {
    guard storage.nodes[Int(value)].kind == .object else {
      // The decoder's own error for a keyed container over a value that is not an object.
      _ = try JSONTapeDecoder(storage: storage, index: value).container(keyedBy: JSONCodingKey.self)
      preconditionFailure("a keyed container over a non-object")
    }
    return JSONObject(storage: storage, index: value)
  }

  @inline(__always)
  private func array(at value: Int32) throws -> JSONNode {
    let node = storage.nodes[Int(value)]
    guard node.kind == .array else {
      // The decoder's own error for an unkeyed container over a value that is not an array.
      _ = try JSONTapeDecoder(storage: storage, index: value).unkeyedContainer()
      preconditionFailure("an unkeyed container over a non-array")
    }
    return node
  }

  private func missing(_ name: StaticString) -> DecodingError {
    let key = JSONCodingKey(stringValue: name.description)
    return DecodingError.keyNotFound(
      key,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
  }

  private func path(_ name: StaticString) -> [any CodingKey] {
    var path = codingPath
    path.append(JSONCodingKey(stringValue: name.description))
    return path
  }
}
