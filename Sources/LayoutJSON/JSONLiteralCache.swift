/// What a thread has worked out for each literal member name it was asked for (its key, and a
/// `Value`: a bit or a number), found by the literal's address.
///
/// The models ask for the same few dozen names on every request, and working a key out of a
/// literal's bytes costs a loop each time. A literal's bytes never change, so an entry whose
/// address matches holds its key.
///
/// Two-way set-associative, 256 sets of two: two literals whose addresses fall in the same set
/// both stay (a direct-mapped cache let two names a request asks for in turn evict each other on
/// every request, each then worked out again). A third one replaces the second way's. A plain
/// pointer, so that a lookup through a view of a document retains nothing; the owner frees it.
@usableFromInline struct JSONLiteralCache<Value> {
  @usableFromInline struct Entry {
    /// The literal's address; 0 in an entry never filled.
    @usableFromInline var address: UInt
    var key: JSONNameKey
    @usableFromInline var value: Value
  }

  @usableFromInline static var entryCount: Int { 512 }
  @usableFromInline let entries: UnsafeMutablePointer<Entry>

  /// An empty cache; `empty` fills the value of entries never filled.
  init(empty: Value) {
    entries = .allocate(capacity: Self.entryCount)
    entries.initialize(repeating: Entry(address: 0, key: JSONNameKey(), value: empty), count: Self.entryCount)
  }

  /// Frees the entries; the cache must not be used afterwards.
  func deallocate() {
    entries.deallocate()
  }

  /// The first way of the set of the literal at `address`: where a lookup that has to stay small
  /// looks, and where a name the cache already held when it was first asked for is found.
  @inlinable @inline(__always)
  func firstWay(of address: UInt) -> UnsafeMutablePointer<Entry> {
    entries + Int(truncatingIfNeeded: (address &>> 1 ^ address &>> 9) & UInt(Self.entryCount - 2))
  }

  /// The entry of the literal at `address`, in either way of its set, or nil.
  @inlinable @inline(__always)
  func entry(of address: UInt) -> UnsafeMutablePointer<Entry>? {
    let first = firstWay(of: address)
    if first.pointee.address == address { return first }
    if first[1].address == address { return first + 1 }
    return nil
  }

  /// Records `key` and `value` for the literal at `address`: in its own entry if it has one, else
  /// in an empty way of its set, else in place of the second way's.
  func store(_ key: JSONNameKey, _ value: Value, at address: UInt) {
    let first = firstWay(of: address)
    let way = first.pointee.address == address || first.pointee.address == 0 ? first : first + 1
    way.pointee = Entry(address: address, key: key, value: value)
  }
}

extension JSONLiteralCache<UInt64> {
  /// The key and bit of `name`, a literal of at most 16 bytes (the general parser's objects say
  /// by their bits which short names they cannot have).
  @inline(__always)
  func key(of name: StaticString) -> (key: JSONNameKey, bit: UInt64) {
    let address = UInt(bitPattern: name.utf8Start)
    if let entry = entry(of: address) { return (entry.pointee.key, entry.pointee.value) }
    let key = JSONNameKey(name)
    store(key, key.bit, at: address)
    return (key, key.bit)
  }
}
