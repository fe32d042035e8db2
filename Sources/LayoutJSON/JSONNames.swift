// Member names: comparison after unescaping, duplicate detection (I-JSON, RFC 7493), and the
// coding paths errors report.

/// The bytes of a name of at most 16 bytes without escapes, packed into two integers
/// (little-endian, zero-padded): two such names are equal exactly when both integers are (an
/// unescaped name holds no NUL byte, so the padding cannot be mistaken for one).
///
/// A plain ASCII name of 17 or 18 bytes (`interactiveWidget`) is kept too, as the 7 bits of each
/// byte, with the top bit set: a key of 16 ASCII bytes at most never has it.
struct JSONNameKey: Equatable {
  var low: UInt64 = 0
  var high: UInt64 = 0

  /// The longest plain ASCII name a key holds.
  static let maxASCIILength = 18

  init() {}

  /// The key of a plain ASCII name of 17 or 18 bytes at `bytes`: 7 bits a byte, the top bit set.
  init(packingASCII bytes: UnsafePointer<UInt8>, count: Int) {
    assert(count > 16 && count <= Self.maxASCIILength)
    for index in 0..<count {
      let byte = UInt64(bytes[index] & 0x7F)
      let bit = 7 &* index
      if bit < 64 {
        low |= byte &<< UInt64(bit)
        // A byte that straddles the two words.
        if bit > 57 { high |= byte &>> UInt64(64 &- bit) }
      } else {
        high |= byte &<< UInt64(bit &- 64)
      }
    }
    high |= 1 &<< 63
  }

  /// The key of the `count` (at most 16) bytes at `bytes`, of which `readable` (at least
  /// `count`) may be read: with 16 readable, two loads and masks, else byte by byte.
  @inline(__always)
  init(_ bytes: UnsafePointer<UInt8>, count: Int, readable: Int) {
    guard readable >= 16 else {
      for index in 0..<count { add(bytes[index], at: index) }
      return
    }
    let raw = UnsafeRawPointer(bytes)
    let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    if count >= 8 {
      low = first
      high = count >= 16 ? second : second & (1 &<< UInt64(8 * (count - 8)) &- 1)
    } else {
      low = first & (1 &<< UInt64(8 * count) &- 1)
    }
  }

  /// The key of a name given as a literal of at most 16 bytes, or of 17 or 18 ASCII bytes.
  @inline(__always)
  init(_ name: StaticString) {
    let bytes = name.utf8Start
    if name.utf8CodeUnitCount > 16 {
      self.init(packingASCII: bytes, count: name.utf8CodeUnitCount)
      return
    }
    self.init()
    for index in 0..<name.utf8CodeUnitCount { add(bytes[index], at: index) }
  }

  @inline(__always)
  private mutating func add(_ byte: UInt8, at index: Int) {
    if index < 8 {
      low |= UInt64(byte) &<< UInt64(8 * index)
    } else {
      high |= UInt64(byte) &<< UInt64(8 * (index - 8))
    }
  }

  /// One of 64 bits chosen by the name: an object keeps the bits of its names, so that most
  /// lookups of a name it does not have end without looking at any member.
  @inline(__always)
  var bit: UInt64 {
    let mixed: UInt64 = (low ^ high &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    return 1 &<< (mixed &>> 58)
  }

  /// A number's value, kept in a node's key.
  @inline(__always)
  init(number: Double) {
    low = number.bitPattern
  }
}

/// An object with two members of the same name (I-JSON, RFC 7493), which the parser rejects.
///
/// Names are compared after unescaping (`"a"` and `"\u0061"` are the same name). The error
/// points at the second occurrence: `codingPath` ends with the repeated name.
package struct JSONDuplicateMemberError: Error, @unchecked Sendable, CustomStringConvertible {
  // @unchecked: `codingPath` holds only `JSONPathKey` values, which are Sendable; the array
  // is typed `[any CodingKey]` so that it plugs into code written for DecodingError.

  /// The path to the second member: member names, and array indices as `intValue`s.
  package let codingPath: [any CodingKey]
  /// The repeated name, unescaped.
  package var name: String { codingPath.last?.stringValue ?? "" }
  /// Offset of the second occurrence's opening quote.
  package let offset: Int

  init(codingPath: [any CodingKey], offset: Int) {
    self.codingPath = codingPath
    self.offset = offset
  }

  /// `duplicate member "name" at offset N`.
  package var description: String {
    "duplicate member \"\(name)\" at offset \(offset)"
  }
}

/// A coding key of a path through a parsed document: a member name or an array index.
///
/// Array indices read like Foundation's (`"Index 3"`, `intValue` 3), so code that turns coding
/// paths into JSON Pointers gives the same answer for both decoders.
struct JSONPathKey: CodingKey, Sendable {
  let stringValue: String
  let intValue: Int?

  init(_ name: String) {
    stringValue = name
    intValue = nil
  }

  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  init(stringValue: String) {
    self.init(stringValue)
  }

  init(intValue: Int) {
    self.init(index: intValue)
  }
}

extension JSONTape {
  /// Objects with more members than this find duplicate names by hashing, not pairwise.
  static let pairwiseNameLimit = 12

