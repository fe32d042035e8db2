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
