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
  /// The token's hash picks the keys it can be (a keyed hash, seeded anew by each process: where a
  /// guess falls tells nothing of how close it came), and each is compared with it whole, in the
  /// same steps wherever they differ (`differs`): how long the lookup takes tells nothing of how
  /// much of a key a guess got right.
  package func name(of token: UnsafeBufferPointer<UInt8>) -> String? {
    let hash = KeySet.hash(token)
    return current.withLock { set in
      guard let candidates = set.byHash[hash] else { return nil }
      var found: String?
      for index in candidates where !Self.differs(set.keys[index].key, token) { found = set.keys[index].name }
      return found
    }
  }

  /// The keys of one reading of the file, with an index by each key's hash.
  private final class KeySet: Sendable {
    let keys: [AccessKey]
    /// The indices in `keys` of the keys of each hash.
    let byHash: [Int: [Int]]

    init(_ keys: [AccessKey]) {
      self.keys = keys
      var byHash: [Int: [Int]] = [:]
      for (index, key) in keys.enumerated() {
        key.key.withUnsafeBufferPointer { byHash[Self.hash($0), default: []].append(index) }
      }
      self.byHash = byHash
    }

    /// The hash of `bytes` (`Hasher`: SipHash, seeded per process).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
      var hasher = Hasher()
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
      return hasher.finalize()
    }
  }

  /// Whether `key` and `token` differ, found in time that depends on their lengths alone: every
  /// byte of `key` is read and compared with the token's byte at the same place (or its last, past
  /// its end), and the differences are OR-ed together, with no early exit.
  package static func differs<Token: RandomAccessCollection<UInt8>>(_ key: [UInt8], _ token: Token) -> Bool
  where Token.Index == Int {
    var difference: UInt8 = key.count == token.count ? 0 : 1
    let last = token.startIndex + max(token.count - 1, 0)
    let empty = token.isEmpty
    key.withUnsafeBufferPointer { key in
      for index in 0..<key.count {
        let other = empty ? 0 : token[min(token.startIndex + index, last)]
        difference |= key[index] ^ other
      }
    }
    return difference != 0
  }
}
