/// An object of a parsed document, read member by member: no `Decoder` machinery, no container
/// boxes, no key enums, no allocation.
///
/// Handed out only by `JSONDocument.withParsed(_:maxDepth:_:)` and valid only inside the closure
/// it runs: it reads the calling thread's tape, which the next parse reuses. Members are named by
/// `StaticString`. Errors are `DecodingError`s with the cases and coding paths Foundation's
/// `JSONDecoder` reports for the same member read through a keyed container.
package struct JSONObject {
  // unowned(unsafe): a tape lives as long as its thread (`JSONTape.withParsed`), and the object
  // cannot leave the thread (it is not Sendable); `tape` checks the generation on every read, so
  // an object kept past its document traps instead of reading the next one.
  private unowned(unsafe) let owner: JSONTape
  private let generation: UInt32
  let index: Int32

  /// The tape, checked to still hold this object's document.
  var tape: JSONTape {
    @inline(__always) get {
      precondition(owner.generation == generation, "a JSONObject was kept past its document")
      return owner
    }
  }

  /// The object at node `index`, or the `DecodingError` `JSONDecoder` throws when it asks for a
  /// keyed container over another kind of value.
  @inline(__always)
  init(tape: JSONTape, objectAt index: Int32) throws {
    let node = tape.nodes[Int(index)]
    guard node.kind == .object else {
      let path = tape.codingPath(of: index)
      if node.kind == .null {
        throw DecodingError.valueNotFound(
          [String: Any].self,
          DecodingError.Context(
            codingPath: path,
            debugDescription: "Cannot get keyed decoding container -- found null value instead"
          ))
      }
      throw Self.mismatch(node, type: [String: Any].self, path: path)
    }
    self.owner = tape
    self.generation = tape.generation
    self.index = index
  }

  /// The object at node `index`, which the caller has seen to be an object.
  @inline(__always)
  init(tape: JSONTape, knownObjectAt index: Int32) {
    assert(tape.nodes[Int(index)].kind == .object)
    self.owner = tape
    self.generation = tape.generation
    self.index = index
  }

  /// The path from the document's top to this object.
  package var codingPath: [any CodingKey] { tape.codingPath(of: index) }

  /// Whether the object has a member named `name`, `null` included.
  @inline(__always)
  package func contains(_ name: StaticString) -> Bool {
    member(name) != nil
  }

  /// How many members the object has, `null` ones included.
  package var memberCount: Int { Int(tape.nodes[Int(index)].start) }

  /// The number at `name`; a number too large or too small for a `Double` reads as infinite.
  ///
  /// Throws `keyNotFound`, `valueNotFound` (null) or `typeMismatch`.
  package func number(_ name: StaticString) throws -> Double {
    guard let value = member(name) else { throw missing(name) }
    return try number(at: value, name)
  }

  /// The number at `name`, or nil when the member is absent or `null`.
  package func numberIfPresent(_ name: StaticString) throws -> Double? {
    guard let value = presentMember(name) else { return nil }
    return try number(at: value, name)
  }

  /// The string at `name`, unescaped, or nil when the member is absent or `null`.
  package func stringIfPresent(_ name: StaticString) throws -> String? {
    guard let value = presentMember(name) else { return nil }
    let node = tape.nodes[Int(value)]
    guard node.kind == .string else { throw Self.mismatch(node, type: String.self, path: path(name)) }
    return JSONStringDecoding.makeString(tape.bytes(of: node), escaped: node.flags & JSONNode.escaped != 0)
  }

  /// The boolean at `name`, or nil when the member is absent or `null`. Throws `typeMismatch`
  /// for any other value: `1` and `"true"` are not booleans.
  package func boolIfPresent(_ name: StaticString) throws -> Bool? {
    guard let value = presentMember(name) else { return nil }
    let node = tape.nodes[Int(value)]
    switch node.kind {
    case .true: return true
    case .false: return false
    default: throw Self.mismatch(node, type: Bool.self, path: path(name))
    }
  }

  /// The object at `name`. Throws `keyNotFound`, `valueNotFound` (null) or `typeMismatch`.
  package func object(_ name: StaticString) throws -> JSONObject {
    guard let value = member(name) else { throw missing(name) }
    return try JSONObject(tape: tape, objectAt: value)
  }

  /// The object at `name`, or nil when the member is absent or `null`.
  package func objectIfPresent(_ name: StaticString) throws -> JSONObject? {
    guard let value = presentMember(name) else { return nil }
    return try JSONObject(tape: tape, objectAt: value)
  }

  /// The number of elements of the array at `name`, or nil when the member is absent or `null`.
  ///
  /// Throws `typeMismatch` when the member is not an array.
  package func arrayCountIfPresent(_ name: StaticString) throws -> Int? {
    guard let value = presentMember(name) else { return nil }
    return Int(try array(at: value).start)
  }

  /// The object at position `index` of the array at `name`.
  ///
  /// Throws for the array as `arrayCountIfPresent(_:)` does (or `keyNotFound`, `valueNotFound`
  /// when it is absent or `null`), and for the element as `object(_:)` does, at its index.
  package func object(_ name: StaticString, at index: Int) throws -> JSONObject {
    guard let value = member(name) else { throw missing(name) }
    let array = try array(at: value)
    precondition(index >= 0 && index < Int(array.start), "index out of range")
    var element = value + 1
    for _ in 0..<index { element = tape.next(after: element) }
    return try JSONObject(tape: tape, objectAt: element)
  }

  /// The number at position `index` of the array at `name`; a number too large for a `Double`
  /// reads as infinite.
  ///
  /// Throws for the array as `object(_:at:)` does, and `valueNotFound` (null) or `typeMismatch`
  /// for the element, at its index.
  package func number(_ name: StaticString, at index: Int) throws -> Double {
    guard let value = member(name) else { throw missing(name) }
    let array = try array(at: value)
    precondition(index >= 0 && index < Int(array.start), "index out of range")
    var element = value + 1
    for _ in 0..<index { element = tape.next(after: element) }
    let node = tape.nodes[Int(element)]
    guard node.kind == .number else {
      throw Self.mismatch(node, type: Double.self, path: tape.codingPath(of: element))
    }
    return node.number
  }

  // MARK: - Members

  /// The value node of member `name`, if any. Names are compared as raw bytes, unescaping only
  /// names that contain escapes; the loop works on raw pointers (no retain/release).
  @inline(__always)
  func member(_ name: StaticString) -> Int32? {
    let wantedCount = name.utf8CodeUnitCount
    let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: wantedCount)
    // The package's member names are short: they compare as two integers with a short name
    // node, and an object whose names are all short says by its bits which it cannot have.
    let isShort = wantedCount <= 16
    let (key, bit) = isShort ? tape.nameKeys.key(of: name) : (JSONNameKey(), 0)
    let nodes = UnsafePointer(tape.nodes)
    let object = nodes[Int(self.index)]
    if isShort, object.flags & JSONNode.shortNames != 0, object.packed.low & bit == 0 { return nil }
    let input = tape.input
    var index = Int(self.index) + 1
    for _ in 0..<object.start {
      let node = nodes[index]
      if node.flags & JSONNode.short != 0 {
        if isShort, node.packed == key { return Int32(truncatingIfNeeded: index + 1) }
      } else {
        let name = UnsafeRawBufferPointer(rebasing: input[Int(node.start)..<Int(node.end)])
        let escaped = node.flags & JSONNode.escaped != 0
        if JSONStringDecoding.withUnescaped(name, escaped: escaped, { JSONStringDecoding.equal($0, wanted) })
        {
          return Int32(truncatingIfNeeded: index + 1)
        }
      }
      let value = nodes[index + 1]
      index = value.kind == .object || value.kind == .array ? Int(value.end) : index + 2
    }
    return nil
  }

  /// The value node of member `name`, or nil when it is absent or `null`.
  @inline(__always)
  func presentMember(_ name: StaticString) -> Int32? {
    guard let value = member(name), tape.nodes[Int(value)].kind != .null else { return nil }
    return value
  }

  @inline(__always)
  private func number(at value: Int32, _ name: StaticString) throws -> Double {
    let node = tape.nodes[Int(value)]
    guard node.kind == .number else { throw Self.mismatch(node, type: Double.self, path: path(name)) }
    return node.number
  }

  // MARK: - Errors

  /// The array node at `value`, or the error `JSONDecoder` throws for an unkeyed container over
  /// another kind of value.
  @inline(__always)
  private func array(at value: Int32) throws -> JSONNode {
    let node = tape.nodes[Int(value)]
    guard node.kind == .array else {
      throw Self.mismatch(node, type: [Any].self, path: tape.codingPath(of: value))
    }
    return node
  }

  private func missing(_ name: StaticString) -> DecodingError {
    let key = JSONPathKey(name.description)
    return DecodingError.keyNotFound(
      key,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
  }

  private func path(_ name: StaticString) -> [any CodingKey] {
    var path = codingPath
    path.append(JSONPathKey(name.description))
    return path
  }

  /// `valueNotFound` for a null, `typeMismatch` for another kind than `type` asks for.
  static func mismatch(_ node: JSONNode, type: Any.Type, path: [any CodingKey]) -> DecodingError {
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
}

@available(*, unavailable, message: "a JSONObject reads its thread's tape")
extension JSONObject: Sendable {}
