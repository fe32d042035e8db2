/// The shapes of the documents a thread's record has read: a later document that differs from
/// one of them only in its numbers is read by comparing the bytes between the numbers and
/// parsing the numbers alone.
///
/// A client sends the same members in the same order request after request, with new values: a
/// template keeps such a document's bytes, with its numbers as holes, and what the record made
/// of it. It reads alike: the reader's every decision depends on the bytes it meets, and on a
/// number only through its value and where it ends (`readNumber` takes the longest number
/// there). A document whose bytes between the holes are the template's, with one number in each
/// hole, is met by the reader token for token as the template's was: the same names in the same
/// objects and slots, the same strings (moved by the numbers' lengths), the same end. Its
/// record is then the template's, with the new numbers and the strings moved.
struct JSONRecordTemplates {
  /// Templates kept per thread; the one used least recently is replaced.
  static let capacity = 4
  /// The largest document a template is made of (requests are a few hundred bytes).
  static let maxBytes = 4096
  /// The most values (members and elements) a template holds.
  static let maxValues = 128
  /// After this many documents in a row that no template read, only the template used last is
  /// tried, and a template is made of one document in `capacity`: many shapes at once cost
  /// little more than none.
  static let missesBeforeBackingOff = 8

  /// A number found in a hole: its value's bits and its bytes.
  private struct Found {
    var payload: UInt64
    var start: Int32
    var end: Int32
  }

  private let templates: UnsafeMutablePointer<JSONRecordTemplate>
  private var found = RecordBuffer<Found>(capacity: 32)
  /// The template whose document the record holds now (its numbers and strings apart), or -1.
  var loaded = -1
  /// The template that read or was made of the last document it could, or -1: tried first.
  private var recent = -1
  private var clock: UInt64 = 0
  private var misses = 0
  /// Documents read by a template so far (tests read it).
  private(set) var hits = 0

  init() {
    templates = .allocate(capacity: Self.capacity)
    for index in 0..<Self.capacity { (templates + index).initialize(to: JSONRecordTemplate()) }
  }

  /// Frees the templates; they must not be used afterwards.
  func deallocate() {
    for index in 0..<Self.capacity { templates[index].deallocate() }
    templates.deinitialize(count: Self.capacity)
    templates.deallocate()
    found.deallocate()
  }

  /// Reads the `count` bytes at `bytes` into `state` by a template, if one has their shape.
  mutating func read(
    _ bytes: UnsafePointer<UInt8>, count: Int, into state: UnsafeMutablePointer<JSONRecordState>
  ) -> Bool {
    let nameCount = state.pointee.names.count
    if recent >= 0, templates[recent].matches(nameCount: nameCount), match(recent, bytes, count, state) {
      install(recent, into: state)
      return true
    }
    if misses < Self.missesBeforeBackingOff {
      for index in 0..<Self.capacity where index != recent && templates[index].matches(nameCount: nameCount) {
        if match(index, bytes, count, state) {
          install(index, into: state)
          return true
        }
      }
    }
    misses &+= 1
    return false
  }

  /// Makes a template of the document `state` has just read from the `count` bytes at `bytes`,
  /// in place of the one used least recently. The record then holds that template's document.
  mutating func learn(
    from state: UnsafeMutablePointer<JSONRecordState>, _ bytes: UnsafePointer<UInt8>, count: Int
  ) {
    loaded = -1
    guard misses <= Self.missesBeforeBackingOff || misses % Self.capacity == 0 else { return }
    var oldest = 0
    for index in 1..<Self.capacity where templates[index].lastUse < templates[oldest].lastUse {
      oldest = index
    }
    if recent == oldest { recent = -1 }
    guard templates[oldest].learn(from: state, bytes, count: count) else { return }
    clock &+= 1
    templates[oldest].lastUse = clock
    loaded = oldest
    recent = oldest
  }

