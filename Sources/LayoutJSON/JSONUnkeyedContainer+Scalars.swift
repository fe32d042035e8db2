extension JSONUnkeyedContainer {
  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let index = try current(Bool.self)
    let value = try JSONValueReader(storage).bool(index) ?? storage.decodeBool(at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let index = try current(String.self)
    let value = try JSONValueReader(storage).string(index) ?? storage.decodeString(at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    let index = try current(Double.self)
    let value = try JSONValueReader(storage).double(index) ?? storage.decodeDouble(at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: Float.Type) throws -> Float {
    let index = try current(Float.self)
    let value = try JSONValueReader(storage).float(index) ?? storage.decodeFloat(at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: Int.Type) throws -> Int {
    let index = try current(Int.self)
    let value =
      try JSONValueReader(storage).integer(index, as: Int.self)
      ?? storage.decodeInteger(Int.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    let index = try current(Int8.self)
    let value =
      try JSONValueReader(storage).integer(index, as: Int8.self)
      ?? storage.decodeInteger(Int8.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    let index = try current(Int16.self)
    let value =
      try JSONValueReader(storage).integer(index, as: Int16.self)
      ?? storage.decodeInteger(Int16.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    let index = try current(Int32.self)
    let value =
      try JSONValueReader(storage).integer(index, as: Int32.self)
      ?? storage.decodeInteger(Int32.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    let index = try current(Int64.self)
    let value =
      try JSONValueReader(storage).integer(index, as: Int64.self)
      ?? storage.decodeInteger(Int64.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: UInt.Type) throws -> UInt {
    let index = try current(UInt.self)
    let value =
      try JSONValueReader(storage).integer(index, as: UInt.self)
      ?? storage.decodeInteger(UInt.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    let index = try current(UInt8.self)
    let value =
      try JSONValueReader(storage).integer(index, as: UInt8.self)
      ?? storage.decodeInteger(UInt8.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    let index = try current(UInt16.self)
    let value =
      try JSONValueReader(storage).integer(index, as: UInt16.self)
      ?? storage.decodeInteger(UInt16.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    let index = try current(UInt32.self)
    let value =
      try JSONValueReader(storage).integer(index, as: UInt32.self)
      ?? storage.decodeInteger(UInt32.self, at: index) { path() }
    advance()
    return value
  }

  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    let index = try current(UInt64.self)
    let value =
      try JSONValueReader(storage).integer(index, as: UInt64.self)
      ?? storage.decodeInteger(UInt64.self, at: index) { path() }
    advance()
    return value
  }
}
