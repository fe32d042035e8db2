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
    try withParsedDocument(bytes, storage: Storage.current.availableOrFresh) { storage in
      if storage.nodes[0].kind != .object {
        _ = try JSONTapeDecoder(storage: storage, index: 0).container(keyedBy: JSONCodingKey.self)
      }
      return try body(JSONObject(storage: storage, index: 0))
    }
  }
}
