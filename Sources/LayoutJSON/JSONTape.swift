import Posix

/// Strict JSON parsing: the entry points.
///
/// A document is parsed (see `JSONParser` for the rules: RFC 8259 plus I-JSON's unique member
/// names) into a `JSONTape`, memory the calling thread reuses for its next document. Errors:
/// `JSONSyntaxError` when the input is not JSON, `JSONDuplicateMemberError` when an object repeats
/// a member name.
package enum JSONDocument {
  /// The deepest nesting of objects and arrays accepted by default.
  package static let defaultMaxDepth = 32

  /// Checks that `bytes` are one JSON text with unique member names.
  package static func validate(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth) throws {
    try JSONTape.withParsed(bytes, maxDepth: maxDepth) { _ in }
  }

  /// Parses `bytes` and calls `body` with the top-level object, then forgets the document.
  ///
  /// The object reads memory that the calling thread's next parse reuses: it is valid only
  /// inside `body` and must not escape it. Throws `JSONSyntaxError`, `JSONDuplicateMemberError`,
  /// a `DecodingError` when the document is not an object (as `JSONDecoder` reports it), then
  /// whatever `body` throws.
  package static func withParsed<Result>(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth, _ body: (JSONObject) throws -> Result
  ) throws -> Result {
    try JSONTape.withParsed(bytes, maxDepth: maxDepth) { tape in
      try body(JSONObject(tape: tape, objectAt: 0))
    }
  }
}

/// The kind of a node in a parsed document.
enum JSONNodeKind: UInt8 {
  case object
  case array
  case string
  case number
  case `true`
  case `false`
  case null
}

/// One entry of the flat node array a document is parsed into.
///
/// Object members are laid out as a name node (a string) followed by the value's nodes;
/// array elements follow their array; a container's `end` is the index one past its last
/// descendant, so siblings are reached without recursion.
struct JSONNode {
  /// Flag of a string whose bytes contain at least one escape sequence.
  static let escaped: UInt8 = 1
  /// Flag of a number written without fraction and exponent.
  static let integral: UInt8 = 2
  /// Flag of a string of at most 16 bytes without escapes: `packed` holds its bytes, so that
  /// names compare as two integers.
  static let short: UInt8 = 4
  /// Flag of an object whose names are all short: `packed.low` holds the `bit` of each, so a
  /// name whose bit is missing is not there.
  static let shortNames: UInt8 = 8

  var kind: JSONNodeKind
  var flags: UInt8
  /// Index of the enclosing container, or -1 for the document's value.
  var parent: Int32
  /// Strings and numbers: offset of the first byte (after the opening quote for strings).
  /// Containers: number of members or elements.
  var start: UInt32
  /// Strings and numbers: offset one past the last byte (before the closing quote).
  /// Containers: index one past the last descendant node.
  var end: UInt32
  /// A short string's bytes (`JSONNameKey`), a number's value read as it was parsed (the bit
  /// pattern of the `Double` in `packed.low`: nothing is read twice), or an object's name bits
  /// (`shortNames`).
  var packed: JSONNameKey

  init(
    kind: JSONNodeKind, flags: UInt8 = 0, parent: Int32, start: UInt32 = 0, end: UInt32 = 0,
    packed: JSONNameKey = JSONNameKey()
  ) {
    self.kind = kind
    self.flags = flags
    self.parent = parent
    self.start = start
    self.end = end
    self.packed = packed
  }

  /// A number node's value: a number too large or too small for a `Double` reads as infinite.
  @inline(__always)
  var number: Double { Double(bitPattern: packed.low) }

  /// What Foundation's messages call this kind of value.
  var typeDescription: String {
    switch kind {
    case .object: "a dictionary"
    case .array: "an array"
    case .string: "a string"
    case .number: "number"
    case .true, .false: "bool"
    case .null: "null"
    }
  }
}

/// Reusable memory for parsing: the node array, the container stack and scratch space.
///
/// A tape keeps its capacity between documents, so a thread that parses many bodies allocates
/// nothing for the parse after the first few. Not thread-safe: each thread uses its own, one
/// document at a time, so its properties skip the run-time exclusivity check
/// (`@exclusivity(unchecked)`).
final class JSONTape {
  /// Node arrays larger than this (128 KiB) are freed after use instead of kept: a thread keeps
  /// what plain requests need, not what its largest document took.
  static let retainedNodeLimit = 1 << 12
  /// Each thread's tape.
  static let perThread = PerThread { JSONTape() }