  /// Whether the document is template `index`'s with a number in each hole; the numbers found
  /// are in `found`.
  ///
  /// The bytes are compared a word at a time for as long as they agree, across the holes whose
  /// numbers repeat (a client's screen, its safe area): such a hole costs a record of where its
  /// number is. Only a number that changed is read.
  private mutating func match(
    _ index: Int, _ bytes: UnsafePointer<UInt8>, _ count: Int, _ state: UnsafeMutablePointer<JSONRecordState>
  ) -> Bool {
    let template = templates + index
    let holes = template.pointee.holes
    let text = template.pointee.bytes.base
    let textCount = template.pointee.bytes.count
    found.count = 0
    var reader = JSONRecordReader(state: state, bytes: bytes, count: count)
    // The template's bytes from `templateEnd` to `same` are the document's from `reader.position`.
    var templateEnd = 0
    var same = 0
    for hole in 0..<holes.count {
      let start = Int(holes.base[hole].start)
      let end = Int(holes.base[hole].end)
      if same <= end {
        let position = reader.position &+ (same &- templateEnd)
        same &+= Self.commonPrefix(
          bytes + position, readable: count &- position, text + same, textCount &- same)
      }
      // The same bytes up to and with the byte after the number (which the number cannot go on
      // into): the same number.
      if same > end {
        found.append(
          Found(
            payload: holes.base[hole].payload,
            start: Int32(truncatingIfNeeded: reader.position &+ (start &- templateEnd)),
            end: Int32(truncatingIfNeeded: reader.position &+ (end &- templateEnd))))
        reader.position &+= end &- templateEnd
        templateEnd = end
        continue
      }
      guard same >= start else { return false }
      reader.position &+= start &- templateEnd
      let numberStart = reader.position
      guard let number = reader.readNumber() else { return false }
      found.append(
        Found(
          payload: number.bitPattern, start: Int32(truncatingIfNeeded: numberStart),
          end: Int32(truncatingIfNeeded: reader.position)))
      templateEnd = end
      same = end
    }
    guard count &- reader.position == textCount &- templateEnd else { return false }
    if same < textCount {
      let position = reader.position &+ (same &- templateEnd)
      same &+= Self.commonPrefix(
        bytes + position, readable: count &- position, text + same, textCount &- same)
    }
    return same == textCount
  }

  /// Puts template `index`'s record, with the numbers in `found`, into `state`.
  private mutating func install(_ index: Int, into state: UnsafeMutablePointer<JSONRecordState>) {
    let template = templates + index
    if loaded != index {
      template.pointee.restore(into: state)
      loaded = index
    }
    let holes = template.pointee.holes
    for hole in 0..<holes.count {
      let number = found.base[hole]
      state.pointee.store(
        JSONRecordValue(
          kind: .number, payload: number.payload, start: UInt32(truncatingIfNeeded: number.start),
          end: UInt32(truncatingIfNeeded: number.end)),
        at: holes.base[hole].place)
    }
    let strings = template.pointee.strings
    for string in 0..<strings.count {
      let moved = strings.base[string]
      // Moved as far as the numbers before it have grown or shrunk.
      let before = Int(moved.holesBefore)
      let shift = before == 0 ? 0 : found.base[before &- 1].end &- holes.base[before &- 1].end
      var value = state.pointee.value(at: moved.place)
      value.start = UInt32(truncatingIfNeeded: Int32(bitPattern: moved.start) &+ shift)
      value.end = UInt32(truncatingIfNeeded: Int32(bitPattern: moved.end) &+ shift)
      state.pointee.store(value, at: moved.place)
    }
    clock &+= 1
    template.pointee.lastUse = clock
    recent = index
    misses = 0
    hits &+= 1
  }

  /// How many of the first `length` bytes at `template` (a template's bytes, readable 8 bytes
  /// past their end) the bytes at `a` (of which `readable` may be read) begin with, compared a
  /// word at a time.
  @inline(__always)
  private static func commonPrefix(
    _ a: UnsafePointer<UInt8>, readable: Int, _ template: UnsafePointer<UInt8>, _ length: Int
  ) -> Int {
    let limit = min(length, readable)
    var offset = 0
    while limit &- offset >= 8 {
      let left = UInt64(littleEndian: UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self))
      let right = UInt64(littleEndian: UnsafeRawPointer(template + offset).loadUnaligned(as: UInt64.self))
      // The first byte that differs is the lowest one set in the difference.
      if left != right { return offset &+ (left ^ right).trailingZeroBitCount &>> 3 }
      offset &+= 8
    }
    if readable &- offset >= 8 {
      // The rest in one word each: the first byte that differs, if it is before `limit`.
      let left = UInt64(littleEndian: UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self))
      let right = UInt64(littleEndian: UnsafeRawPointer(template + offset).loadUnaligned(as: UInt64.self))
      return min(limit, offset &+ (left ^ right).trailingZeroBitCount &>> 3)
    }
    while offset < limit, a[offset] == template[offset] { offset &+= 1 }
    return offset
  }
}
