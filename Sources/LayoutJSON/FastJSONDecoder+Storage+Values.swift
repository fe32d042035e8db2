extension FastJSONDecoder.Storage {
  /// Throws `valueNotFound` for a null and `typeMismatch` for any other kind than `kind`.
  @inline(__always)
  func expect(
    _ kind: JSONNodeKind, at index: Int32, for type: Any.Type, path: () -> [any CodingKey]
  ) throws -> JSONNode {
    let node = nodes[Int(index)]
    if node.kind == kind { return node }
    throw mismatch(node, type: type, path: path())
  }

  func mismatch(_ node: JSONNode, type: Any.Type, path: [any CodingKey]) -> DecodingError {
    if node.kind == .null {
      return DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }
    return DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path,
        debugDescription: "Expected to decode \(type) but found \(node.typeDescription) instead."
      ))
  }

  /// Like Foundation's, a null where a Bool is required is a `typeMismatch`, not a
  /// `valueNotFound` as for the other types.
  func decodeBool(at index: Int32, path: () -> [any CodingKey]) throws -> Bool {
    if let value = JSONValueReader(self).bool(index) { return value }
    let node = nodes[Int(index)]
    switch node.kind {
    case .true: return true
    case .false: return false
    default:
      throw DecodingError.typeMismatch(
        Bool.self,
        DecodingError.Context(
          codingPath: path(),
          debugDescription: "Expected to decode Bool but found \(node.typeDescription) instead."))
    }
  }

  func decodeString(at index: Int32, path: () -> [any CodingKey]) throws -> String {
    let node = try expect(.string, at: index, for: String.self, path: path)
    return JSONStringDecoding.makeString(bytes(of: node), escaped: node.flags & JSONNode.escaped != 0)
  }

  func decodeDouble(at index: Int32, path: () -> [any CodingKey]) throws -> Double {
    let node = try expect(.number, at: index, for: Double.self, path: path)
    guard let value = JSONNumberParsing.double(bytes(of: node)) else {
      throw unrepresentable(node, Double.self, path: path())
    }
    return value
  }

  func decodeFloat(at index: Int32, path: () -> [any CodingKey]) throws -> Float {
    let node = try expect(.number, at: index, for: Float.self, path: path)
    guard let value = JSONNumberParsing.float(bytes(of: node)) else {
      throw unrepresentable(node, Float.self, path: path())
    }
    return value
  }

  func decodeInteger<T: FixedWidthInteger>(
    _ type: T.Type, at index: Int32, path: () -> [any CodingKey]
  ) throws -> T {
    let node = try expect(.number, at: index, for: T.self, path: path)
    guard
      let value = JSONNumberParsing.integer(
        bytes(of: node), integral: node.flags & JSONNode.integral != 0, as: T.self)
    else {
      throw unrepresentable(node, T.self, path: path())
    }
    return value
  }

  private func unrepresentable(_ node: JSONNode, _ type: Any.Type, path: [any CodingKey]) -> DecodingError {
    let text = String(decoding: bytes(of: node), as: UTF8.self)
    return DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: path, debugDescription: "Number \(text) is not representable in \(type)."))
  }
}
