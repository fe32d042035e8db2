/// An object of a `JSONRecord`, read member by member as the request models read it.
///
/// Handed out only by `JSONRecord.withRead(_:_:)` and valid only inside the closure it runs: every
/// access checks that the thread's record still holds the document it came from (a view kept
/// past its closure stops the process rather than read another document). Any failure — a
/// missing member, a wrong type — throws `JSONRecordObject.Unreadable`: the caller reads the
/// document again with the general parser, whose errors are the ones to report.
///
/// `@usableFromInline`, its lookups `@inlinable` and throwing as `LayoutDecodingContainer`'s
/// requirements do (untyped): the models' validation, specialized in LayoutService, then reads a
/// member where it names it, with no call. (The compiler inlines a `package` type's methods into
/// another module only when the type is `@usableFromInline`; and a typed throw would put between
/// requirement and lookup a thunk that converts the error, which it does not inline.)
@usableFromInline package struct JSONRecordObject {
  /// The error of every failed read: the general parser tells what it is.
  @usableFromInline package struct Unreadable: Error {
    @inlinable package init() {}
  }

  // The state is the calling thread's record's, alive as long as the thread, and every access
  // first checks `generation`.
  @usableFromInline let state: UnsafeMutablePointer<JSONRecordState>
  @usableFromInline let index: Int32
  @usableFromInline let generation: UInt32

  @inlinable
  init(state: UnsafeMutablePointer<JSONRecordState>, index: Int32) {
    self.state = state
    self.index = index
    generation = state.pointee.generation
  }

  /// The value of member `name`, if the object has one (`null` included).
  ///
  /// A name the thread's cache has numbered is one bit test and one load; anything else (a name
  /// not yet asked for, members kept aside) is looked up out of line, so that the common case
  /// stays small where it is inlined.
  @inlinable @inline(__always)
  func member(_ name: StaticString) -> JSONRecordValue? {
    precondition(state.pointee.generation == generation, "a JSONRecordObject was kept past its document")
    if let number = state.pointee.names.cachedNumber(of: name) {
      let object = state.pointee.objects.base + Int(index)
      if object.pointee.present & (1 &<< UInt64(number)) != 0 {
        return state.pointee.slots[Int(object.pointee.slots) &+ number]
      }
      if object.pointee.othersCount == 0 { return nil }
    }
    return memberLookedUp(name)
  }

  /// `member(_:)` the whole way: the name numbered if it has no number yet, the members kept
  /// aside searched.
  @usableFromInline @inline(never)
  func memberLookedUp(_ name: StaticString) -> JSONRecordValue? {
    let (key, number) = state.pointee.names.number(of: name)
    let object = state.pointee.objects.base[Int(index)]
    if number >= 0, object.present & (1 &<< UInt64(number)) != 0 {
      return state.pointee.slots[Int(object.slots) &+ number]
    }
    guard object.othersCount > 0, name.utf8CodeUnitCount <= JSONNameKey.maxASCIILength else { return nil }
    for other in Int(object.othersStart)..<Int(object.othersEnd)
    where state.pointee.others.base[other].key == key && state.pointee.others.base[other].object == index {
      return state.pointee.others.base[other].value
    }
    return nil
  }

  /// The value of member `name` when it is there and not `null`.
  @inlinable @inline(__always)
  func presentMember(_ name: StaticString) -> JSONRecordValue? {
    guard let value = member(name), value.kind != .null else { return nil }
    return value
  }

  /// Whether the object has a member named `name`, `null` included.
  @inlinable @inline(__always)
  package func contains(_ name: StaticString) -> Bool { member(name) != nil }

  /// How many members the object has, `null` ones included (a repeated name is never read here).
  @inlinable
  package var memberCount: Int {
    precondition(state.pointee.generation == generation, "a JSONRecordObject was kept past its document")
    let object = state.pointee.objects.base[Int(index)]
    return object.present.nonzeroBitCount &+ Int(object.othersCount)
  }

  /// The number at `name`; a number too large for a `Double` reads as infinite.
  @inlinable @inline(__always)
  package func number(_ name: StaticString) throws -> Double {
    guard let value = member(name), value.kind == .number else { throw Unreadable() }
    return Double(bitPattern: value.payload)
  }

  /// The number at `name`, or nil when it is absent or `null`.
  @inlinable @inline(__always)
  package func numberIfPresent(_ name: StaticString) throws -> Double? {
    guard let value = presentMember(name) else { return nil }
    guard value.kind == .number else { throw Unreadable() }
    return Double(bitPattern: value.payload)
  }

  /// The string at `name`, or nil when it is absent or `null`.
  @usableFromInline package func stringIfPresent(_ name: StaticString) throws(Unreadable) -> String? {
    try stringBytesIfPresent(name).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The bytes of the string at `name`, in the document (no `String` made), or nil when it is
  /// absent or `null`.
  ///
  /// They are the body's own bytes: valid as long as the object is, inside the closure
  /// `JSONRecord.withRead(_:_:)` runs, and never to be kept past it.
  @usableFromInline package func stringBytesIfPresent(
    _ name: StaticString
  ) throws(Unreadable) -> UnsafeRawBufferPointer? {
    guard let value = presentMember(name) else { return nil }
    guard value.kind == .string else { throw Unreadable() }
    return UnsafeRawBufferPointer(rebasing: state.pointee.input[Int(value.start)..<Int(value.end)])
  }

  /// The boolean at `name`, or nil when it is absent or `null`.
  @usableFromInline package func boolIfPresent(_ name: StaticString) throws(Unreadable) -> Bool? {
    guard let value = presentMember(name) else { return nil }
    switch value.kind {
    case .true: return true
    case .false: return false
    default: throw Unreadable()
    }
  }

  /// The object at `name`.
  @inlinable @inline(__always)
  package func object(_ name: StaticString) throws -> JSONRecordObject {
    guard let value = member(name), value.kind == .object else { throw Unreadable() }
    return JSONRecordObject(state: state, index: Int32(truncatingIfNeeded: value.payload))
  }

  /// The object at `name`, or nil when it is absent or `null`.
  @inlinable @inline(__always)
  package func objectIfPresent(_ name: StaticString) throws -> JSONRecordObject? {
    guard let value = presentMember(name) else { return nil }
    guard value.kind == .object else { throw Unreadable() }
    return JSONRecordObject(state: state, index: Int32(truncatingIfNeeded: value.payload))
  }

  /// The number of elements of the array at `name`, or nil when it is absent or `null`.
  @usableFromInline package func arrayCountIfPresent(_ name: StaticString) throws(Unreadable) -> Int? {
    guard let value = presentMember(name) else { return nil }
    guard value.kind == .array else { throw Unreadable() }
    return Int(value.start)
  }

  /// The object at position `index` of the array at `name`.
  @usableFromInline package func object(
    _ name: StaticString, at index: Int
  ) throws(Unreadable) -> JSONRecordObject {
    guard let array = member(name), array.kind == .array, index >= 0, index < Int(array.start) else {
      throw Unreadable()
    }
    let element = state.pointee.elements.base[Int(array.payload) &+ index]
    guard element.kind == .object else { throw Unreadable() }
    return JSONRecordObject(state: state, index: Int32(truncatingIfNeeded: element.payload))
  }

  /// The number at position `index` of the array at `name`.
  @usableFromInline package func number(_ name: StaticString, at index: Int) throws(Unreadable) -> Double {
    guard let array = member(name), array.kind == .array, index >= 0, index < Int(array.start) else {
      throw Unreadable()
    }
    let element = state.pointee.elements.base[Int(array.payload) &+ index]
    guard element.kind == .number else { throw Unreadable() }
    return Double(bitPattern: element.payload)
  }
}

@available(*, unavailable, message: "a JSONRecordObject reads its thread's record")
extension JSONRecordObject: Sendable {}
