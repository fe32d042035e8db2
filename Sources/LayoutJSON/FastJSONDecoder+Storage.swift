extension FastJSONDecoder {
  /// Reusable memory for parsing: the node array, the container stack and scratch space.
  ///
  /// A `Storage` keeps its capacity between documents, so a caller that decodes many bodies
  /// (one storage per thread) allocates nothing for the parse after the first few. It is not
  /// thread-safe: use one per thread, never from two threads at once. Without an explicit
  /// storage, `FastJSONDecoder` uses one cached per thread.
  public final class Storage {
    /// Node arrays larger than this are freed after use instead of kept.
    static let retainedNodeLimit = 1 << 16

    var nodes: UnsafeMutablePointer<JSONNode>
    var nodeCapacity: Int
    var nodeCount = 0
    /// The document being decoded; valid only during `FastJSONDecoder.decode`.
    var input = UnsafeRawBufferPointer(start: nil, count: 0)
    /// Indices of the open containers while parsing.
    var stack: UnsafeMutablePointer<Int32>
    var stackCapacity: Int
    /// (hash, name node) pairs for finding duplicate names in large objects.
    var nameHashes: [(hash: UInt64, node: Int32)] = []
    /// Repeated names of a document parsed with duplicates collected, in document order:
    /// (the second name node, its object).
    var duplicates: [(name: Int32, object: Int32)] = []
    /// Keys of synthetic nodes (absent members handed to `superDecoder(forKey:)`).
    var syntheticKeys: [any CodingKey] = []
    /// Set while a document decodes, so a nested decode on the same thread gets its own.
    var inUse = false

    /// Creates storage with room for `nodeCapacity` nodes before it grows.
    public init(nodeCapacity: Int = 64) {
      self.nodeCapacity = max(nodeCapacity, 8)
      self.nodes = .allocate(capacity: self.nodeCapacity)
      self.stackCapacity = 32
      self.stack = .allocate(capacity: stackCapacity)
    }

    deinit {
      nodes.deallocate()
      stack.deallocate()
    }

    /// Makes room for `depth` open containers.
    func reserveStack(depth: Int) {
      guard depth > stackCapacity else { return }
      stack.deallocate()
      stackCapacity = depth
      stack = .allocate(capacity: depth)
    }

    /// Forgets the previous document, keeping capacity (within limits).
    func reset(for input: UnsafeRawBufferPointer) {
      self.input = input
      nodeCount = 0
      if !syntheticKeys.isEmpty { syntheticKeys.removeAll() }
      if !duplicates.isEmpty { duplicates.removeAll(keepingCapacity: true) }
      if nodeCapacity > Self.retainedNodeLimit {
        nodes.deallocate()
        nodeCapacity = 64
        nodes = .allocate(capacity: nodeCapacity)
      }
    }

    /// Appends a node and returns its index.
    @inline(__always)
    func append(_ node: JSONNode) -> Int32 {
      if nodeCount == nodeCapacity { grow() }
      (nodes + nodeCount).initialize(to: node)
      nodeCount += 1
      return Int32(truncatingIfNeeded: nodeCount - 1)
    }

    func grow() {
      // A document of n bytes has at most n nodes, so doubling never overshoots by more
      // than a factor of two.
      let newCapacity = max(nodeCapacity * 2, 16)
      let newNodes = UnsafeMutablePointer<JSONNode>.allocate(capacity: newCapacity)
      newNodes.moveInitialize(from: nodes, count: nodeCount)
      nodes.deallocate()
      nodes = newNodes
      nodeCapacity = newCapacity
    }

    /// Appends a `null` node standing for an absent member `key` of `container`.
    func appendSynthetic(key: any CodingKey, in container: Int32) -> Int32 {
      syntheticKeys.append(key)
      let keyIndex = UInt32(syntheticKeys.count - 1)
      return append(
        JSONNode(kind: .null, flags: JSONNode.synthetic, parent: container, start: keyIndex))
    }

    /// The index of the node after `index` and all its descendants.
    @inline(__always)
    func next(after index: Int32) -> Int32 {
      let node = nodes[Int(index)]
      switch node.kind {
      case .object, .array: return Int32(truncatingIfNeeded: node.end)
      default: return index + 1
      }
    }

    /// The bytes of a string or number node.
    @inline(__always)
    func bytes(of node: JSONNode) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(rebasing: input[Int(node.start)..<Int(node.end)])
    }
  }
}
