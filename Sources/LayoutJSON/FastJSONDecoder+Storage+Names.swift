extension FastJSONDecoder.Storage {
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
        // Cheap rejections first: unescaped names of different lengths or first bytes never
        // match.
        let escaped = (earlierNode.flags | node.flags) & JSONNode.escaped != 0
        if escaped
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
    path.append(JSONCodingKey(stringValue: self.name(name)))
    // The node starts after the opening quote.
    return JSONDuplicateMemberError(codingPath: path, offset: Int(nodes[Int(name)].start) - 1)
  }

  /// The coding path of a value node: member names and `Index n` keys from the root.
  func codingPath(of index: Int32) -> [any CodingKey] {
    var reversed: [any CodingKey] = []
    var current = index
    while true {
      let node = nodes[Int(current)]
      let parent = node.parent
      if parent < 0 { break }
      if node.flags & JSONNode.synthetic != 0 {
        reversed.append(syntheticKeys[Int(node.start)])
      } else if nodes[Int(parent)].kind == .object {
        reversed.append(JSONCodingKey(stringValue: name(current - 1)))
      } else {
        var position = 0
        var sibling = parent + 1
        while sibling < current {
          sibling = next(after: sibling)
          position += 1
        }
        reversed.append(JSONCodingKey(intValue: position))
      }
      current = parent
    }
    return reversed.reversed()
  }
}
