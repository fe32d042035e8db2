/// The unkeyed container of an array node: a cursor over its elements.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
  // unowned(unsafe): see JSONTapeDecoder; the storage outlives the decode.
  unowned(unsafe) let storage: FastJSONDecoder.Storage
  let array: Int32
  /// The node of the current element.
  var cursor: Int32
  var position: Int32 = 0
  let elementCount: Int32

  init(storage: FastJSONDecoder.Storage, array: Int32) {
    self.storage = storage
    self.array = array
    self.cursor = array + 1
    self.elementCount = Int32(truncatingIfNeeded: storage.nodes[Int(array)].start)
  }

  var codingPath: [any CodingKey] { storage.codingPath(of: array) }

  var count: Int? { Int(elementCount) }

  var isAtEnd: Bool { position >= elementCount }

  var currentIndex: Int { Int(position) }

  /// The coding path of the current element.
  func path() -> [any CodingKey] {
    var path = codingPath
    path.append(JSONCodingKey(intValue: currentIndex))
    return path
  }

  mutating func advance() {
    let node = JSONValueReader(storage).nodes[Int(cursor)]
    cursor = node.kind == .object || node.kind == .array ? Int32(truncatingIfNeeded: node.end) : cursor + 1
    position += 1
  }

  /// The current element's node, or `valueNotFound` at the end.
  func current(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") throws -> Int32 {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: path(), debugDescription: message))
    }
    return cursor
  }

  mutating func decodeNil() throws -> Bool {
    let index = try current(Any?.self)
    guard storage.nodes[Int(index)].kind == .null else { return false }
    advance()
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let index = try current(type)
    let value = try T(from: JSONTapeDecoder(storage: storage, index: index))
    advance()
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let index = try current(
      KeyedDecodingContainer<NestedKey>.self,
      "Cannot get nested keyed container -- unkeyed container is at end.")
    let container = try JSONTapeDecoder(storage: storage, index: index).container(keyedBy: type)
    advance()
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let index = try current(
      (any UnkeyedDecodingContainer).self, "Cannot get nested keyed container -- unkeyed container is at end."
    )
    let container = try JSONTapeDecoder(storage: storage, index: index).unkeyedContainer()
    advance()
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let index = try current((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
    advance()
    return JSONTapeDecoder(storage: storage, index: index)
  }
}
