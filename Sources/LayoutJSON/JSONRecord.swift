import Posix

/// A document read in one pass, straight from its bytes into the members of its objects: the
/// fast way to read the small, plain bodies requests are.
///
/// Each object keeps its members in slots by name: a thread's `JSONNameTable` gives every name it
/// has been asked for a number (up to 64), and the reader puts a member whose name has a number
/// in that slot as it reads it (numbers read to their value, strings as spans, objects and arrays
/// as references); members with other names are kept aside, in document order. A lookup is then
/// one bit test and one load, and a repeated name is found by the same bit.
///
/// The reader takes only what it is sure of: plain ASCII strings without escapes, names of at most
/// 16 bytes, no arrays inside arrays, nesting within `JSONDocument.defaultMaxDepth`. Anything else
/// (invalid JSON too) and it gives up, and the caller reads the bytes with `JSONDocument`, the
/// general parser, which answers for every document and every error. What it reads it reads
/// exactly as that parser does: the same numbers, the same strings, the same repeated names.
package enum JSONRecord {
  /// Reads `bytes` and calls `body` with the top-level object, or returns nil without calling it
  /// when the reader gives up (the document is not an object, or not plain enough, or not JSON).
  ///
  /// The object reads memory the calling thread's next read reuses: it is valid only inside
  /// `body` (each access checks that it still reads its own document).
  package static func withRead<Result>(
    _ bytes: UnsafeRawBufferPointer, _ body: (JSONRecordObject) throws -> Result
  ) rethrows -> Result? {
    let state = JSONRecordStorage.perThread.current.state
    guard !state.pointee.inUse else { return nil }
    state.pointee.inUse = true
    defer { state.pointee.finish() }
    guard readRecord(bytes, into: state) else { return nil }
    return try body(JSONRecordObject(state: state, index: 0))
  }
}

/// One value of a record: a member's or an array element's.
struct JSONRecordValue {
  enum Kind: UInt8 {
    case number, string, `true`, `false`, null, object, array
  }

  var kind: Kind
  /// A number's bits; an object's index; an array's first element (in `elements`).
  var payload: UInt64
  /// A string's first byte (after the quote); an array's element count.
  var start: UInt32
  /// A string's end (before the quote).
  var end: UInt32
}

/// A thread's record: owns the memory its documents are read into, kept between documents.
final class JSONRecordStorage {
  static let perThread = PerThread { JSONRecordStorage() }

  /// The record's state, in memory that never moves: the reader and the views reach it through
  /// this pointer, with no reference counting.
  let state: UnsafeMutablePointer<JSONRecordState>

  init() {
    state = .allocate(capacity: 1)
    state.initialize(to: JSONRecordState())
  }

  deinit {
    state.pointee.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }
}

/// The objects, values and names of the documents a thread reads.
struct JSONRecordState {
  /// One object: which of its named slots hold a member, where its slots start, what holds it.
  struct Object {
    var present: UInt64 = 0
    var slots: Int32 = 0
    /// The object or array holding it, -1 for the document's own.
    var parent: Int32 = -1
    /// Its name's number in `parent`, or its index when `parent` is an array.
    var link: Int32 = 0
    var parentIsArray = false
    /// Its members without a number: in `others` from `othersStart` to `othersEnd`, among the
    /// others of the objects inside it.
    var othersStart: Int32 = 0
    var othersEnd: Int32 = 0
    var othersCount: Int32 = 0
  }

  /// A member whose name had no number when it was read.
  struct Other {
    var key: JSONNameKey
    var value: JSONRecordValue
    /// The object it is a member of.
    var object: Int32
  }

  static let slotsPerObject = JSONNameTable.capacity

  var names = JSONNameTable()
  var objects = RecordBuffer<Object>(capacity: 16)
  var slots: UnsafeMutablePointer<JSONRecordValue>
  var slotCapacity: Int
  var elements = RecordBuffer<JSONRecordValue>(capacity: 32)
  var others = RecordBuffer<Other>(capacity: 8)
  var input = UnsafeRawBufferPointer(start: nil, count: 0)
  /// Counts documents: a view of an earlier one finds it changed.
  var generation: UInt32 = 0
  var inUse = false

  init() {
    slotCapacity = 16 * Self.slotsPerObject
    slots = .allocate(capacity: slotCapacity)
  }

  /// Frees the memory; the state must not be used afterwards.
  func deallocate() {
    slots.deallocate()
    objects.deallocate()
    elements.deallocate()
    others.deallocate()
    names.deallocate()
  }

