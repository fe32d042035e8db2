import Testing

@testable import LayoutJSON

/// The cache of literal names' keys: two literals whose addresses share a set both stay, so that
/// a request that asks for both in turn finds both (a direct-mapped cache evicted one with the
/// other on every request, and worked its key out again each time).
@Suite struct LiteralCacheTests {
  /// `count` addresses after `base` whose entries the cache looks for in the same set as `base`'s.
  static func addresses(sharingTheSetOf base: UInt, count: Int, in cache: JSONLiteralCache<Int>) -> [UInt] {
    var found: [UInt] = []
    var address = base
    while found.count < count {
      address += 1
      if cache.firstWay(of: address) == cache.firstWay(of: base) { found.append(address) }
    }
    return found
  }

  @Test func twoLiteralsOfOneSetBothStay() {
    let cache = JSONLiteralCache<Int>(empty: -1)
    defer { cache.deallocate() }
    let first: UInt = 0x5555_0000_1000
    let others = Self.addresses(sharingTheSetOf: first, count: 2, in: cache)
    let keys = (0..<3).map { JSONNameKey(number: Double($0 + 1)) }
    cache.store(keys[0], 10, at: first)
    cache.store(keys[1], 11, at: others[0])
    // Asked for in turn, as a request's models ask, each is found every time.
    for _ in 0..<3 {
      #expect(cache.entry(of: first)?.pointee.value == 10)
      #expect(cache.entry(of: first)?.pointee.key == keys[0])
      #expect(cache.entry(of: others[0])?.pointee.value == 11)
      #expect(cache.entry(of: others[0])?.pointee.key == keys[1])
    }
    #expect(cache.entry(of: others[1]) == nil)
    // Stored again, an entry changes in place: the other way keeps its literal.
    cache.store(keys[0], 20, at: first)
    #expect(cache.entry(of: first)?.pointee.value == 20)
    #expect(cache.entry(of: others[0])?.pointee.value == 11)
    // A third literal of the set takes the second way; the first way's stays.
    cache.store(keys[2], 12, at: others[1])
    #expect(cache.entry(of: others[1])?.pointee.value == 12)
    #expect(cache.entry(of: first)?.pointee.value == 20)
    #expect(cache.entry(of: others[0]) == nil)
  }

  @Test func anEmptyCacheHoldsNothingAndAddressesSpreadOverItsSets() {
    let cache = JSONLiteralCache<Int>(empty: -1)
    defer { cache.deallocate() }
    var sets = Set<UnsafeMutableRawPointer>()
    for offset in stride(from: 0 as UInt, to: 4096, by: 8) {
      let address = 0x7000_0000 + offset
      #expect(cache.entry(of: address) == nil)
      sets.insert(UnsafeMutableRawPointer(cache.firstWay(of: address)))
    }
    // 512 literals laid out 8 bytes apart fall in at least half of the 256 sets.
    #expect(sets.count >= 128)
  }

  @Test func theKeyOfALiteralIsWhatItsBytesMake() {
    let cache = JSONLiteralCache<UInt64>(empty: 0)
    defer { cache.deallocate() }
    let names: [StaticString] = [
      "x", "y", "width", "height", "keyboardHeight", "interactiveWidget", "restingHeight", "left", "top",
    ]
    for _ in 0..<2 {
      for name in names {
        let (key, bit) = cache.key(of: name)
        #expect(key == JSONNameKey(name), "\(name)")
        #expect(bit == JSONNameKey(name).bit, "\(name)")
      }
    }
  }
}
