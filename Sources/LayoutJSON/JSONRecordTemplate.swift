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

  // Room for one of each until the template is first made: a thread grows only the templates
  // it uses (a server with a thread per connection has a record per connection).
  var bytes = RecordBuffer<UInt8>(capacity: 1)
  var holes = RecordBuffer<Hole>(capacity: 1)
  var strings = RecordBuffer<Moved>(capacity: 1)
  var objects = RecordBuffer<JSONRecordState.Object>(capacity: 1)
  var slots = RecordBuffer<Slot>(capacity: 1)
  var others = RecordBuffer<JSONRecordState.Other>(capacity: 1)
  var elements = RecordBuffer<JSONRecordValue>(capacity: 1)
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
    guard count <= JSONRecordTemplateCache.maxBytes else { return false }
    let record = state.pointee
    // Every object but the document's own is a value: the values bound everything kept.
    var values = record.others.count &+ record.elements.count
    for index in 0..<record.objects.count { values &+= record.objects.base[index].present.nonzeroBitCount }
    guard values <= JSONRecordTemplateCache.maxValues else { return false }
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
