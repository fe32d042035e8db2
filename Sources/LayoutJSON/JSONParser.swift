#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses RFC 8259 JSON text into a tape's node array, without recursion.
///
/// Strict: no trailing commas, comments, single quotes, leading zeros, `+1`, `.5`, `1.`,
/// NaN or Infinity, unescaped control characters, invalid escapes, unpaired surrogate
/// escapes, invalid UTF-8 (overlong forms, encoded surrogates, code points above U+10FFFF,
/// truncated sequences), data after the value, or empty input. A UTF-8 byte order mark is
/// rejected too: RFC 8259 lets a parser ignore one, but a sender must not add it, so it is
/// reported instead of silently skipped. Nesting is limited to `maxDepth` containers.
@usableFromInline
struct JSONParser {
  let tape: JSONTape
  let input: UnsafeRawBufferPointer
  let bytes: UnsafePointer<UInt8>
  let count: Int
  let maxDepth: Int
  var position = 0
  // The node array and container stack are used through local copies of the tape's
  // pointers, so the scanning loop makes no access to a class property.
  var nodes: UnsafeMutablePointer<JSONNode>
  var nodeCount = 0
  var nodeCapacity: Int
  let stack: UnsafeMutablePointer<Int32>
  var depth = 0
  /// The earliest repeated name found so far: (name node, enclosing object).
  var firstDuplicate: (name: Int32, object: Int32)?
  /// The most nodes kept: past it the parser skims (`skimming`).
  var nodeLimit = Int.max
  /// Whether the value being read is only checked, not kept: it outgrew `nodeLimit`.
  ///
  /// Skimming keeps the tape's memory bounded whatever the input: nodes stop being added, each
  /// container opened from then on takes the slot of its depth after `skimBase` (so the open
  /// containers' kinds are still known) and every other value one scratch slot after those.
  /// Names are not compared: the value is not read, only whether the input is JSON matters.
  var skimming = false
  /// Where the skimmed value's slots start: the node count when skimming began.
  var skimBase = 0

  init(tape: JSONTape, maxDepth: Int) {
    self.tape = tape
    self.input = tape.input
    self.bytes = (tape.input.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!)
      .assumingMemoryBound(to: UInt8.self)
    self.count = tape.input.count
    self.maxDepth = maxDepth
    tape.reserveStack(depth: maxDepth)
    self.nodes = tape.nodes
    self.nodeCapacity = tape.nodeCapacity
    self.stack = tape.stack
  }

  /// Appends a node and returns its index.
  @inline(__always)
  mutating func append(_ node: JSONNode) -> Int32 {
    // While skimming `nodeCapacity` equals `nodeCount`: every node takes the slow path.
    if nodeCount == nodeCapacity { return appendPastCapacity(node) }
    (nodes + nodeCount).initialize(to: node)
    nodeCount += 1
    return Int32(truncatingIfNeeded: nodeCount - 1)
  }

  /// Appends a node when the node array is full: grows it, or past `nodeLimit` skims.
  @inline(never)
  private mutating func appendPastCapacity(_ node: JSONNode) -> Int32 {
    if !skimming, nodeCount >= nodeLimit { startSkimming() }
    if skimming {
      let isContainer = node.kind == .object || node.kind == .array
      let slot = skimBase + (isContainer ? depth : maxDepth)
      (nodes + slot).initialize(to: node)
      return Int32(truncatingIfNeeded: slot)
    }
    tape.nodeCount = nodeCount
    // Doubled, but not past the limit: a skimmed document holds at most that many nodes.
    tape.reserveNodes(min(max(nodeCapacity * 2, 16), nodeLimit))
    nodes = tape.nodes
    nodeCapacity = tape.nodeCapacity
    (nodes + nodeCount).initialize(to: node)
    nodeCount += 1
    return Int32(truncatingIfNeeded: nodeCount - 1)
  }

  /// Stops keeping nodes: from here only the open containers' kinds are (`skimming`).
  private mutating func startSkimming() {
    skimming = true
    skimBase = nodeCount
    tape.nodeCount = nodeCount
    tape.reserveNodes(nodeCount + maxDepth + 1)
    nodes = tape.nodes
    nodeCapacity = nodeCount
  }

