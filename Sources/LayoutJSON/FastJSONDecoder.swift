/// A `Decoder` for JSON bytes, compatible with Foundation's `JSONDecoder` for the
/// `Codable` models it decodes, and much cheaper.
///
/// The whole document is first parsed into a flat node array (strictly, see `JSONParser`
/// rules: RFC 8259 plus I-JSON's unique member names), then decoded from it. Errors:
/// - `JSONSyntaxError`: the input is not JSON (with offset, line, column);
/// - `JSONDuplicateMemberError`: an object repeats a member name (Foundation keeps the
///   first; this decoder accepts neither reading);
/// - `DecodingError`: the same case and coding path as `JSONDecoder` for a missing key,
///   a wrong type or a null where a value is required. A number that the asked type cannot
///   hold (`1e400` as Double, `7.5` as Int, `300` as UInt8) is `dataCorrupted` at the
///   member's coding path; Foundation on Linux rejects the same numbers but reports them at
///   the root as "not valid JSON".
///
/// Foundation-only types (`Date`, `Data`, `URL`, `Decimal`) get no special treatment:
/// they decode through their own `init(from:)`.
public struct FastJSONDecoder: Sendable {
  /// The deepest nesting of objects and arrays accepted.
  public var maxDepth: Int

  /// Creates a decoder accepting up to `maxDepth` nested containers.
  public init(maxDepth: Int = 32) {
    self.maxDepth = maxDepth
  }

  /// Decodes a value from JSON bytes, reusing the calling thread's cached `Storage`.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
    try withParsedDocument(bytes, storage: Storage.current.availableOrFresh) { storage in
      try T(from: JSONTapeDecoder(storage: storage, index: 0))
    }
  }

  /// Decodes a value from JSON bytes, reusing the calling thread's cached `Storage`.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try bytes.withUnsafeBytes { try decode(type, from: $0) }
  }

  /// Decodes a value from JSON bytes using the memory of `storage`, which keeps its capacity
  /// for the next call. `storage` must not be in use by another decode at the same time.
  public func decode<T: Decodable>(
    _ type: T.Type, from bytes: UnsafeRawBufferPointer, storage: Storage
  ) throws -> T {
    precondition(!storage.inUse, "a FastJSONDecoder.Storage decodes one document at a time")
    return try withParsedDocument(bytes, storage: storage) { storage in
      try T(from: JSONTapeDecoder(storage: storage, index: 0))
    }
  }

  /// Parses `bytes` into `storage` and calls `body` with it; `storage` is marked in use
  /// until `body` returns.
  /// With `collectsDuplicates`, repeated names do not fail the parse: they are listed in
  /// `storage.duplicates`.
  func withParsedDocument<Result>(
    _ bytes: UnsafeRawBufferPointer, storage: Storage, collectsDuplicates: Bool = false,
    _ body: (Storage) throws -> Result
  ) throws -> Result {
    storage.inUse = true
    defer {
      storage.inUse = false
      storage.input = UnsafeRawBufferPointer(start: nil, count: 0)
    }
    storage.reset(for: bytes)
    var parser = JSONParser(storage: storage, maxDepth: maxDepth, collectsDuplicates: collectsDuplicates)
    try parser.parseDocument()
    return try withExtendedLifetime(storage) { try body(storage) }
  }
}
