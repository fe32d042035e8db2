/// The keyed container of an object node. Members are found by comparing the key's UTF-8
/// with the raw member-name bytes (unescaping only names that contain escapes).
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  // unowned(unsafe): see JSONTapeDecoder; the storage outlives the decode.
  unowned(unsafe) let storage: FastJSONDecoder.Storage
  let object: Int32

  init(storage: FastJSONDecoder.Storage, object: Int32) {
    self.storage = storage
    self.object = object
  }

  var codingPath: [any CodingKey] { storage.codingPath(of: object) }

  var allKeys: [Key] {
    var keys: [Key] = []
    var name = object + 1
    for _ in 0..<storage.nodes[Int(object)].start {
      if let key = Key(stringValue: storage.name(name)) { keys.append(key) }
      name = storage.next(after: name + 1)
    }
    return keys
  }

  func contains(_ key: Key) -> Bool {
    member(named: key.stringValue) != nil
  }

  /// The value node of the member named `name`, if any.
  func member(named name: String) -> Int32? {
    // Work on raw pointers so that the loop touches no reference (no retain/release).
    let nodes = UnsafePointer(storage.nodes)
    let input = storage.input
    let object = self.object
    var name = name
    return name.withUTF8 { wanted in
      Self.member(named: UnsafeRawBufferPointer(wanted), of: object, nodes: nodes, input: input)
    }
  }

  static func member(
    named wanted: UnsafeRawBufferPointer, of object: Int32, nodes: UnsafePointer<JSONNode>,
    input: UnsafeRawBufferPointer
  ) -> Int32? {
    let count = nodes[Int(object)].start
    var index = Int(object) + 1
    for _ in 0..<count {
      let node = nodes[index]
      let name = UnsafeRawBufferPointer(rebasing: input[Int(node.start)..<Int(node.end)])
      if node.flags & JSONNode.escaped == 0 {
        if JSONStringDecoding.equal(name, wanted) { return Int32(truncatingIfNeeded: index + 1) }
      } else if JSONStringDecoding.withUnescaped(
        name, escaped: true, { JSONStringDecoding.equal($0, wanted) })
      {
        return Int32(truncatingIfNeeded: index + 1)
      }
      let value = nodes[index + 1]
      index = value.kind == .object || value.kind == .array ? Int(value.end) : index + 2
    }
    return nil
  }

  /// The value node for `key`, or `keyNotFound`.
  func value(for key: Key) throws -> Int32 {
    guard let index = member(named: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return index
  }

  /// The value node for `key`, or nil when the member is absent or null.
  func presentValue(for key: Key) -> Int32? {
    guard let index = member(named: key.stringValue), JSONValueReader(storage).nodes[Int(index)].kind != .null
    else {
      return nil
    }
    return index
  }

  func path(_ key: Key) -> [any CodingKey] {
    var path = codingPath
    path.append(key)
    return path
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    storage.nodes[Int(try value(for: key))].kind == .null
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try T(from: JSONTapeDecoder(storage: storage, index: try value(for: key)))
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let index = presentValue(for: key) else { return nil }
    return try T(from: JSONTapeDecoder(storage: storage, index: index))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try JSONTapeDecoder(storage: storage, index: try value(for: key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try JSONTapeDecoder(storage: storage, index: try value(for: key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    superDecoder(named: JSONCodingKey.super)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    superDecoder(named: key)
  }

  /// A decoder for the member, or for a null standing for it when it is absent.
  private func superDecoder(named key: any CodingKey) -> any Decoder {
    let index = member(named: key.stringValue) ?? storage.appendSynthetic(key: key, in: object)
    return JSONTapeDecoder(storage: storage, index: index)
  }
}