  @exclusivity(unchecked) var nodes: UnsafeMutablePointer<JSONNode>
  @exclusivity(unchecked) var nodeCapacity: Int
  @exclusivity(unchecked) var nodeCount = 0
  /// The document being read; valid only inside `withParsed`.
  @exclusivity(unchecked) var input = UnsafeRawBufferPointer(start: nil, count: 0)
  /// Indices of the open containers while parsing.
  @exclusivity(unchecked) var stack: UnsafeMutablePointer<Int32>
  @exclusivity(unchecked) var stackCapacity: Int
  /// (hash, name node) pairs for finding duplicate names in large objects.
  @exclusivity(unchecked) var nameHashes: [(hash: UInt64, node: Int32)] = []
  /// The keys of the literal names looked up in this thread's documents.
  let nameKeys = JSONLiteralCache<UInt64>(empty: 0)
  /// Set while a document is read, so a parse nested inside it gets its own tape.
  @exclusivity(unchecked) var inUse = false
  /// Counts the documents read: a view of an earlier one finds it changed.
  @exclusivity(unchecked) var generation: UInt32 = 0
  /// The tape a parse nested inside this tape's document uses, kept for the thread's next.
  @exclusivity(unchecked) private var nestedTape: JSONTape?

  init(nodeCapacity: Int = 64) {
    self.nodeCapacity = max(nodeCapacity, 8)
    self.nodes = .allocate(capacity: self.nodeCapacity)
    self.stackCapacity = 32
    self.stack = .allocate(capacity: stackCapacity)
  }

  deinit {
    nodes.deallocate()
    stack.deallocate()
    nameKeys.deallocate()
  }

  /// Parses `bytes` into the calling thread's tape and calls `body` with it; the tape forgets
  /// `bytes` when `body` returns, and views of it no longer read.
  static func withParsed<Result>(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int, _ body: (JSONTape) throws -> Result
  ) throws -> Result {
    try withTape(reading: bytes) { tape in
      var parser = JSONParser(tape: tape, maxDepth: maxDepth)
      try parser.parseDocument()
      return try body(tape)
    }
  }

  /// Calls `body` with the calling thread's tape, emptied to read `bytes`; when `body` returns
  /// the tape forgets `bytes`, views of it no longer read, and memory beyond what plain requests
  /// need is freed.
  ///
  /// A read nested inside another's `body` uses a tape of its own, which its thread keeps:
  /// every tape lives as long as its thread, so a view kept too long finds a changed
  /// generation, never freed memory.
  static func withTape<Result>(
    reading bytes: UnsafeRawBufferPointer, _ body: (JSONTape) throws -> Result
  ) rethrows -> Result {
    var tape = perThread.current
    while tape.inUse { tape = tape.nested }
    tape.inUse = true
    defer {
      tape.inUse = false
      tape.generation &+= 1
      tape.input = UnsafeRawBufferPointer(start: nil, count: 0)
      tape.releaseLargeMemory()
    }
    tape.reset(for: bytes)
    return try withExtendedLifetime(tape) { try body(tape) }
  }

  /// The tape for a parse nested inside this one's document.
  private var nested: JSONTape {
    if let nestedTape { return nestedTape }
    let tape = JSONTape()
    nestedTape = tape
    return tape
  }

  /// Makes room for `depth` open containers.
  func reserveStack(depth: Int) {
    guard depth > stackCapacity else { return }
    stack.deallocate()
    stackCapacity = depth
    stack = .allocate(capacity: depth)
  }

  /// Forgets the previous document, keeping capacity.
  private func reset(for input: UnsafeRawBufferPointer) {
    self.input = input
    nodeCount = 0
  }

  /// Frees the node array and the name hashes when a document made them larger than plain
  /// requests need (`retainedNodeLimit`), so that no thread keeps what its largest document took.
  private func releaseLargeMemory() {
    if nodeCapacity > Self.retainedNodeLimit {
      nodes.deallocate()
      nodeCapacity = 64
      nodes = .allocate(capacity: nodeCapacity)
    }
    if nameHashes.capacity > Self.retainedNodeLimit { nameHashes = [] }
  }

  /// Makes room for `capacity` nodes, keeping the first `nodeCount`. (The parser doubles it: a
  /// document of n bytes has at most n nodes, so it never overshoots by more than twice.)
  func reserveNodes(_ capacity: Int) {
    guard capacity > nodeCapacity else { return }
    nodes = nodes.movedToAllocation(capacity: capacity, count: nodeCount)
    nodeCapacity = capacity
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
