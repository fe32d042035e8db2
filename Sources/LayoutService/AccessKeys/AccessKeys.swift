import Posix
import Synchronization

/// The access keys in force (`--api-keys`): read from their file at start, read again on
/// `reload()` (SIGHUP, or the file changing), looked up by every protected request.
///
/// A reload that fails keeps the keys in force. A request looks its key up once, when its headers
/// are in, so one in flight finishes as it began whatever a reload does meanwhile.
///
/// A lookup takes no lock: it counts itself in `lookups` and reads the keys in force from an
/// atomic reference. A reload swaps the reference, then waits until no lookup is under way before
/// it releases the keys it replaced: a lookup that counted itself in before the swap may hold them,
/// one after it reads the new ones.
package final class AccessKeys: Sendable {
  /// The file the keys are read from.
  package let path: String
  /// The keys in force, retained by this object.
  private let current: Atomic<Unmanaged<KeySet>>
  /// Lookups under way.
  private let lookups = Atomic<Int>(0)
  /// Held by a reload: one at a time. A pthread mutex, which ThreadSanitizer sees.
  private let reloading = Lock()

  /// The keys of the file at `path`; throws naming the file and the line at fault.
  package init(path: String) throws(AccessKeyFileError) {
    self.path = path
    current = Atomic(Unmanaged.passRetained(KeySet(try AccessKeyFile.read(path))))
  }

  /// Keys given as they are, for tests: `path` is only named.
  package init(_ keys: [AccessKey], path: String = "-") {
    self.path = path
    current = Atomic(Unmanaged.passRetained(KeySet(keys)))
  }

  deinit {
    current.load(ordering: .acquiring).release()
  }

  /// Reads the file again; its keys are in force from now on. Throws, keeping the keys in force,
  /// when it cannot be read or parsed.
  package func reload() throws(AccessKeyFileError) {
    let keys = Unmanaged.passRetained(KeySet(try AccessKeyFile.read(path)))
    reloading.withLock {
      // Sequentially consistent, as the lookups' count and load: either a lookup counted itself in
      // before this reads the count (and is waited for), or it reads the reference after the swap.
      let replaced = current.exchange(keys, ordering: .sequentiallyConsistent)
      while lookups.load(ordering: .sequentiallyConsistent) != 0 { MonotonicClock.sleep(seconds: 0.000_1) }
      replaced.release()
    }
  }

  /// Calls `body` with the keys in force, counted in `lookups` while it runs.
  @inline(__always)
  private func withKeys<Result>(_ body: (KeySet) -> Result) -> Result {
    lookups.wrappingAdd(1, ordering: .sequentiallyConsistent)
    defer { lookups.wrappingSubtract(1, ordering: .releasing) }
    return current.load(ordering: .sequentiallyConsistent)._withUnsafeGuaranteedRef(body)
  }

  /// The names of the keys in force, in the file's order.
  package var names: [String] { withKeys { $0.keys.map(\.name) } }

  /// The name of the key that `token` is, or nil when it is none of them.
  ///
  /// The token's hash picks the keys it can be (a keyed hash, seeded anew by each reading of the
  /// file: where a guess's hash falls tells nothing of how close it came), and each is compared with
  /// it whole, in the same steps wherever they differ (`differs`): how long the lookup takes tells
  /// nothing of how much of a key a guess got right.
  package func name(of token: UnsafeBufferPointer<UInt8>) -> String? {
    withKeys { $0.name(of: token) }
  }

  /// The keys of one reading of the file, each with its hash.
  private final class KeySet: @unchecked Sendable {
    // @unchecked: `table` and `bytes` are written in `init` only, then only read, and freed in
    // `deinit`; no pointer to them leaves the class.
    let keys: [AccessKey]
    /// Each key's hash and where its bytes are in `bytes`, in `keys`' order: what a lookup reads,
    /// without an array's retain or bounds check.
    private let table: UnsafeMutableBufferPointer<(hash: UInt64, start: Int, count: Int)>
    /// Every key's bytes, one after the other.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The hash's seed, drawn when the keys are read: where a guess's hash falls tells nothing.
    let seed: UInt64

    init(_ keys: [AccessKey]) {
      self.keys = keys
      var generator = SystemRandomNumberGenerator()
      let seed = generator.next() | 1
      self.seed = seed
      table = .allocate(capacity: keys.count)
      bytes = .allocate(capacity: keys.reduce(0) { $0 + $1.key.count })
      var start = 0
      for (index, key) in keys.enumerated() {
        let hash = key.key.withUnsafeBufferPointer { Self.hash($0, seed: seed) }
        table.initializeElement(at: index, to: (hash, start, key.key.count))
        _ = bytes[start..<start + key.key.count].initialize(from: key.key)
        start += key.key.count
      }
    }

    deinit {
      table.deallocate()
      bytes.deallocate()
    }

    /// The name of the key that `token` is, or nil.
    func name(of token: UnsafeBufferPointer<UInt8>) -> String? {
      // Shorter than any key: a length is no secret.
      guard token.count >= AccessKeyFile.minimumKeyLength else { return nil }
      let hash = Self.hash(token, seed: seed)
      var found = -1
      for index in 0..<table.count where table[index].hash == hash {
        let key = UnsafeBufferPointer(
          start: bytes.baseAddress! + table[index].start, count: table[index].count)
        if !AccessKeys.differs(key, token) { found = index }
      }
      return found < 0 ? nil : keys[found].name
    }

    /// A keyed hash of `bytes`, at least 8 of them (every key is longer): the seed and the length,
    /// each word of eight bytes mixed in by a multiplication and a shift, the last eight bytes
    /// read as a word of their own when the length is not a multiple of 8, then a full mix
    /// (MurmurHash3's finalizer).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
      let raw = UnsafeRawBufferPointer(bytes)
      var hash = seed ^ UInt64(truncatingIfNeeded: raw.count)
      var index = 0
      while index &+ 8 < raw.count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash &>> 29
        index &+= 8
      }
      hash ^= raw.loadUnaligned(fromByteOffset: raw.count &- 8, as: UInt64.self)
      return Self.mix(hash)
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
  /// same length, every byte of both is read, eight at a time (the last eight as a word of their
  /// own when the length is not a multiple of 8; below 8 bytes, one at a time), and the
  /// differences are OR-ed together, with no early exit. (Of different lengths they differ at
  /// once: a key's length is no secret, every key is at least `AccessKeyFile.minimumKeyLength`
  /// long.)
  @inline(__always)
  package static func differs(_ key: some ComparedBytes, _ token: some ComparedBytes) -> Bool {
    guard key.count == token.count else { return true }
    var difference: UInt64 = 0
    guard key.count >= 8 else {
      for offset in 0..<key.count { difference |= UInt64(key.byte(at: offset) ^ token.byte(at: offset)) }
      return difference != 0
    }
    var offset = 0
    while offset &+ 8 < key.count {
      difference |= key.word(at: offset) ^ token.word(at: offset)
      offset &+= 8
    }
    let last = key.count &- 8
    difference |= key.word(at: last) ^ token.word(at: last)
    return difference != 0
  }
}

/// Bytes as `AccessKeys.differs` reads them: eight at a time, or one at a time when fewer than 8.
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