  /// Ends the read: views of it no longer read.
  mutating func finish() {
    generation &+= 1
    input = UnsafeRawBufferPointer(start: nil, count: 0)
    inUse = false
  }

  /// A new object's index, its slots made room for.
  mutating func newObject(parent: Int32, link: Int32, parentIsArray: Bool) -> Int32 {
    let index = Int32(truncatingIfNeeded: objects.count)
    let needed = (objects.count + 1) * Self.slotsPerObject
    if needed > slotCapacity {
      let grown = UnsafeMutablePointer<JSONRecordValue>.allocate(capacity: needed * 2)
      grown.moveInitialize(from: slots, count: slotCapacity)
      slots.deallocate()
      slots = grown
      slotCapacity = needed * 2
    }
    objects.append(
      Object(
        slots: index &* Int32(Self.slotsPerObject), parent: parent, link: link, parentIsArray: parentIsArray))
    return index
  }
}

/// Reads `bytes` into `state`; false when the reader gives up.
func readRecord(_ bytes: UnsafeRawBufferPointer, into state: UnsafeMutablePointer<JSONRecordState>) -> Bool {
  state.pointee.input = bytes
  state.pointee.generation &+= 1
  state.pointee.objects.count = 0
  state.pointee.elements.count = 0
  state.pointee.others.count = 0
  guard let base = bytes.baseAddress, bytes.count > 0 else { return false }
  var reader = JSONRecordReader(
    state: state, bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
  return reader.readDocument()
}

/// The numbers a thread gives the member names it is asked for (up to 64), so that the reader
/// can put a member in its slot as it reads its name; and, by a literal's address, the key and
/// number of each literal name asked for.
struct JSONNameTable {
  static let capacity = 64
  private static let slotCount = 128
  private static let literalSlotCount = 256

  private struct Literal {
    var address: UInt = 0
    var key = JSONNameKey()
    var number = -1
  }

  private let keys: UnsafeMutablePointer<JSONNameKey>
  private let numbers: UnsafeMutablePointer<Int8>
  private let literals: UnsafeMutablePointer<Literal>
  private(set) var count = 0

  init() {
    keys = .allocate(capacity: Self.slotCount)
    keys.initialize(repeating: JSONNameKey(), count: Self.slotCount)
    numbers = .allocate(capacity: Self.slotCount)
    numbers.initialize(repeating: -1, count: Self.slotCount)
    literals = .allocate(capacity: Self.literalSlotCount)
    literals.initialize(repeating: Literal(), count: Self.literalSlotCount)
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

  /// The key and number of `name` (a literal), given a number if it has none and there is room:
  /// -1 when the table is full or the name is longer than a key.
  @inline(__always)
  mutating func number(of name: StaticString) -> (key: JSONNameKey, number: Int) {
    let address = UInt(bitPattern: name.utf8Start)
    let slot = Int(truncatingIfNeeded: (address &>> 1 ^ address &>> 9) & UInt(Self.literalSlotCount - 1))
    if literals[slot].address == address, literals[slot].number >= 0 {
      return (literals[slot].key, literals[slot].number)
    }
    guard name.utf8CodeUnitCount <= 16 else { return (JSONNameKey(), -1) }
    let key = JSONNameKey(name)
    let number = number(for: key)
    literals[slot] = Literal(address: address, key: key, number: number)
    return (key, number)
  }
}

/// An object of a `JSONRecord`, read member by member as the request models read it.
///
/// Handed out only by `JSONRecord.withRead(_:_:)` and valid only inside the closure it runs: every
/// access checks that the thread's record still holds the document it came from (a view kept
/// past its closure stops the process rather than read another document). Any failure — a
/// missing member, a wrong type — throws `JSONRecordObject.Unreadable`: the caller reads the
/// document again with the general parser, whose errors are the ones to report.
package struct JSONRecordObject {
  /// The error of every failed read: the general parser tells what it is.
  package struct Unreadable: Error {}

  // The state is the calling thread's record's, alive as long as the thread, and every access
  // first checks `generation`.
  let state: UnsafeMutablePointer<JSONRecordState>
  let index: Int32
  let generation: UInt32

  init(state: UnsafeMutablePointer<JSONRecordState>, index: Int32) {
    self.state = state
    self.index = index
    generation = state.pointee.generation
  }

  /// The value of member `name`, if the object has one (`null` included).
  @inline(__always)
  func member(_ name: StaticString) -> JSONRecordValue? {
    precondition(state.pointee.generation == generation, "a JSONRecordObject was kept past its document")
    let (key, number) = state.pointee.names.number(of: name)
    let object = state.pointee.objects.base[Int(index)]
    if number >= 0, object.present & (1 &<< UInt64(number)) != 0 {
      return state.pointee.slots[Int(object.slots) &+ number]
    }
    guard object.othersCount > 0, name.utf8CodeUnitCount <= 16 else { return nil }
    for other in Int(object.othersStart)..<Int(object.othersEnd)
    where state.pointee.others.base[other].key == key && state.pointee.others.base[other].object == index {
      return state.pointee.others.base[other].value
    }
    return nil
  }

  /// The value of member `name` when it is there and not `null`.
  @inline(__always)
  func presentMember(_ name: StaticString) -> JSONRecordValue? {
    guard let value = member(name), value.kind != .null else { return nil }
    return value
  }

  /// Whether the object has a member named `name`, `null` included.
  @inline(__always)
  package func contains(_ name: StaticString) -> Bool { member(name) != nil }

  /// The number at `name`; a number too large for a `Double` reads as infinite.
  @inline(__always)
  package func number(_ name: StaticString) throws(Unreadable) -> Double {
    guard let value = member(name), value.kind == .number else { throw Unreadable() }
    return Double(bitPattern: value.payload)
  }

  /// The number at `name`, or nil when it is absent or `null`.
  @inline(__always)
  package func numberIfPresent(_ name: StaticString) throws(Unreadable) -> Double? {
    guard let value = presentMember(name) else { return nil }
    guard value.kind == .number else { throw Unreadable() }
    return Double(bitPattern: value.payload)
  }

  /// The string at `name`, or nil when it is absent or `null`.
  package func stringIfPresent(_ name: StaticString) throws(Unreadable) -> String? {
    guard let value = presentMember(name) else { return nil }
    guard value.kind == .string else { throw Unreadable() }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: state.pointee.input[Int(value.start)..<Int(value.end)]),
      as: UTF8.self)
  }

  /// The boolean at `name`, or nil when it is absent or `null`.
  package func boolIfPresent(_ name: StaticString) throws(Unreadable) -> Bool? {
    guard let value = presentMember(name) else { return nil }
    switch value.kind {
    case .true: return true
    case .false: return false
    default: throw Unreadable()
    }
  }

  /// The object at `name`.
  @inline(__always)
  package func object(_ name: StaticString) throws(Unreadable) -> JSONRecordObject {
    guard let value = member(name), value.kind == .object else { throw Unreadable() }
    return JSONRecordObject(state: state, index: Int32(truncatingIfNeeded: value.payload))
  }

  /// The object at `name`, or nil when it is absent or `null`.
  @inline(__always)
  package func objectIfPresent(_ name: StaticString) throws(Unreadable) -> JSONRecordObject? {
    guard let value = presentMember(name) else { return nil }
    guard value.kind == .object else { throw Unreadable() }
    return JSONRecordObject(state: state, index: Int32(truncatingIfNeeded: value.payload))
  }

  /// The number of elements of the array at `name`, or nil when it is absent or `null`.
  package func arrayCountIfPresent(_ name: StaticString) throws(Unreadable) -> Int? {
    guard let value = presentMember(name) else { return nil }
    guard value.kind == .array else { throw Unreadable() }
    return Int(value.start)
  }

  /// The object at position `index` of the array at `name`.
  package func object(_ name: StaticString, at index: Int) throws(Unreadable) -> JSONRecordObject {
    guard let array = member(name), array.kind == .array, index >= 0, index < Int(array.start) else {
      throw Unreadable()
    }
    let element = state.pointee.elements.base[Int(array.payload) &+ index]
    guard element.kind == .object else { throw Unreadable() }
    return JSONRecordObject(state: state, index: Int32(truncatingIfNeeded: element.payload))
  }
}

