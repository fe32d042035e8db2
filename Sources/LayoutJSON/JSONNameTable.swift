/// The numbers a thread gives the member names it is asked for (up to 64), so that the reader
/// can put a member in its slot as it reads its name; and, by a literal's address, the key and
/// number of each literal name asked for.
@usableFromInline struct JSONNameTable {
  static let capacity = 64
  private static let slotCount = 128

  private let keys: UnsafeMutablePointer<JSONNameKey>
  private let numbers: UnsafeMutablePointer<Int8>
  @usableFromInline let literals = JSONLiteralCache<Int>(empty: -1)
  private(set) var count = 0

  init() {
    keys = .allocate(capacity: Self.slotCount)
    keys.initialize(repeating: JSONNameKey(), count: Self.slotCount)
    numbers = .allocate(capacity: Self.slotCount)
    numbers.initialize(repeating: -1, count: Self.slotCount)
  }

  /// Frees the table's memory; it must not be used afterwards.
  func deallocate() {
    keys.deallocate()
    numbers.deallocate()
    literals.deallocate()
  }

  @inline(__always)
  private static func slot(of key: JSONNameKey) -> Int {
    let mixed: UInt64 = (key.low ^ key.high &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed &>> 57)
  }

  /// The number of the name with `key`, or -1 when it has none.
  @inline(__always)
  func number(of key: JSONNameKey) -> Int {
    var slot = Self.slot(of: key)
    while true {
      let number = numbers[slot]
      if number < 0 { return -1 }
      if keys[slot] == key { return Int(number) }
      slot = (slot &+ 1) & (Self.slotCount - 1)
    }
  }

  /// The number of the name with `key`, given one if it has none and there is room; -1 when the
  /// table is full. (Only the literal names the models ask for are numbered, so the names a
  /// thread's requests send cannot fill the table.)
  @inline(__always)
  mutating func number(for key: JSONNameKey) -> Int {
    let known = number(of: key)
    if known >= 0 || count == Self.capacity { return known }
    var free = Self.slot(of: key)
    while numbers[free] >= 0 { free = (free &+ 1) & (Self.slotCount - 1) }
    keys[free] = key
    numbers[free] = Int8(count)
    count += 1
    return count - 1
  }

  /// The number of `name` (a literal) when the cache of literals holds one for it, else nil: what
  /// `number(of:)` finds first, without its key.
  @inlinable @inline(__always)
  func cachedNumber(of name: StaticString) -> Int? {
    guard let literal = literals.entry(of: UInt(bitPattern: name.utf8Start)), literal.pointee.value >= 0
    else {
      return nil
    }
    return literal.pointee.value
  }

  /// The key and number of `name` (a literal), given a number if it has none and there is room:
  /// -1 when the table is full or the name is longer than a key.
  @inline(__always)
  mutating func number(of name: StaticString) -> (key: JSONNameKey, number: Int) {
    let address = UInt(bitPattern: name.utf8Start)
    if let literal = literals.entry(of: address), literal.pointee.value >= 0 {
      return (literal.pointee.key, literal.pointee.value)
    }
    guard name.utf8CodeUnitCount <= JSONNameKey.maxASCIILength else { return (JSONNameKey(), -1) }
    let key = JSONNameKey(name)
    let number = number(for: key)
    literals.store(key, number, at: address)
    return (key, number)
  }
}
