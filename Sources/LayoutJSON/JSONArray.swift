extension JSONDocument {
  /// Parses `bytes` once and calls `body` with the document's top-level array, or with `nil`
  /// when the top level is not an array; reuses the calling thread's tape.
  ///
  /// Made for batches of requests, each element read as a document of its own: paths (coding
  /// paths, and so error pointers) start at the element, not at the array. An object that
  /// repeats a member name does not fail the parse, it makes its element `.duplicateMember`, so
  /// that every other element is still read. Throws `JSONSyntaxError` for bytes that are not
  /// JSON, then whatever `body` throws. The array must not escape `body`.
  package static func withArray<Result>(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth, _ body: (JSONArray?) throws -> Result
  ) throws -> Result {
    try JSONTape.withParsed(bytes, maxDepth: maxDepth, collectsDuplicates: true) { tape in
      guard tape.nodes[0].kind == .array else { return try body(nil) }
      // Each element becomes a root: paths stop there, and finding one costs nothing.
      let end = Int32(truncatingIfNeeded: tape.nodes[0].end)
      var element: Int32 = 1
      while element < end {
        tape.nodes[Int(element)].parent = -1
        element = tape.next(after: element)
      }
      return try body(JSONArray(tape: tape, index: 0))
    }
  }
}

/// The top-level array of a parsed document, read element by element in order; each element
/// is the root of its own paths.
///
/// Handed out only by `JSONDocument.withArray(_:maxDepth:_:)` and valid only inside the closure
/// it runs. Walking the elements allocates nothing; only an element that repeats a member name
/// builds its error.
package struct JSONArray {
  /// One element of the array, as a batch reads it.
  package enum Element {
    /// An object whose member names are unique, at any depth.
    case object(JSONObject)
    /// An object holding, at some depth, two members of the same name: the first such repeat
    /// in document order, its path starting at the element.
    case duplicateMember(JSONDuplicateMemberError)
    /// Anything but an object, `null` included.
    case notAnObject
  }

  // unowned(unsafe): as `JSONObject`'s, checked by `tape` on every read.
  private unowned(unsafe) let owner: JSONTape
  private let generation: UInt32
  let index: Int32

  init(tape: JSONTape, index: Int32) {
    self.owner = tape
    self.generation = tape.generation
    self.index = index
  }

  /// The tape, checked to still hold this array's document.
  var tape: JSONTape {
    @inline(__always) get {
      precondition(owner.generation == generation, "a JSONArray was kept past its document")
      return owner
    }
  }

  /// The number of elements.
  package var count: Int { Int(tape.nodes[Int(index)].start) }

  /// The bytes of element `offset`, without the whitespace around it.
  package func bytes(ofElement offset: Int) -> UnsafeRawBufferPointer {
    let span = tape.elementSpans[offset]
    return UnsafeRawBufferPointer(rebasing: tape.input[Int(span.start)..<Int(span.end)])
  }

  /// Calls `body` with each element's offset and the element, in order.
  package func forEachElement(_ body: (Int, Element) throws -> Void) rethrows {
    let end = Int32(truncatingIfNeeded: tape.nodes[Int(index)].end)
    var node = index + 1
    var offset = 0
    // The repeated names are in document order; `repeated` is the first not yet passed.
    var repeated = 0
    let repeats = tape.duplicates.count
    while node < end {
      let next = tape.next(after: node)
      if tape.nodes[Int(node)].kind != .object {
        try body(offset, .notAnObject)
      } else {
        while repeated < repeats, tape.duplicates[repeated].name < node { repeated += 1 }
        if repeated < repeats, tape.duplicates[repeated].name < next {
          let duplicate = tape.duplicates[repeated]
          try body(
            offset, .duplicateMember(tape.duplicateError(name: duplicate.name, object: duplicate.object)))
        } else {
          try body(offset, .object(JSONObject(tape: tape, knownObjectAt: node)))
        }
      }
      node = next
      offset += 1
    }
  }
}

@available(*, unavailable, message: "a JSONArray reads its thread's tape")
extension JSONArray: Sendable {}
