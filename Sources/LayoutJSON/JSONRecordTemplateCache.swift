/// A thread's templates: the shapes of the documents its record has read last, a few, the one
/// used least recently replaced. A later document that differs from one of them only in its
/// numbers is read by comparing the bytes between the numbers and parsing the numbers alone.
///
/// A client sends the same members in the same order request after request, with new values: a
/// template keeps such a document's bytes, with its numbers as holes, and what the record made
/// of it. It reads alike: the reader's every decision depends on the bytes it meets, and on a
/// number only through its value and where it ends (`readNumber` takes the longest number
/// there). A document whose bytes between the holes are the template's, with one number in each
/// hole, is met by the reader token for token as the template's was: the same names in the same
/// objects and slots, the same strings (moved by the numbers' lengths), the same end. Its
/// record is then the template's, with the new numbers and the strings moved.
struct JSONRecordTemplateCache {
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

  /// A hole whose bytes differ from the template's: which, and its number's bits and bytes.
  private struct Changed {
    var hole: Int32
    var start: Int32
    var end: Int32
    var payload: UInt64
  }

  private let templates: UnsafeMutablePointer<JSONRecordTemplate>
  /// The holes of the document being read whose numbers are not the template's, in order.
  private var changed = RecordBuffer<Changed>(capacity: 32)
  /// The template whose document the record holds now, or -1: its own numbers but in the holes
  /// `dirty` lists, unless `shifted`.
  var loaded = -1
  /// The holes in which the record holds another number than the loaded template's.
  private var dirty = RecordBuffer<Int32>(capacity: 32)
  /// Whether the record's byte places may differ from the loaded template's (a number of
  /// another length was put in a hole): every hole and string is then put again.
  private var shifted = false
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
    changed.deallocate()
    dirty.deallocate()
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
    dirty.count = 0
    shifted = false
    recent = oldest
  }

  /// Whether the document is template `index`'s with a number in each hole; the holes whose
  /// numbers differ from the template's are in `changed`.
  ///
  /// The bytes are compared a word at a time for as long as they agree, across the holes whose
  /// numbers repeat (a client's screen, its safe area): such holes are passed over, a load and a
  /// comparison each. Only a number that changed is read.
  private mutating func match(
    _ index: Int, _ bytes: UnsafePointer<UInt8>, _ count: Int, _ state: UnsafeMutablePointer<JSONRecordState>
  ) -> Bool {
    let template = templates + index
    let holes = template.pointee.holes
    let text = template.pointee.bytes.base
    let textCount = template.pointee.bytes.count
    changed.count = 0
    var reader = JSONRecordReader(state: state, bytes: bytes, count: count)
    // The template's bytes from `templateEnd` to `same` are the document's from `reader.position`.
    var templateEnd = 0
    var same = 0
    var hole = 0
    while hole < holes.count {
      let start = Int(holes.base[hole].start)
      let end = Int(holes.base[hole].end)
      if same <= end {
        let position = reader.position &+ (same &- templateEnd)
        same &+= Self.commonPrefix(
          bytes + position, readable: count &- position, text + same, textCount &- same)
      }
      // The same bytes up to and with the byte after the number (which the number cannot go on
      // into): the same number, in this hole and in each after it that the same bytes cover.
      if same > end {
        var last = end
        hole &+= 1
        while hole < holes.count, Int(holes.base[hole].end) < same {
          last = Int(holes.base[hole].end)
          hole &+= 1
        }
        reader.position &+= last &- templateEnd
        templateEnd = last
        continue
      }
      guard same >= start else { return false }
      reader.position &+= start &- templateEnd
      let numberStart = reader.position
      guard let number = reader.readNumber() else { return false }
      changed.append(
        Changed(
          hole: Int32(truncatingIfNeeded: hole), start: Int32(truncatingIfNeeded: numberStart),
          end: Int32(truncatingIfNeeded: reader.position), payload: number.bitPattern))
      templateEnd = end
      same = end
      hole &+= 1
    }
    guard count &- reader.position == textCount &- templateEnd else { return false }
    if same < textCount {
      let position = reader.position &+ (same &- templateEnd)
      same &+= Self.commonPrefix(
        bytes + position, readable: count &- position, text + same, textCount &- same)
    }
    return same == textCount
  }

  /// Puts template `index`'s record, with the numbers in `changed`, into `state`.
  ///
  /// When the record holds the template's document already and every number kept its length
  /// (a client's usual next request), only the holes that change are written: those this document
  /// changes, and those the last one did, back to the template's numbers. Otherwise every hole
  /// and string is written, each moved as far as the numbers before it have grown or shrunk.
  private mutating func install(_ index: Int, into state: UnsafeMutablePointer<JSONRecordState>) {
    let template = templates + index
    if loaded != index {
      template.pointee.restore(into: state)
      loaded = index
      dirty.count = 0
      shifted = false
    }
    let holes = template.pointee.holes
    var lengthsKept = true
    for number in 0..<changed.count {
      let found = changed.base[number]
      let hole = holes.base[Int(found.hole)]
      if found.end &- found.start != hole.end &- hole.start { lengthsKept = false }
    }
    if lengthsKept, !shifted {
      for number in 0..<dirty.count {
        let place = Int(dirty.base[number])
        state.pointee.store(Self.value(of: holes.base[place], shift: 0), at: holes.base[place].place)
      }
      dirty.count = 0
      for number in 0..<changed.count {
        let found = changed.base[number]
        state.pointee.store(Self.value(of: found), at: holes.base[Int(found.hole)].place)
        dirty.append(found.hole)
      }
    } else {
      putEveryHole(of: template, into: state)
      shifted = !lengthsKept
    }
    clock &+= 1
    template.pointee.lastUse = clock
    recent = index
    misses = 0
    hits &+= 1
  }

  /// Puts every hole's number of `template`, the template's or the one in `changed`, and every
  /// string into `state`, each at its place in the document read; the changed holes are `dirty`.
  private mutating func putEveryHole(
    of template: UnsafeMutablePointer<JSONRecordTemplate>, into state: UnsafeMutablePointer<JSONRecordState>
  ) {
    let holes = template.pointee.holes
    dirty.count = 0
    var next = 0
    var shift: Int32 = 0
    for place in 0..<holes.count {
      let hole = holes.base[place]
      if next < changed.count, Int(changed.base[next].hole) == place {
        let found = changed.base[next]
        state.pointee.store(Self.value(of: found), at: hole.place)
        dirty.append(found.hole)
        // How far the bytes after this number have moved.
        shift = found.end &- hole.end
        next &+= 1
      } else {
        state.pointee.store(Self.value(of: hole, shift: shift), at: hole.place)
      }
    }
    let strings = template.pointee.strings
    for string in 0..<strings.count {
      let moved = strings.base[string]
      // Moved as far as the numbers before it have grown or shrunk: by the last changed hole
      // before it. (The strings are in the record's order, not the bytes'.)
      shift = 0
      next = 0
      while next < changed.count, changed.base[next].hole < moved.holesBefore {
        shift = changed.base[next].end &- holes.base[Int(changed.base[next].hole)].end
        next &+= 1
      }
      var value = state.pointee.value(at: moved.place)
      value.start = UInt32(truncatingIfNeeded: Int32(bitPattern: moved.start) &+ shift)
      value.end = UInt32(truncatingIfNeeded: Int32(bitPattern: moved.end) &+ shift)
      state.pointee.store(value, at: moved.place)
    }
  }

  /// The record's value of a number found in a changed hole.
  @inline(__always)
  private static func value(of found: Changed) -> JSONRecordValue {
    JSONRecordValue(
      kind: .number, payload: found.payload, start: UInt32(truncatingIfNeeded: found.start),
      end: UInt32(truncatingIfNeeded: found.end))
  }

  /// The record's value of the template's own number in `hole`, its bytes moved by `shift`.
  @inline(__always)
  private static func value(of hole: JSONRecordTemplate.Hole, shift: Int32) -> JSONRecordValue {
    JSONRecordValue(
      kind: .number, payload: hole.payload, start: UInt32(truncatingIfNeeded: hole.start &+ shift),
      end: UInt32(truncatingIfNeeded: hole.end &+ shift))
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