  /// Forgets a skimmed value: the node array is as it was before it, with its capacity.
  mutating func stopSkimming() {
    skimming = false
    nodeCount = skimBase
    nodeCapacity = tape.nodeCapacity
  }

  func error(_ message: String, at offset: Int) -> JSONSyntaxError {
    JSONSyntaxError(message, at: offset, in: input)
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while position < count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// Parses the whole input; throws `JSONSyntaxError` or `JSONDuplicateMemberError`.
  mutating func parseDocument() throws {
    defer { tape.nodeCount = nodeCount }
    try checkInput()
    skipWhitespace()
    try parseValue(in: -1)
    try finishDocument()
  }

  /// Refuses what cannot start JSON text whatever follows: no input, a byte order mark, more
  /// than the offsets hold.
  mutating func checkInput() throws {
    if count == 0 { throw error("empty input", at: 0) }
    if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      throw error("a byte order mark (U+FEFF) is not allowed before JSON text", at: 0)
    }
    if count > Int(UInt32.max) { throw error("input larger than 4 GiB", at: 0) }
  }

  /// After the document's value: nothing but whitespace may follow, and a repeated name fails
  /// the document.
  mutating func finishDocument() throws {
    skipWhitespace()
    if position != count { throw error("unexpected data after the JSON value", at: position) }
    if let duplicate = firstDuplicate {
      tape.nodeCount = nodeCount
      throw tape.duplicateError(name: duplicate.name, object: duplicate.object)
    }
  }

