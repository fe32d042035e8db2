extension JSONDocument {
  /// Reads `bytes` as a top-level array, calling `body` with each element as soon as it has
  /// been read; returns the number of elements, or `nil` when the top level is not an array.
  ///
  /// Made for batches of requests: the calling thread's tape holds one element at a time, so
  /// what reading takes does not grow with the element count, and each element is read as a
  /// document of its own (paths, and so error pointers, start at the element). An object that
  /// repeats a member name makes its element `.duplicateMember`, so every other element is still
  /// read; an element of more than `maxElementBytes` bytes is `.tooLarge` and is only checked,
  /// never kept. Only the first `maxElements` elements are handed to `body`; the rest are
  /// checked and counted.
  ///
  /// Bytes that are not JSON throw `JSONSyntaxError` wherever they break, after `body` has seen
  /// the elements before: a caller that answers element by element discards what it wrote.
  /// A top level that is not an array is checked without being kept. An element must not
  /// escape `body`: the next one reuses its memory (its views then stop the process).
  package static func forEachElement(
    ofArray bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth, maxElementBytes: Int,
    maxElements: Int, _ body: (_ offset: Int, _ element: JSONArrayElement) throws -> Void
  ) throws -> Int? {
    try JSONTape.withTape(reading: bytes) { tape in
      var parser = JSONParser(tape: tape, maxDepth: maxDepth)
      return try parser.parseElements(
        maxElementBytes: maxElementBytes, maxElements: maxElements, body)
    }
  }
}

/// One element of a top-level array, as `JSONDocument.forEachElement(ofArray:…)` reads it.
package struct JSONArrayElement {
  /// What the element is, as a batch reads it.
  package enum Value {
    /// An object whose member names are unique, at any depth.
    case object(JSONObject)
    /// An object holding, at some depth, two members of the same name: the first such repeat
    /// in document order, its path starting at the element.
    case duplicateMember(JSONDuplicateMemberError)
    /// Anything but an object, `null` included.
    case notAnObject
    /// More bytes than the reader's `maxElementBytes`, whatever they hold.
    case tooLarge
  }

  /// What the element is.
  package let value: Value
  /// The element's bytes, without the whitespace around it.
  package let bytes: UnsafeRawBufferPointer
}

@available(*, unavailable, message: "a JSONArrayElement reads its thread's tape")
extension JSONArrayElement: Sendable {}

extension JSONParser {
  /// Parses the whole input as `JSONDocument.forEachElement(ofArray:…)` describes: the array is
  /// node 0 and each element, while `body` reads it, starts at node 1.
  mutating func parseElements(
    maxElementBytes: Int, maxElements: Int, _ body: (Int, JSONArrayElement) throws -> Void
  ) throws -> Int? {
    defer { tape.nodeCount = nodeCount }
    try checkInput()
    skipWhitespace()
    guard position < count, bytes[position] == UInt8(ascii: "[") else {
      // Only whether it is JSON matters: skimmed once the node array is full, and a repeated
      // name does not fail it.
      nodeLimit = 0
      try parseValue(in: -1)
      firstDuplicate = nil
      try finishDocument()
      return nil
    }
    var parent: Int32 = -1
    let array = try open(.array, parent: &parent)
    skipWhitespace()
    var elementCount = 0
    if position < count, bytes[position] == UInt8(ascii: "]") {
      position += 1
    } else {
      // An element of n bytes has at most n nodes: past the limit it is too large anyway.
      nodeLimit = 1 + max(0, maxElementBytes)
      while true {
        let start = position
        try parseValue(in: array)
        if elementCount < maxElements {
          try deliverElement(
            UnsafeRawBufferPointer(rebasing: input[start..<position]), elementCount,
            maxElementBytes: maxElementBytes, body)
        }
        forgetElement()
        elementCount += 1
        skipWhitespace()
        guard position < count else { throw error("unexpected end of input inside an array", at: position) }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
          skipWhitespace()
          if position < count, bytes[position] == UInt8(ascii: "]") {
            throw error("trailing comma before ']'", at: position)
          }
          continue
        }
        guard bytes[position] == UInt8(ascii: "]") else {
          throw error("expected ',' or ']' after array element", at: position)
        }
        position += 1
        break
      }
    }
    close(&parent)
    try finishDocument()
    return elementCount
  }

  /// Calls `body` with the element just read (node 1 on), as a document of its own.
  private mutating func deliverElement(
    _ element: UnsafeRawBufferPointer, _ offset: Int, maxElementBytes: Int,
    _ body: (Int, JSONArrayElement) throws -> Void
  ) throws {
    tape.nodeCount = nodeCount
    let value: JSONArrayElement.Value
    if skimming || element.count > maxElementBytes {
      value = .tooLarge
    } else if nodes[1].kind != .object {
      value = .notAnObject
    } else {
      // The element is the root of its paths.
      nodes[1].parent = -1
      if let duplicate = firstDuplicate {
        value = .duplicateMember(tape.duplicateError(name: duplicate.name, object: duplicate.object))
      } else {
        value = .object(JSONObject(tape: tape, knownObjectAt: 1))
      }
    }
    try body(offset, JSONArrayElement(value: value, bytes: element))
  }

  /// Empties the tape down to the array's node for the next element; views of the element
  /// read so far find a changed generation.
  private mutating func forgetElement() {
    if skimming { stopSkimming() }
    nodeCount = 1
    firstDuplicate = nil
    tape.nodeCount = 1
    tape.generation &+= 1
  }
}
