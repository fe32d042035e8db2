extension FastJSONDecoder {
  /// Parses `bytes` and calls `body` with the document's top-level object, reusing the calling
  /// thread's cached `Storage`.
  ///
  /// Throws what `decode(_:from:)` throws for the same bytes when the top level is read through a
  /// keyed container: `JSONSyntaxError`, `JSONDuplicateMemberError`, or a `DecodingError` when
  /// the document is not an object; then whatever `body` throws. The object must not escape
  /// `body`.
  public func withObject<Result>(
    in bytes: UnsafeRawBufferPointer, _ body: (JSONObject) throws -> Result
  ) throws -> Result {
    let cached = Storage.current
    // A read nested inside another decode on the same thread gets fresh memory.
    let storage = cached.inUse ? Storage() : cached
    storage.inUse = true
    defer {
      storage.inUse = false
      storage.input = UnsafeRawBufferPointer(start: nil, count: 0)
    }
    storage.reset(for: bytes)
    var parser = JSONParser(storage: storage, maxDepth: maxDepth)
    try parser.parseDocument()
    return try withExtendedLifetime(storage) {
      if storage.nodes[0].kind != .object {
        _ = try JSONTapeDecoder(storage: storage, index: 0).container(keyedBy: JSONCodingKey.self)
      }
      return try body(JSONObject(storage: storage, index: 0))
    }
  }
}
