import Posix

/// The access keys in force (`--api-keys`): read from their file at start, read again on
/// `reload()` (SIGHUP, or the file changing), looked up by every protected request.
///
/// A reload that fails keeps the keys in force. A request looks its key up once, when its headers
/// are in, so one in flight finishes as it began whatever a reload does meanwhile.
package final class AccessKeys: Sendable {
  /// The file the keys are read from.
  package let path: String
  /// The keys in force. A pthread mutex, which ThreadSanitizer sees; held for a lookup only.
  private let current: Locked<KeySet>

  /// The keys of the file at `path`; throws naming the file and the line at fault.
  package init(path: String) throws(AccessKeyFileError) {
    self.path = path
    current = Locked(KeySet(try AccessKeyFile.read(path)))
  }

  /// Keys given as they are, for tests: `path` is only named.
  package init(_ keys: [AccessKey], path: String = "-") {
    self.path = path
    current = Locked(KeySet(keys))
  }

  /// Reads the file again; its keys are in force from now on. Throws, keeping the keys in force,
  /// when it cannot be read or parsed.
  package func reload() throws(AccessKeyFileError) {
    let keys = KeySet(try AccessKeyFile.read(path))
    current.withLock { $0 = keys }
  }

  /// The names of the keys in force, in the file's order.
  package var names: [String] { current.withLock { $0.keys.map(\.name) } }

  /// The name of the key that `token` is, or nil when it is none of them.
  ///
  /// The token's hash picks the keys it can be (a keyed hash, seeded anew by each reading of the
  /// file: where a guess's hash falls tells nothing of how close it came), and each is compared with
  /// it whole, in the same steps wherever they differ (`differs`): how long the lookup takes tells
  /// nothing of how much of a key a guess got right.
  package func name(of token: UnsafeBufferPointer<UInt8>) -> String? {
    current.withLock { set in
      let hash = set.hash(token)
      var found: String?
      for index in set.hashes.indices where set.hashes[index] == hash {
        let differs = set.keys[index].key.withUnsafeBufferPointer { Self.differs($0, token) }
        if !differs { found = set.keys[index].name }
      }
      return found
    }
  }

  /// The keys of one reading of the file, each with its hash.
  private final class KeySet: Sendable {
    let keys: [AccessKey]
    /// `hash(key)` of each key, in `keys`' order.
    let hashes: [UInt64]
    /// The hash's seed, drawn when the keys are read: where a guess's hash falls tells nothing.
    let seed: UInt64

    init(_ keys: [AccessKey]) {
      self.keys = keys
      var generator = SystemRandomNumberGenerator()
      let seed = generator.next() | 1
      self.seed = seed
      hashes = keys.map { key in key.key.withUnsafeBufferPointer { Self.hash($0, seed: seed) } }
    }

    /// `bytes`' hash with this set's seed.
    func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
      Self.hash(bytes, seed: seed)
    }

    /// A keyed hash of `bytes`: eight bytes at a time, each word mixed with `seed` by a
    /// multiplication and a shift (a few instructions a word), then the length.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
      var hash = seed
      let raw = UnsafeRawBufferPointer(bytes)
      var index = 0
      while raw.count &- index >= 8 {
        hash = Self.mix(hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        index &+= 8
      }
      var tail: UInt64 = 0
      while index < raw.count {
        tail = tail << 8 | UInt64(raw[index])
        index &+= 1
      }
      return Self.mix(Self.mix(hash ^ tail) ^ UInt64(raw.count))
    }

    /// A 64-bit mix (the finalizer of MurmurHash3).
    private static func mix(_ value: UInt64) -> UInt64 {
      var value = value
      value ^= value >> 33
      value = value &* 0xff51_afd7_ed55_8ccd
      value ^= value >> 33
      value = value &* 0xc4ce_b9fe_1a85_ec53
      value ^= value >> 33
      return value
    }
  }

  /// Whether `key` and `token` differ, found in time that depends on their lengths alone: of the
  /// same length, every byte of both is read, eight at a time, and the differences are OR-ed
  /// together, with no early exit. (Of different lengths they differ at once: a key's length is no
  /// secret, every key is at least `AccessKeyFile.minimumKeyLength` long.)
  package static func differs(_ key: some ComparedBytes, _ token: some ComparedBytes) -> Bool {
    guard key.count == token.count else { return true }
    var difference: UInt64 = 0
    var offset = 0
    while key.count &- offset >= 8 {
      difference |= key.word(at: offset) ^ token.word(at: offset)
      offset &+= 8
    }
    while offset < key.count {
      difference |= UInt64(key.byte(at: offset) ^ token.byte(at: offset))
      offset &+= 1
    }
    return difference != 0
  }
}

/// Bytes as `AccessKeys.differs` reads them: eight at a time, then one at a time.
package protocol ComparedBytes {
  /// How many bytes there are.
  var count: Int { get }
  /// The eight bytes from `offset`, which is at most `count - 8`.
  func word(at offset: Int) -> UInt64
  /// The byte at `offset`.
  func byte(at offset: Int) -> UInt8
}

extension UnsafeBufferPointer<UInt8>: ComparedBytes {
  /// The eight bytes from `offset`, loaded from wherever they lie.
  @inline(__always)
  package func word(at offset: Int) -> UInt64 {
    UnsafeRawBufferPointer(self).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  @inline(__always)
  package func byte(at offset: Int) -> UInt8 { self[offset] }
}
