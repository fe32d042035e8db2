/// Reads scalar values from parsed nodes through raw pointers, so that the hot decoding path
/// touches no reference (no retain/release); errors go through `FastJSONDecoder.Storage`.
struct JSONValueReader {
  let nodes: UnsafePointer<JSONNode>
  let input: UnsafeRawBufferPointer

  @inline(__always)
  init(_ storage: FastJSONDecoder.Storage) {
    nodes = UnsafePointer(storage.nodes)
    input = storage.input
  }

  @inline(__always)
  func bytes(of node: JSONNode) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: input[Int(node.start)..<Int(node.end)])
  }

  /// The Bool at `index`, or nil for another kind.
  @inline(__always)
  func bool(_ index: Int32) -> Bool? {
    switch nodes[Int(index)].kind {
    case .true: true
    case .false: false
    default: nil
    }
  }

  /// The String at `index`, or nil for another kind.
  @inline(__always)
  func string(_ index: Int32) -> String? {
    let node = nodes[Int(index)]
    guard node.kind == .string else { return nil }
    return JSONStringDecoding.makeString(bytes(of: node), escaped: node.flags & JSONNode.escaped != 0)
  }

  /// The Double at `index`, or nil for another kind or a number out of range.
  @inline(__always)
  func double(_ index: Int32) -> Double? {
    let node = nodes[Int(index)]
    guard node.kind == .number else { return nil }
    let bytes = bytes(of: node)
    if node.flags & JSONNode.integral != 0, bytes.count <= 15 {
      // At most 15 digits: exact in a Double (< 2^53), and `-0` stays negative zero.
      return JSONNumberParsing.shortInteger(bytes)
    }
    return JSONNumberParsing.double(bytes)
  }

  /// The Float at `index`, or nil for another kind or a number out of range.
  func float(_ index: Int32) -> Float? {
    let node = nodes[Int(index)]
    guard node.kind == .number else { return nil }
    return JSONNumberParsing.float(bytes(of: node))
  }

  /// The integer at `index`, or nil for another kind or a number the type cannot hold.
  @inline(__always)
  func integer<T: FixedWidthInteger>(_ index: Int32, as type: T.Type) -> T? {
    let node = nodes[Int(index)]
    guard node.kind == .number else { return nil }
    return JSONNumberParsing.integer(
      bytes(of: node), integral: node.flags & JSONNode.integral != 0, as: T.self)
  }
}
