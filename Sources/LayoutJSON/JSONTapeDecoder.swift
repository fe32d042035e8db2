/// The `Decoder` (and single-value container) for one node of a parsed document.
///
/// Two words, so it fits an existential's inline buffer and passing it as `any Decoder`
/// allocates nothing. `unowned(unsafe)`: the storage outlives every decoder made from it
/// (`FastJSONDecoder.decode` keeps it alive until decoding returns), and decoders are not
/// meant to escape `init(from:)`.
struct JSONTapeDecoder: Decoder, SingleValueDecodingContainer {
  unowned(unsafe) let storage: FastJSONDecoder.Storage
  let index: Int32

  init(storage: FastJSONDecoder.Storage, index: Int32) {
    self.storage = storage
    self.index = index
  }

  var codingPath: [any CodingKey] { storage.codingPath(of: index) }

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let node = storage.nodes[Int(index)]
    guard node.kind == .object else {
      throw containerError(node, type: [String: Any].self, what: "keyed decoding container")
    }
    return KeyedDecodingContainer(JSONKeyedContainer<Key>(storage: storage, object: index))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let node = storage.nodes[Int(index)]
    guard node.kind == .array else {
      throw containerError(node, type: [Any].self, what: "unkeyed decoding container")
    }
    return JSONUnkeyedContainer(storage: storage, array: index)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    self
  }

  private func containerError(_ node: JSONNode, type: Any.Type, what: String) -> DecodingError {
    if node.kind == .null {
      return DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "Cannot get \(what) -- found null value instead"))
    }
    return storage.mismatch(node, type: type, path: codingPath)
  }
}
