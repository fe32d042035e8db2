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

  /// Skips whitespace: bodies rarely have any, so the first byte is tested before the loop.
  @inline(__always)
  mutating func skipWhitespace() {
    guard position < count, bytes[position] <= 0x20 else { return }
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
      guard let key = readName() else { return nil }
      skipWhitespace()
      guard position < count, bytes[position] == UInt8(ascii: ":") else { return nil }
      position &+= 1
      skipWhitespace()
      // Only the names the models ask for take numbers: a client's own names cannot use them up.
      let number = state.pointee.names.number(of: key)
      let value: JSONRecordValue
      if position < count, bytes[position] &- UInt8(ascii: "0") < 10 || bytes[position] == UInt8(ascii: "-") {
        // Most members are numbers: read here, without the call through `readValue`.
        let start = position
        guard let read = readNumber() else { return nil }
        value = JSONRecordValue(
          kind: .number, payload: read.bitPattern, start: UInt32(truncatingIfNeeded: start),
          end: UInt32(truncatingIfNeeded: position))
      } else {
        guard let read = readValue(parent: object, link: Int32(truncatingIfNeeded: number)) else {
          return nil
        }
        value = read
      }
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
      let start = position
      guard let value = readNumber() else { return nil }
      return JSONRecordValue(
        kind: .number, payload: value.bitPattern, start: UInt32(truncatingIfNeeded: start),
        end: UInt32(truncatingIfNeeded: position))
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
    var index = JSONParser.plainRunEnd(bytes, from: start, count: count)
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

  /// The member name at `position` (its opening quote) when it is plain ASCII without escapes or
  /// control characters and at most `JSONNameKey.maxASCIILength` bytes long: its key; position
  /// after its closing quote.
  ///
  /// With 17 bytes left, the name is found in the two words it is read from: the first special
  /// byte of the first word that has one must be the closing quote, and the words masked to the
  /// name's length are its key (what `JSONNameKey(_:count:readable:)` makes of them). A name that
  /// goes on past 16 bytes is read out of line.
  @inline(__always)
  mutating func readName() -> JSONNameKey? {
    let start = position &+ 1
    guard count &- start > 16 else {
      guard let (key, _) = readPlainString(maxLength: 16) else { return nil }
      return key
    }
    let raw = UnsafeRawPointer(bytes + start)
    var key = JSONNameKey()
    let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    let firstSpecial = JSONParser.specialBytes(first)
    let length: Int
    if firstSpecial != 0 {
      length = firstSpecial.trailingZeroBitCount &>> 3
      key.low = first & (1 &<< UInt64(8 &* length) &- 1)
    } else {
      key.low = first
      let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      let secondSpecial = JSONParser.specialBytes(second)
      if secondSpecial != 0 {
        let rest = secondSpecial.trailingZeroBitCount &>> 3
        length = 8 &+ rest
        key.high = second & (1 &<< UInt64(8 &* rest) &- 1)
      } else {
        length = 16
        key.high = second
      }
    }
    guard bytes[start &+ length] == UInt8(ascii: "\"") else {
      return length == 16 ? readLongName(from: start) : nil
    }
    position = start &+ length &+ 1
    return key
  }

  /// The name from `start` whose first 16 bytes are plain, when it ends within
  /// `JSONNameKey.maxASCIILength` bytes and those past 16 are plain ASCII too: its packed key;
  /// position after its closing quote.
  @inline(never)
  mutating func readLongName(from start: Int) -> JSONNameKey? {
    var index = start &+ 16
    while index < count, bytes[index] != UInt8(ascii: "\"") {
      let byte = bytes[index]
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\"),
        index &- start < JSONNameKey.maxASCIILength
      else { return nil }
      index &+= 1
    }
    guard index < count else { return nil }
    position = index &+ 1
    return JSONNameKey(packingASCII: bytes + start, count: index &- start)
  }

  /// The number at `position`, read as the general parser reads it (`JSONParser.parseNumber`):
  /// short decimals exactly by one division, everything else by `JSONNumberParsing.double`; nil
  /// when there is none (at the end too).
  @inline(__always)
  mutating func readNumber() -> Double? {
    let start = position
    var index = position
    guard index < count else { return nil }
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
