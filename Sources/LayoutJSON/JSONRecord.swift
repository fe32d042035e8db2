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
/// 16 bytes (or `JSONNameKey.maxASCIILength` of plain ASCII), no arrays inside arrays, nesting
/// within `JSONDocument.defaultMaxDepth`. Anything else (invalid JSON too) and it gives up, and
/// the caller reads the bytes with `JSONDocument`, the general parser, which answers for every
/// document and every error. What it reads it reads exactly as that parser does: the same numbers,
/// the same strings, the same repeated names.
package enum JSONRecord {
  /// Reads `bytes` and calls `body` with the top-level object, or returns nil without calling it
  /// when the reader gives up (the document is not an object, or not plain enough, or not JSON).
  ///
  /// The object reads memory the calling thread's next read reuses: it is valid only inside
  /// `body` (each access checks that it still reads its own document).
  package static func withRead<Result>(
    _ bytes: UnsafeRawBufferPointer, _ body: (JSONRecordObject) throws -> Result
  ) rethrows -> Result? {
    let state = JSONRecordStorage.perThread.withCurrent { $0.state }
    guard !state.pointee.inUse else { return nil }
    state.pointee.inUse = true
    defer { state.pointee.finish() }
    guard readRecord(bytes, into: state) else { return nil }
    return try body(JSONRecordObject(state: state, index: 0))
  }

  /// What reading `bytes` puts in the calling thread's record, written out (every object, member
  /// and element, with the places of its bytes), or nil when the reader gives up. With
  /// `usingTemplates: false` the templates are neither used nor made. For tests: both ways of
  /// reading must put the same in the record.
  package static func recordDescription(_ bytes: UnsafeRawBufferPointer, usingTemplates: Bool) -> String? {
    let state = JSONRecordStorage.perThread.withCurrent { $0.state }
    guard !state.pointee.inUse else { return nil }
    state.pointee.inUse = true
    defer { state.pointee.finish() }
    guard readRecord(bytes, into: state, usingTemplates: usingTemplates) else { return nil }
    return state.pointee.description
  }

  /// How many documents the calling thread's templates have read.
  package static var templateReads: Int {
    JSONRecordStorage.perThread.withCurrent { $0.state }.pointee.templates.pointee.hits
  }
}

/// One value of a record: a member's or an array element's.
@usableFromInline struct JSONRecordValue {
  @usableFromInline enum Kind: UInt8 {
    case number, string, `true`, `false`, null, object, array
  }

  @usableFromInline var kind: Kind
  /// A number's bits; an object's index; an array's first element (in `elements`).
  @usableFromInline var payload: UInt64
  /// A string's first byte (after the quote), a number's first byte; an array's element count.
  var start: UInt32
  /// A string's end (before the quote), a number's end.
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
@usableFromInline struct JSONRecordState {
  /// One object: which of its named slots hold a member, where its slots start, what holds it.
  @usableFromInline struct Object {
    @usableFromInline var present: UInt64 = 0
    @usableFromInline var slots: Int32 = 0
    /// The object or array holding it, -1 for the document's own.
    var parent: Int32 = -1
    /// Its name's number in `parent`, or its index when `parent` is an array.
    var link: Int32 = 0
    var parentIsArray = false
    /// Its members without a number: in `others` from `othersStart` to `othersEnd`, among the
    /// others of the objects inside it.
    var othersStart: Int32 = 0
    var othersEnd: Int32 = 0
    @usableFromInline var othersCount: Int32 = 0
  }

  /// A member whose name had no number when it was read.
  struct Other {
    var key: JSONNameKey
    var value: JSONRecordValue
    /// The object it is a member of.
    var object: Int32
  }

  static let slotsPerObject = JSONNameTable.capacity

  @usableFromInline var names = JSONNameTable()
  @usableFromInline var objects = RecordBuffer<Object>(capacity: 16)
  @usableFromInline var slots: UnsafeMutablePointer<JSONRecordValue>
  var slotCapacity: Int
  var elements = RecordBuffer<JSONRecordValue>(capacity: 32)
  var others = RecordBuffer<Other>(capacity: 8)
  var input = UnsafeRawBufferPointer(start: nil, count: 0)
  /// Counts documents: a view of an earlier one finds it changed.
  @usableFromInline var generation: UInt32 = 0
  var inUse = false
  /// The shapes of the documents read so far, in memory of their own (they are changed while
  /// the rest of the state is read and written).
  let templates: UnsafeMutablePointer<JSONRecordTemplateCache>

