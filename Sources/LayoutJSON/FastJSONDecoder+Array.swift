extension FastJSONDecoder {
  /// Parses `bytes` once and calls `body` with the document's top-level array, or with `nil`
  /// when the top level is not an array; reuses the calling thread's cached `Storage`.
  ///
  /// Made for batches of requests, each element read as a document of its own: paths (coding
  /// paths, and so error pointers) start at the element, not at the array. An object that
  /// repeats a member name does not fail the parse, it makes its element `.duplicateMember`, so
  /// that every other element is still read. Throws `JSONSyntaxError` for bytes that are not JSON, then whatever `body` throws. The
  /// array must not escape `body`.
  public func withArray<Result>(
    in bytes: UnsafeRawBufferPointer, _ body: (JSONArray?) throws -> Result
  ) throws -> Result {
    try withParsedDocument(bytes, storage: Storage.current.availableOrFresh, collectsDuplicates: true) {
      storage in
      guard storage.nodes[0].kind == .array else { return try body(nil) }
      // Each element becomes a root: paths stop there, and finding one costs nothing.
      let end = Int32(truncatingIfNeeded: storage.nodes[0].end)
      var element: Int32 = 1
      while element < end {
        storage.nodes[Int(element)].parent = -1
        element = storage.next(after: element)
      }
      return try body(JSONArray(storage: storage, index: 0))
    }
  }
}

/// The top-level array of a parsed document, read element by element in order; each element
/// is the root of its own paths.
///
/// Valid only inside the `FastJSONDecoder.withArray(in:_:)` call that hands it out. Walking the
/// elements allocates nothing; only an element that repeats a member name builds its error.
public struct JSONArray {
  /// One element of the array, as a batch reads it.
  public enum Element {
    /// An object whose member names are unique, at any depth.
    case object(JSONObject)
    /// An object holding, at some depth, two members of the same name: the first such repeat
    /// in document order, its path starting at the element.
    case duplicateMember(JSONDuplicateMemberError)
    /// Anything but an object, `null` included.
    case notAnObject
  }

  // unowned(unsafe): the storage outlives the array (see `withArray(in:_:)`).
  unowned(unsafe) let storage: FastJSONDecoder.Storage
  let index: Int32

  init(storage: FastJSONDecoder.Storage, index: Int32) {
    self.storage = storage
    self.index = index
  }

  /// The number of elements.
  public var count: Int { Int(storage.nodes[Int(index)].start) }

  /// Calls `body` with each element's offset and the element, in order.
  public func forEachElement(_ body: (Int, Element) throws -> Void) rethrows {
    let end = Int32(truncatingIfNeeded: storage.nodes[Int(index)].end)
    var node = index + 1
    var offset = 0
    // The repeated names are in document order; `repeat` is the first not yet passed.
    var repeated = 0
    let repeats = storage.duplicates.count
    while node < end {
      let next = storage.next(after: node)
      if storage.nodes[Int(node)].kind != .object {
        try body(offset, .notAnObject)
      } else {
        while repeated < repeats, storage.duplicates[repeated].name < node { repeated += 1 }
        if repeated < repeats, storage.duplicates[repeated].name < next {
          let duplicate = storage.duplicates[repeated]
          try body(
            offset, .duplicateMember(storage.duplicateError(name: duplicate.name, object: duplicate.object)))
        } else {
          try body(offset, .object(JSONObject(storage: storage, index: node)))
        }
      }
      node = next
      offset += 1
    }
  }
}