/// The one pass over a document's bytes. Each `read…` returns false when the reader gives up.
struct JSONRecordReader {
  let state: UnsafeMutablePointer<JSONRecordState>
  let bytes: UnsafePointer<UInt8>
  let count: Int
  var position = 0
  var depth = 0

  init(state: UnsafeMutablePointer<JSONRecordState>, bytes: UnsafePointer<UInt8>, count: Int) {
    self.state = state
    self.bytes = bytes
    self.count = count
  }

  mutating func readDocument() -> Bool {
    skipWhitespace()
    guard position < count, bytes[position] == UInt8(ascii: "{") else { return false }
    guard readObject(parent: -1, link: 0, parentIsArray: false) != nil else { return false }
    skipWhitespace()
    return position == count
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while position < count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position &+= 1
      default: return
      }
    }
  }

  /// The object at `position` (its `{`): its members in its slots or among the others.
  mutating func readObject(parent: Int32, link: Int32, parentIsArray: Bool) -> Int32? {
    depth &+= 1
    defer { depth &-= 1 }
    guard depth <= JSONDocument.defaultMaxDepth else { return nil }
    let object = state.pointee.newObject(parent: parent, link: link, parentIsArray: parentIsArray)
    position &+= 1
    skipWhitespace()
    guard position < count else { return nil }
    if bytes[position] == UInt8(ascii: "}") {
      position &+= 1
      return object
    }
    while true {
      guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
      guard let (key, _) = readPlainString(maxLength: 16) else { return nil }
      skipWhitespace()
      guard position < count, bytes[position] == UInt8(ascii: ":") else { return nil }
      position &+= 1
      skipWhitespace()
      // Only the names the models ask for take numbers: a client's own names cannot use them up.
      let number = state.pointee.names.number(of: key)
      guard let value = readValue(parent: object, link: Int32(truncatingIfNeeded: number)) else { return nil }
      if number >= 0 {
        let bit: UInt64 = 1 &<< UInt64(number)
        // A repeated name: the general parser says which and where.
        guard state.pointee.objects.base[Int(object)].present & bit == 0 else { return nil }
        state.pointee.objects.base[Int(object)].present |= bit
        state.pointee.slots[Int(state.pointee.objects.base[Int(object)].slots) &+ number] = value
      } else {
        let held = state.pointee.objects.base[Int(object)]
        if held.othersCount > 0 {
          // A repeated name: the general parser says which and where.
          for index in Int(held.othersStart)..<Int(held.othersEnd)
          where state.pointee.others.base[index].key == key
            && state.pointee.others.base[index].object == object
          {
            return nil
          }
        } else {
          state.pointee.objects.base[Int(object)].othersStart = Int32(
            truncatingIfNeeded: state.pointee.others.count)
        }
        state.pointee.others.append(JSONRecordState.Other(key: key, value: value, object: object))
        state.pointee.objects.base[Int(object)].othersEnd = Int32(
          truncatingIfNeeded: state.pointee.others.count)
        state.pointee.objects.base[Int(object)].othersCount &+= 1
      }
      skipWhitespace()
      guard position < count else { return nil }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position &+= 1
        skipWhitespace()
      case UInt8(ascii: "}"):
        position &+= 1
        return object
      default:
        return nil
      }
    }
  }

  /// The value at `position`, held by `parent` under `link`.
  mutating func readValue(parent: Int32, link: Int32, inArray: Bool = false) -> JSONRecordValue? {
    guard position < count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "\""):
      let start = position &+ 1
      guard readPlainString(maxLength: Int.max) != nil else { return nil }
      return JSONRecordValue(
        kind: .string, payload: 0, start: UInt32(truncatingIfNeeded: start),
        end: UInt32(truncatingIfNeeded: position &- 1))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      guard let value = readNumber() else { return nil }
      return JSONRecordValue(kind: .number, payload: value.bitPattern, start: 0, end: 0)
    case UInt8(ascii: "{"):
      guard let object = readObject(parent: parent, link: link, parentIsArray: inArray) else { return nil }
      return JSONRecordValue(kind: .object, payload: UInt64(object), start: 0, end: 0)
    case UInt8(ascii: "["):
      guard !inArray else { return nil }
      return readArray(parent: parent, link: link)
    case UInt8(ascii: "t"):
      return readLiteral("true", .true)
    case UInt8(ascii: "f"):
      return readLiteral("false", .false)
    case UInt8(ascii: "n"):
      return readLiteral("null", .null)
    default:
      return nil
    }
  }

  /// The array at `position`: its elements in `elements`, together.
  mutating func readArray(parent: Int32, link: Int32) -> JSONRecordValue? {
    depth &+= 1
    defer { depth &-= 1 }
    guard depth <= JSONDocument.defaultMaxDepth else { return nil }
    position &+= 1
    skipWhitespace()
    let first = state.pointee.elements.count
    var elementCount: UInt32 = 0
    guard position < count else { return nil }
    if bytes[position] != UInt8(ascii: "]") {
      while true {
        // Its objects' parent is the array, as the element's index.
        guard
          let element = readValue(
            parent: parent, link: Int32(truncatingIfNeeded: elementCount), inArray: true)
        else { return nil }
        state.pointee.elements.append(element)
        elementCount &+= 1
        skipWhitespace()
        guard position < count else { return nil }
        if bytes[position] == UInt8(ascii: "]") { break }
        guard bytes[position] == UInt8(ascii: ",") else { return nil }
        position &+= 1
        skipWhitespace()
      }
    }
    position &+= 1
    return JSONRecordValue(
      kind: .array, payload: UInt64(first), start: elementCount, end: UInt32(truncatingIfNeeded: link))
  }

  @inline(__always)
  mutating func readLiteral(_ text: StaticString, _ kind: JSONRecordValue.Kind) -> JSONRecordValue? {
    let length = text.utf8CodeUnitCount
    guard count &- position >= length else { return nil }
    for index in 0..<length where bytes[position &+ index] != text.utf8Start[index] { return nil }
    position &+= length
    return JSONRecordValue(kind: kind, payload: 0, start: 0, end: 0)
  }

  /// The string at `position` (its opening quote) when it is plain ASCII without escapes or
  /// control characters and at most `maxLength` bytes long: its key (for names), position after
  /// its closing quote.
  @inline(__always)
  mutating func readPlainString(maxLength: Int) -> (JSONNameKey, Int)? {
    let start = position &+ 1
    var index = start
    while index &+ 8 <= count {
      let special = JSONParser.specialBytes(
        UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)))
      if special == 0 {
        index &+= 8
      } else {
        index &+= special.trailingZeroBitCount &>> 3
        break
      }
    }
    while index < count, bytes[index] != UInt8(ascii: "\"") {
      let byte = bytes[index]
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
      index &+= 1
    }
    guard index < count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let length = index &- start
    guard length <= maxLength else { return nil }
    position = index &+ 1
    let key =
      length <= 16 ? JSONNameKey(bytes + start, count: length, readable: count &- start) : JSONNameKey()
    return (key, length)
  }

  /// The number at `position`, read as the general parser reads it (`JSONParser.parseNumber`):
  /// short decimals exactly by one division, everything else by `JSONNumberParsing.double`.
  mutating func readNumber() -> Double? {
    let start = position
    var index = position
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index &+= 1 }
    guard index < count, JSONParser.isDigit(bytes[index]) else { return nil }
    var significand: Int64 = 0
    var digits = 0
    if bytes[index] == UInt8(ascii: "0") {
      index &+= 1
      digits = 1
      if index < count, JSONParser.isDigit(bytes[index]) { return nil }
    } else {
      while index < count, JSONParser.isDigit(bytes[index]) {
        significand = significand &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
        digits &+= 1
        index &+= 1
      }
    }
    var fractionDigits = 0
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index &+= 1
      guard index < count, JSONParser.isDigit(bytes[index]) else { return nil }
      while index < count, JSONParser.isDigit(bytes[index]) {
        significand = significand &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
        fractionDigits &+= 1
        index &+= 1
      }
    }
    var exponent = false
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      exponent = true
      index &+= 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index &+= 1 }
      guard index < count, JSONParser.isDigit(bytes[index]) else { return nil }
      while index < count, JSONParser.isDigit(bytes[index]) { index &+= 1 }
    }
    position = index
    if !exponent, digits &+ fractionDigits <= 15 {
      let magnitude = Double(significand)
      let scaled = fractionDigits == 0 ? magnitude : magnitude / JSONNumberParsing.powerOfTen(fractionDigits)
      return negative ? -scaled : scaled
    }
    return JSONNumberParsing.double(UnsafeRawBufferPointer(start: bytes + start, count: index &- start))
      ?? .infinity
  }
}

/// A growable run of plain values in memory of its own: what the record keeps, read and
/// written through its pointer with no reference counting and no copy-on-write checks.
struct RecordBuffer<Element> {
  private(set) var base: UnsafeMutablePointer<Element>
  var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  /// Appends `element`, growing when full.
  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity {
      let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
      base = grown
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count &+= 1
  }

  /// Frees the memory; the buffer must not be used afterwards.
  func deallocate() {
    base.deallocate()
  }
}
