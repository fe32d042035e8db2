import Posix

/// Writes JSON text into memory it owns, with plain stores: one capacity check per value, no
/// per-byte bookkeeping, no allocation once the memory has grown to the documents' size.
///
/// Calls must form one valid JSON value: `beginObject`, then `key` and a value per member,
/// then `endObject` (arrays likewise); commas are inserted automatically. A thread that writes
/// many documents borrows its own writer with `withThreadWriter(_:)`.
///
/// `@usableFromInline` as well as `package`: the compiler inlines a `package` type's `@inlinable`
/// methods into another module only when the type is `@usableFromInline` too, and the answers'
/// writers are specialized in LayoutService, where each member's name is a constant that folds
/// into the stores that write it.
@usableFromInline package struct JSONWriter: ~Copyable {
  // Internal to the module but usable from its inlinable writes. A member name and its number
  // are written by one call (`member(_:number:)`), with one check for room.
  @usableFromInline var storage: UnsafeMutablePointer<UInt8>
  /// The bytes written so far.
  @usableFromInline package internal(set) var count = 0
  /// The bytes the writer holds before it grows.
  @usableFromInline package internal(set) var capacity: Int
  /// Whether the next value or member needs a comma before it.
  @usableFromInline var needsComma = false

  /// Creates a writer with room for `capacity` bytes before it grows.
  package init(capacity: Int = 512) {
    self.capacity = max(capacity, 64)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// The JSON text written so far, copied into an array.
  package var bytes: [UInt8] { withBytes { Array($0) } }

  /// Calls `body` with the JSON text written so far; the buffer is valid only inside `body`.
  package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: storage, count: count))
  }

  /// Empties the writer, keeping its memory, to write another document.
  package mutating func reset() {
    count = 0
    needsComma = false
  }

  /// Makes room for `extra` more bytes.
  @inlinable @inline(__always)
  mutating func reserve(_ extra: Int) {
    if capacity &- count < extra { grow(to: count + extra) }
  }

  @usableFromInline
  mutating func grow(to needed: Int) {
    let newCapacity = max(needed, capacity * 2)
    storage = storage.movedToAllocation(capacity: newCapacity, count: count)
    capacity = newCapacity
  }

  /// Appends one byte; room must have been reserved.
  @inlinable @inline(__always)
  mutating func put(_ byte: UInt8) {
    storage[count] = byte
    count &+= 1
  }

  /// Appends `bytes`, reserving room for them.
  mutating func put(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    if let base = bytes.baseAddress {
      UnsafeMutableRawPointer(storage + count).copyMemory(from: base, byteCount: bytes.count)
    }
    count &+= bytes.count
  }

  /// Appends the bytes of a literal, reserving room for them: short ones byte by byte (a call
  /// to `memcpy` costs more than a few stores).
  @inlinable @inline(__always)
  mutating func put(_ literal: StaticString) {
    let length = literal.utf8CodeUnitCount
    reserve(length)
    let source = literal.utf8Start
    if length <= 16 {
      // Through a local pointer: a store through `storage` might alias the writer's own fields,
      // which would then be loaded again for every byte.
      let destination = storage + count
      for index in 0..<length { destination[index] = source[index] }
    } else {
      (storage + count).update(from: source, count: length)
    }
    count &+= length
  }

  @inlinable @inline(__always)
  mutating func separate() {
    if needsComma {
      reserve(1)
      put(UInt8(ascii: ","))
    }
  }

  /// Writes `{`; members follow as `key` and value pairs, then `endObject()`.
  @inlinable
  package mutating func beginObject() {
    separate()
    reserve(1)
    put(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Writes `"name":{`: `key(name)` and `beginObject()` in one call.
  @inlinable @inline(__always)
  package mutating func beginObject(named name: StaticString) {
    separate()
    reserve(name.utf8CodeUnitCount &+ 4)
    putKey(name)
    put(UInt8(ascii: "{"))
  }

  /// Writes `"name":[`: `key(name)` and `beginArray()` in one call.
  package mutating func beginArray(named name: StaticString) {
    separate()
    reserve(name.utf8CodeUnitCount &+ 4)
    putKey(name)
    put(UInt8(ascii: "["))
  }

  /// Writes `}`.
  @inlinable
  package mutating func endObject() {
    reserve(1)
    put(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Writes `[`; elements follow, then `endArray()`.
  @inlinable
  package mutating func beginArray() {
    separate()
    reserve(1)
    put(UInt8(ascii: "["))
    needsComma = false
  }

  /// Writes `]`.
  @inlinable
  package mutating func endArray() {
    reserve(1)
    put(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes a member name and the colon; the member's value must follow.
  @inlinable
  package mutating func key(_ name: StaticString) {
    separate()
    reserve(name.utf8CodeUnitCount &+ 3)
    putKey(name)
  }

  /// Writes member `name` with the number `value`: `key(name)` and `number(value)` in one call,
  /// with one check for room.
  @inlinable @inline(__always)
  package mutating func member(_ name: StaticString, number value: Double) {
    separate()
    // The name, its quotes and colon, and the longest number (`putNumber(_:)`).
    reserve(name.utf8CodeUnitCount &+ 3 &+ 32)
    putKey(name)
    putNumber(value)
    needsComma = true
  }

  /// Writes member `name` as an object of `count` (2 to 4) numbers, `names.0` with `values[0]` and
  /// so on: what `beginObject(named:)`, a `member(_:number:)` per number and `endObject()` write,
  /// in one call with one check for room.
  @inlinable @inline(__always)
  package mutating func member(
    _ name: StaticString, numbersNamed names: (StaticString, StaticString, StaticString, StaticString),
    _ values: SIMD4<Double>, count: Int
  ) {
    precondition(count >= 2 && count <= 4, "an object of numbers has 2 to 4 members")
    separate()
    let namesLength =
      name.utf8CodeUnitCount &+ names.0.utf8CodeUnitCount &+ names.1.utf8CodeUnitCount
      &+ names.2.utf8CodeUnitCount &+ names.3.utf8CodeUnitCount
    // `"name":{`, then per member a comma, quotes and colon and the longest number
    // (`putNumber(_:)`), then `}`.
    reserve(namesLength &+ 4 &+ 4 &* (4 &+ 32) &+ 1)
    putKey(name)
    put(UInt8(ascii: "{"))
    putKey(names.0)
    putNumber(values[0])
    put(UInt8(ascii: ","))
    putKey(names.1)
    putNumber(values[1])
    if count > 2 {
      put(UInt8(ascii: ","))
      putKey(names.2)
      putNumber(values[2])
      if count > 3 {
        put(UInt8(ascii: ","))
        putKey(names.3)
        putNumber(values[3])
      }
    }
    put(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Writes `"name":`; room must have been reserved.
  ///
  /// A literal member name is an identifier of this package's own: nothing in it needs escaping,
  /// so it is copied as it is (checked in debug builds). Names of 4 to 16 bytes are copied as two
  /// words that overlap, read from the name's own bytes; shorter ones byte by byte, a one-byte
  /// name tested first.
  @inlinable @inline(__always)
  mutating func putKey(_ name: StaticString) {
    assert(
      name.withUTF8Buffer {
        !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
      })
    let length = name.utf8CodeUnitCount
    let source = UnsafeRawPointer(name.utf8Start)
    let destination = UnsafeMutableRawPointer(storage + count)
    destination.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
    if length == 1 {
      // `x`, `y`: the commonest names of all.
      destination.storeBytes(of: source.load(as: UInt8.self), toByteOffset: 1, as: UInt8.self)
    } else if length >= 8, length <= 16 {
      let head = source.loadUnaligned(as: UInt64.self)
      let tail = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
      destination.storeBytes(of: head, toByteOffset: 1, as: UInt64.self)
      destination.storeBytes(of: tail, toByteOffset: length &- 7, as: UInt64.self)
    } else if length >= 4, length < 8 {
      let head = source.loadUnaligned(as: UInt32.self)
      let tail = source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
      destination.storeBytes(of: head, toByteOffset: 1, as: UInt32.self)
      destination.storeBytes(of: tail, toByteOffset: length &- 3, as: UInt32.self)
    } else if length < 4 {
      for index in 0..<length {
        destination.storeBytes(
          of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index &+ 1, as: UInt8.self)
      }
    } else {
      (destination + 1).copyMemory(from: source, byteCount: length)
    }
    // `":`, as one little-endian store.
    destination.storeBytes(of: 0x3A22 as UInt16, toByteOffset: length &+ 1, as: UInt16.self)
    count &+= length &+ 3
    needsComma = false
  }

  /// Writes a member name given as a String, with JSON escaping; the member's value must
  /// follow. (Disfavoured, so that a literal name takes the `StaticString` overload.)
  @_disfavoredOverload
  package mutating func key(_ name: String) {
    separate()
    var name = name
    name.withUTF8 { putQuoted(UnsafeRawBufferPointer($0)) }
    reserve(1)
    put(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes `true` or `false`.
  @inlinable
  package mutating func bool(_ value: Bool) {
    separate()
    put(value ? "true" : "false")
    needsComma = true
  }

  /// Writes `null`.
  package mutating func null() {
    separate()
    put("null")
    needsComma = true
  }

  /// Writes a string with JSON escaping. (Disfavoured, so that a literal takes the
  /// `StaticString` overload.)
  @_disfavoredOverload
  package mutating func string(_ value: String) {
    separate()
    var value = value
    value.withUTF8 { putQuoted(UnsafeRawBufferPointer($0)) }
    needsComma = true
  }

  /// Writes a string literal with JSON escaping.
  package mutating func string(_ value: StaticString) {
    separate()
    value.withUTF8Buffer { putQuoted(UnsafeRawBufferPointer($0)) }
    needsComma = true
  }

  /// Writes `text` as a JSON string literal, quotes included (`JSONWriter.appendString`'s rules).
  private mutating func putQuoted(_ text: UnsafeRawBufferPointer) {
    // Every byte escaped as \u00XX takes six: room for that whole.
    reserve(text.count &* 6 &+ 2)
    count &+= Self.writeQuoted(text, into: storage + count)
  }
}

extension JSONWriter {
  /// Borrows the calling thread's writer, emptied, for `body`: the memory of its earlier
  /// documents is reused. A call nested in another on the same thread gets a writer of its own.
  package static func withThreadWriter<Result>(_ body: (inout JSONWriter) throws -> Result) rethrows -> Result
  {
    try ThreadWriter.perThread.withCurrent { box in
      guard !box.inUse else {
        var writer = JSONWriter()
        return try body(&writer)
      }
      box.inUse = true
      defer {
        box.inUse = false
        box.dropIfLarge()
      }
      box.writer.reset()
      return try body(&box.writer)
    }
  }
}

/// A thread's writer, kept between documents. Only its thread touches it, one document at a
/// time (hence `@exclusivity(unchecked)`: the run-time check would cost more than the write).
private final class ThreadWriter {
  static let perThread = PerThread { ThreadWriter() }
  /// Memory beyond this is given back after a document: one huge batch must not pin it.
  static let retainedCapacity = 1 << 20

  @exclusivity(unchecked) var writer = JSONWriter(capacity: 1024)
  @exclusivity(unchecked) var inUse = false

  func dropIfLarge() {
    if writer.capacity > Self.retainedCapacity { writer = JSONWriter(capacity: 1024) }
  }
}