  /// Parses the value at `position`, a member or element of the open container `container`
  /// (-1: the document's value), and stops right after it.
  mutating func parseValue(in container: Int32) throws {
    var parent = container
    let stopDepth = depth
    valueLoop: while true {
      guard position < count else { throw error("unexpected end of input, expected a value", at: position) }
      switch bytes[position] {
      case UInt8(ascii: "{"):
        let object = try open(.object, parent: &parent)
        skipWhitespace()
        if position < count, bytes[position] == UInt8(ascii: "}") {
          position += 1
          close(&parent)
        } else {
          try parseMemberName(of: object)
          continue valueLoop
        }
      case UInt8(ascii: "["):
        let array = try open(.array, parent: &parent)
        skipWhitespace()
        if position < count, bytes[position] == UInt8(ascii: "]") {
          position += 1
          close(&parent)
        } else {
          nodes[Int(array)].start += 1
          continue valueLoop
        }
      case UInt8(ascii: "\""):
        try parseString(parent: parent)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try parseNumber(parent: parent)
      case UInt8(ascii: "t"):
        try parseLiteral("true", .true, parent: parent)
      case UInt8(ascii: "f"):
        try parseLiteral("false", .false, parent: parent)
      case UInt8(ascii: "n"):
        try parseLiteral("null", .null, parent: parent)
      case let byte:
        throw error(Self.notAValue(byte), at: position)
      }
      // A value is complete: what may follow depends on the enclosing container.
      while true {
        if depth == stopDepth { return }
        skipWhitespace()
        guard position < count else {
          throw error(
            "unexpected end of input inside \(nodes[Int(parent)].kind == .object ? "an object" : "an array")",
            at: position)
        }
        let byte = bytes[position]
        if nodes[Int(parent)].kind == .object {
          if byte == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
            if position < count, bytes[position] == UInt8(ascii: "}") {
              throw error("trailing comma before '}'", at: position)
            }
            try parseMemberName(of: parent)
            continue valueLoop
          }
          guard byte == UInt8(ascii: "}") else {
            throw error("expected ',' or '}' after object member", at: position)
          }
        } else {
          if byte == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
            if position < count, bytes[position] == UInt8(ascii: "]") {
              throw error("trailing comma before ']'", at: position)
            }
            nodes[Int(parent)].start += 1
            continue valueLoop
          }
          guard byte == UInt8(ascii: "]") else {
            throw error("expected ',' or ']' after array element", at: position)
          }
        }
        position += 1
        close(&parent)
      }
    }
  }

  static func notAValue(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "'"): "strings must be in double quotes"
    case UInt8(ascii: "/"): "comments are not allowed in JSON"
    case UInt8(ascii: "+"): "a number must not start with '+'"
    case UInt8(ascii: "."): "a number must start with a digit"
    case UInt8(ascii: "N"), UInt8(ascii: "I"): "NaN and Infinity are not JSON numbers"
    case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","): "expected a value"
    default: "expected a value"
    }
  }

  @inline(__always)
  mutating func open(_ kind: JSONNodeKind, parent: inout Int32) throws -> Int32 {
    if depth >= maxDepth {
      throw error("nesting deeper than \(maxDepth) levels", at: position)
    }
    let index = append(JSONNode(kind: kind, parent: parent))
    stack[depth] = index
    depth += 1
    parent = index
    position += 1
    return index
  }

  mutating func close(_ parent: inout Int32) {
    let index = parent
    nodes[Int(index)].end = UInt32(truncatingIfNeeded: nodeCount)
    depth -= 1
    parent = depth > 0 ? stack[depth - 1] : -1
    guard nodes[Int(index)].kind == .object, !skimming else { return }
    let memberCount = Int(nodes[Int(index)].start)
    // The bits of the names: when they are all short and no two share a bit, no two are the
    // same, and a later lookup of a name whose bit is missing needs no scan.
    var bits: UInt64 = 0
    var sharedBit = false
    var allShort = true
    var name = Int(index) + 1
    for _ in 0..<memberCount {
      let node = nodes[name]
      if node.flags & JSONNode.short == 0 {
        allShort = false
        break
      }
      let bit = node.packed.bit
      if bits & bit != 0 { sharedBit = true }
      bits |= bit
      let value = nodes[name + 1]
      name = value.kind == .object || value.kind == .array ? Int(value.end) : name + 2
    }
    if allShort {
      nodes[Int(index)].flags |= JSONNode.shortNames
      nodes[Int(index)].packed.low = bits
    }
    if memberCount > 1, !allShort || sharedBit {
      let found =
        memberCount <= JSONTape.pairwiseNameLimit
        ? JSONTape.firstDuplicatePairwise(
          object: index, memberCount: memberCount, nodes: UnsafePointer(nodes), input: input)
        : tape.firstDuplicateByHashing(object: index, memberCount: memberCount)
      if let found, firstDuplicate == nil || found < firstDuplicate!.name {
        firstDuplicate = (found, index)
      }
    }
  }

  @inline(__always)
  private mutating func parseMemberName(of object: Int32) throws {
    guard position < count else {
      throw error("unexpected end of input, expected a member name", at: position)
    }
    guard bytes[position] == UInt8(ascii: "\"") else {
      let message =
        bytes[position] == UInt8(ascii: "'")
        ? "strings must be in double quotes" : "expected a member name in double quotes"
      throw error(message, at: position)
    }
    nodes[Int(object)].start += 1
    try parseString(parent: object)
    skipWhitespace()
    guard position < count, bytes[position] == UInt8(ascii: ":") else {
      throw error("expected ':' after member name", at: position)
    }
    position += 1
    skipWhitespace()
  }

  private mutating func parseLiteral(
    _ text: StaticString, _ kind: JSONNodeKind, parent: Int32
  ) throws {
    let length = text.utf8CodeUnitCount
    guard count - position >= length,
      memcmp(bytes + position, text.utf8Start, length) == 0
    else {
      throw error("invalid literal, expected '\(text)'", at: position)
    }
    _ = append(JSONNode(kind: kind, parent: parent))
    position += length
  }
}

/// Input that is not JSON text (RFC 8259), with the place where it stopped being JSON.
package struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong, without the position, e.g. "expected ',' or '}' after object member".
  package let message: String
  /// Offset of the offending byte from the start of the input.
  package let offset: Int
  /// 1-based line of `offset` (lines end at LF).
  package let line: Int
  /// 1-based column of `offset`, counted in Unicode scalars.
  package let column: Int

  /// Creates an error, working out line and column from `offset` in `input`.
  init(_ message: String, at offset: Int, in input: UnsafeRawBufferPointer) {
    self.message = message
    self.offset = offset
    var line = 1
    var column = 1
    var index = 0
    let limit = min(offset, input.count)
    while index < limit {
      let byte = input[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    self.line = line
    self.column = column
  }

  /// The message with its place: `… at line L, column C`.
  package var description: String {
    "\(message) at line \(line), column \(column)"
  }
}