  init() {
    slotCapacity = 16 * Self.slotsPerObject
    slots = .allocate(capacity: slotCapacity)
    templates = .allocate(capacity: 1)
    templates.initialize(to: JSONRecordTemplateCache())
  }

  /// Frees the memory; the state must not be used afterwards.
  func deallocate() {
    slots.deallocate()
    objects.deallocate()
    elements.deallocate()
    others.deallocate()
    names.deallocate()
    templates.pointee.deallocate()
    templates.deinitialize(count: 1)
    templates.deallocate()
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
    reserveSlots(objects: objects.count + 1)
    objects.append(
      Object(
        slots: index &* Int32(Self.slotsPerObject), parent: parent, link: link, parentIsArray: parentIsArray))
    return index
  }

  /// The record written out: each object with its named members, the others, the elements.
  var description: String {
    func text(_ value: JSONRecordValue) -> String {
      "\(value.kind) \(value.payload) \(value.start)..<\(value.end)"
    }
    var lines: [String] = []
    for index in 0..<objects.count {
      let object = objects.base[index]
      lines.append(
        "object \(index): parent \(object.parent) link \(object.link) in array \(object.parentIsArray)"
          + " others \(object.othersStart)..<\(object.othersEnd) (\(object.othersCount))")
      var present = object.present
      while present != 0 {
        let number = present.trailingZeroBitCount
        present &= present &- 1
        lines.append("  name \(number): \(text(slots[Int(object.slots) + number]))")
      }
    }
    for index in 0..<others.count {
      let other = others.base[index]
      lines.append(
        "other \(index) of \(other.object): \(other.key.low) \(other.key.high): \(text(other.value))")
    }
    for index in 0..<elements.count { lines.append("element \(index): \(text(elements.base[index]))") }
    return lines.joined(separator: "\n")
  }

  /// Makes room for the slots of `objects` objects.
  @inline(__always)
  mutating func reserveSlots(objects: Int) {
    let needed = objects * Self.slotsPerObject
    guard needed > slotCapacity else { return }
    slots = slots.movedToAllocation(capacity: needed * 2, count: slotCapacity)
    slotCapacity = needed * 2
  }
}

/// Reads `bytes` into `state`, by a template when the thread has read a document of the same
/// shape (`usingTemplates`); false when the reader gives up.
func readRecord(
  _ bytes: UnsafeRawBufferPointer, into state: UnsafeMutablePointer<JSONRecordState>,
  usingTemplates: Bool = true
) -> Bool {
  state.pointee.input = bytes
  state.pointee.generation &+= 1
  guard let base = bytes.baseAddress, bytes.count > 0 else { return false }
  let start = base.assumingMemoryBound(to: UInt8.self)
  let templates = state.pointee.templates
  if usingTemplates, templates.pointee.read(start, count: bytes.count, into: state) { return true }
  templates.pointee.loaded = -1
  state.pointee.objects.count = 0
  state.pointee.elements.count = 0
  state.pointee.others.count = 0
  var reader = JSONRecordReader(state: state, bytes: start, count: bytes.count)
  guard reader.readDocument() else { return false }
  if usingTemplates { templates.pointee.learn(from: state, start, count: bytes.count) }
  return true
}

/// A growable run of plain values in memory of its own: what the record keeps, read and
/// written through its pointer with no reference counting and no copy-on-write checks.
@usableFromInline struct RecordBuffer<Element> {
  @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
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
      base = base.movedToAllocation(capacity: capacity * 2, count: count)
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

extension UnsafeMutablePointer {
  /// Moves the first `count` elements into a new allocation of `capacity` elements, frees this
  /// one and returns the new one: how the record's, the tape's and the writer's buffers grow.
  @inline(__always)
  func movedToAllocation(capacity: Int, count: Int) -> UnsafeMutablePointer<Pointee> {
    let grown = UnsafeMutablePointer<Pointee>.allocate(capacity: capacity)
    grown.moveInitialize(from: self, count: count)
    deallocate()
    return grown
  }
}
