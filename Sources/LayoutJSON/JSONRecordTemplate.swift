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
  private mutating func match(
    _ index: Int, _ bytes: UnsafePointer<UInt8>, _ count: Int, _ state: UnsafeMutablePointer<JSONRecordState>
  ) -> Bool {
    let template = templates + index
    let holes = template.pointee.holes
    let text = template.pointee.bytes.base
    found.count = 0
    var reader = JSONRecordReader(state: state, bytes: bytes, count: count)
    var templateEnd = 0
    for hole in 0..<holes.count {
      let start = Int(holes.base[hole].start)
      let end = Int(holes.base[hole].end)
      let length = start &- templateEnd
      let readable = count &- reader.position
      // Most numbers of a client's requests repeat (its screen, its safe area): the same bytes,
      // up to and with the byte after the number (which the number cannot go on into), are the
      // same number.
      let through = end &+ 1 &- templateEnd
      if readable >= through,
        Self.equal(bytes + reader.position, readable: readable, text + templateEnd, through)
      {
        found.append(
          Found(
            payload: holes.base[hole].payload, start: Int32(truncatingIfNeeded: reader.position &+ length),
            end: Int32(truncatingIfNeeded: reader.position &+ end &- templateEnd)))
        reader.position &+= end &- templateEnd
        templateEnd = end
        continue
      }
      guard readable > length,
        Self.equal(bytes + reader.position, readable: readable, text + templateEnd, length)
      else { return false }
      reader.position &+= length
      let numberStart = reader.position
      guard let number = reader.readNumber() else { return false }
      found.append(
        Found(
          payload: number.bitPattern, start: Int32(truncatingIfNeeded: numberStart),
          end: Int32(truncatingIfNeeded: reader.position)))
      templateEnd = end
    }
    let length = template.pointee.bytes.count &- templateEnd
    let readable = count &- reader.position
    return readable == length
      && Self.equal(bytes + reader.position, readable: readable, text + templateEnd, length)
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

  /// Whether the `length` bytes at `a` (of which `readable` may be read) and at `template` (a
  /// template's bytes, readable 8 bytes past their end) are the same, compared a word at a time.
  @inline(__always)
  private static func equal(
    _ a: UnsafePointer<UInt8>, readable: Int, _ template: UnsafePointer<UInt8>, _ length: Int
  ) -> Bool {
    var offset = 0
    while length &- offset >= 8 {
      let left = UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
      let right = UnsafeRawPointer(template + offset).loadUnaligned(as: UInt64.self)
      guard left == right else { return false }
      offset &+= 8
    }
    let rest = length &- offset
    if rest == 0 { return true }
    if readable &- offset >= 8 {
      // The rest in one word each, the bytes past it masked off.
      let left = UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self)
      let right = UnsafeRawPointer(template + offset).loadUnaligned(as: UInt64.self)
      let mask: UInt64 = (1 &<< UInt64(8 &* rest)) &- 1
      return UInt64(littleEndian: left ^ right) & mask == 0
    }
    while offset < length {
      guard a[offset] == template[offset] else { return false }
      offset &+= 1
    }
    return true
  }
}

/// One shape: a document's bytes, where its numbers and strings are, and its record.
struct JSONRecordTemplate {
  /// A number of the template's document: its bytes, its value, and where its value is in the
  /// record.
  struct Hole {
    var start: Int32
    var end: Int32
    var payload: UInt64
    var place: JSONRecordState.Place
  }

  /// A string of the template's document: where its value is, its bytes, and how many holes
  /// come before it.
  struct Moved {
    var place: JSONRecordState.Place
    var start: UInt32
    var end: UInt32
    var holesBefore: Int32
  }

  /// A member in its named slot.
  struct Slot {
    var index: Int32
    var value: JSONRecordValue
  }

  var bytes = RecordBuffer<UInt8>(capacity: 256)
  var holes = RecordBuffer<Hole>(capacity: 32)
  var strings = RecordBuffer<Moved>(capacity: 4)
  var objects = RecordBuffer<JSONRecordState.Object>(capacity: 8)
  var slots = RecordBuffer<Slot>(capacity: 32)
  var others = RecordBuffer<JSONRecordState.Other>(capacity: 4)
  var elements = RecordBuffer<JSONRecordValue>(capacity: 8)
  /// How many names the thread had numbered when the template was made, or -1 when it is
  /// empty: a name numbered since would be read into a slot, not among the others.
  var nameCount = -1
  var lastUse: UInt64 = 0

  func matches(nameCount: Int) -> Bool { self.nameCount == nameCount }

  func deallocate() {
    bytes.deallocate()
    holes.deallocate()
    strings.deallocate()
    objects.deallocate()
    slots.deallocate()
    others.deallocate()
    elements.deallocate()
  }