  /// The unescaped name of a member-name node.
  func name(_ index: Int32) -> String {
    let node = nodes[Int(index)]
    return JSONStringDecoding.makeString(bytes(of: node), escaped: node.flags & JSONNode.escaped != 0)
  }

  /// Whether two member-name nodes name the same member (compared after unescaping).
  func sameName(_ left: Int32, _ right: Int32) -> Bool {
    Self.sameName(nodes[Int(left)], nodes[Int(right)], input: input)
  }

  static func sameName(_ leftNode: JSONNode, _ rightNode: JSONNode, input: UnsafeRawBufferPointer) -> Bool {
    if leftNode.flags & rightNode.flags & JSONNode.short != 0 {
      return leftNode.end &- leftNode.start == rightNode.end &- rightNode.start
        && leftNode.packed == rightNode.packed
    }
    let leftBytes = UnsafeRawBufferPointer(rebasing: input[Int(leftNode.start)..<Int(leftNode.end)])
    let rightBytes = UnsafeRawBufferPointer(rebasing: input[Int(rightNode.start)..<Int(rightNode.end)])
    if (leftNode.flags | rightNode.flags) & JSONNode.escaped == 0 {
      return JSONStringDecoding.equal(leftBytes, rightBytes)
    }
    return JSONStringDecoding.withUnescaped(leftBytes, escaped: leftNode.flags & JSONNode.escaped != 0) {
      leftName in
      JSONStringDecoding.withUnescaped(rightBytes, escaped: rightNode.flags & JSONNode.escaped != 0) {
        JSONStringDecoding.equal(leftName, $0)
      }
    }
  }

  /// The first name node equal to an earlier one, comparing every pair (small objects).
  static func firstDuplicatePairwise(
    object: Int32, memberCount: Int, nodes: UnsafePointer<JSONNode>, input: UnsafeRawBufferPointer
  ) -> Int32? {
    @inline(__always) func nextName(_ name: Int) -> Int {
      let value = nodes[name + 1]
      return value.kind == .object || value.kind == .array ? Int(value.end) : name + 2
    }
    var name = Int(object) + 1
    for _ in 0..<memberCount {
      let node = nodes[name]
      var earlier = Int(object) + 1
      while earlier < name {
        let earlierNode = nodes[earlier]
        // Short names compare as two integers; cheap rejections first for the others:
        // unescaped names of different lengths or first bytes never match.
        if earlierNode.flags & node.flags & JSONNode.short != 0 {
          if earlierNode.packed == node.packed, earlierNode.end &- earlierNode.start == node.end &- node.start
          {
            return Int32(truncatingIfNeeded: name)
          }
        } else if (earlierNode.flags | node.flags) & JSONNode.escaped != 0
          || (earlierNode.end - earlierNode.start == node.end - node.start
            && (node.end == node.start || input[Int(earlierNode.start)] == input[Int(node.start)])),
          sameName(earlierNode, node, input: input)
        {
          return Int32(truncatingIfNeeded: name)
        }
        earlier = nextName(earlier)
      }
      name = nextName(name)
    }
    return nil
  }

  func firstDuplicateByHashing(object: Int32, memberCount: Int) -> Int32? {
    nameHashes.removeAll(keepingCapacity: true)
    var name = object + 1
    for _ in 0..<memberCount {
      let node = nodes[Int(name)]
      let hash = JSONStringDecoding.withUnescaped(
        bytes(of: node), escaped: node.flags & JSONNode.escaped != 0
      ) {
        var hasher = Hasher()
        hasher.combine(bytes: $0)
        return UInt64(bitPattern: Int64(hasher.finalize()))
      }
      nameHashes.append((hash, name))
      name = next(after: name + 1)
    }
    nameHashes.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.node < $1.node }
    var found: Int32?
    var runStart = 0
    for index in 1..<nameHashes.count {
      if nameHashes[index].hash != nameHashes[runStart].hash {
        runStart = index
        continue
      }
      for earlier in runStart..<index where sameName(nameHashes[earlier].node, nameHashes[index].node) {
        if found == nil || nameHashes[index].node < found! { found = nameHashes[index].node }
        break
      }
    }
    return found
  }

  /// The error for a repeated name node in `object`.
  func duplicateError(name: Int32, object: Int32) -> JSONDuplicateMemberError {
    var path = codingPath(of: object)
    path.append(JSONPathKey(self.name(name)))
    // The node starts after the opening quote.
    return JSONDuplicateMemberError(codingPath: path, offset: Int(nodes[Int(name)].start) - 1)
  }

  /// The coding path of a value node: member names and array indices from the root.
  func codingPath(of index: Int32) -> [any CodingKey] {
    var reversed: [any CodingKey] = []
    var current = index
    while true {
      let node = nodes[Int(current)]
      let parent = node.parent
      if parent < 0 { break }
      if nodes[Int(parent)].kind == .object {
        reversed.append(JSONPathKey(name(current - 1)))
      } else {
        var position = 0
        var sibling = parent + 1
        while sibling < current {
          sibling = next(after: sibling)
          position += 1
        }
        reversed.append(JSONPathKey(index: position))
      }
      current = parent
    }
    return reversed.reversed()
  }
}