  /// Becomes the template of the document `state` has just read from the `count` bytes at
  /// `bytes`; false (and empty) when it is too large to keep.
  mutating func learn(
    from state: UnsafeMutablePointer<JSONRecordState>, _ bytes: UnsafePointer<UInt8>, count: Int
  ) -> Bool {
    nameCount = -1
    guard count <= JSONRecordTemplates.maxBytes else { return false }
    let record = state.pointee
    // Every object but the document's own is a value: the values bound everything kept.
    var values = record.others.count &+ record.elements.count
    for index in 0..<record.objects.count { values &+= record.objects.base[index].present.nonzeroBitCount }
    guard values <= JSONRecordTemplates.maxValues else { return false }
    self.bytes.count = 0
    for index in 0..<count { self.bytes.append(bytes[index]) }
    // Eight bytes past the end, readable: the comparison reads the last bytes in a word.
    for _ in 0..<8 { self.bytes.append(0) }
    self.bytes.count = count
    holes.count = 0
    strings.count = 0
    objects.count = 0
    slots.count = 0
    others.count = 0
    elements.count = 0
    for index in 0..<record.objects.count {
      let object = record.objects.base[index]
      objects.append(object)
      var present = object.present
      while present != 0 {
        let number = Int32(truncatingIfNeeded: present.trailingZeroBitCount)
        present &= present &- 1
        let slot = object.slots &+ number
        let value = record.slots[Int(slot)]
        slots.append(Slot(index: slot, value: value))
        note(value, at: JSONRecordState.Place(area: .slot, index: slot))
      }
    }
    for index in 0..<record.others.count {
      others.append(record.others.base[index])
      note(record.others.base[index].value, at: JSONRecordState.Place(area: .other, index: Int32(index)))
    }
    for index in 0..<record.elements.count {
      elements.append(record.elements.base[index])
      note(record.elements.base[index], at: JSONRecordState.Place(area: .element, index: Int32(index)))
    }
    // Holes in the order of the bytes (insertion sort: a few dozen, mostly in order already).
    for index in 1..<max(1, holes.count) {
      let hole = holes.base[index]
      var place = index
      while place > 0, holes.base[place &- 1].start > hole.start {
        holes.base[place] = holes.base[place &- 1]
        place &-= 1
      }
      holes.base[place] = hole
    }
    for index in 0..<strings.count {
      var before: Int32 = 0
      while Int(before) < holes.count, holes.base[Int(before)].start < Int32(strings.base[index].start) {
        before &+= 1
      }
      strings.base[index].holesBefore = before
    }
    nameCount = record.names.count
    return true
  }

  /// Notes a value of the record: a number is a hole, a string moves with the holes before it.
  private mutating func note(_ value: JSONRecordValue, at place: JSONRecordState.Place) {
    switch value.kind {
    case .number:
      holes.append(
        Hole(
          start: Int32(truncatingIfNeeded: value.start), end: Int32(truncatingIfNeeded: value.end),
          payload: value.payload, place: place))
    case .string:
      strings.append(Moved(place: place, start: value.start, end: value.end, holesBefore: 0))
    default:
      break
    }
  }

  /// Puts the template's record into `state`: its objects, members and elements.
  func restore(into state: UnsafeMutablePointer<JSONRecordState>) {
    state.pointee.objects.count = 0
    for index in 0..<objects.count { state.pointee.objects.append(objects.base[index]) }
    state.pointee.reserveSlots(objects: objects.count)
    for index in 0..<slots.count {
      state.pointee.slots[Int(slots.base[index].index)] = slots.base[index].value
    }
    state.pointee.others.count = 0
    for index in 0..<others.count { state.pointee.others.append(others.base[index]) }
    state.pointee.elements.count = 0
    for index in 0..<elements.count { state.pointee.elements.append(elements.base[index]) }
  }
}

extension JSONRecordState {
  /// Where a value is in the record: a named slot, a member without a number, or an element.
  struct Place {
    enum Area: UInt8 { case slot, other, element }
    var area: Area
    var index: Int32
  }

  /// The value at `place`.
  @inline(__always)
  func value(at place: Place) -> JSONRecordValue {
    switch place.area {
    case .slot: slots[Int(place.index)]
    case .other: others.base[Int(place.index)].value
    case .element: elements.base[Int(place.index)]
    }
  }

  /// Puts `value` at `place`.
  @inline(__always)
  mutating func store(_ value: JSONRecordValue, at place: Place) {
    switch place.area {
    case .slot: slots[Int(place.index)] = value
    case .other: others.base[Int(place.index)].value = value
    case .element: elements.base[Int(place.index)] = value
    }
  }
}
