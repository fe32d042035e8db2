extension JSONKeyedContainer {
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).bool(index) { return value }
    return try storage.decodeBool(at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).bool(index) { return value }
    return try storage.decodeBool(at: index) { path(key) }
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).string(index) { return value }
    return try storage.decodeString(at: index) { path(key) }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).string(index) { return value }
    return try storage.decodeString(at: index) { path(key) }
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).double(index) { return value }
    return try storage.decodeDouble(at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).double(index) { return value }
    return try storage.decodeDouble(at: index) { path(key) }
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).float(index) { return value }
    return try storage.decodeFloat(at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).float(index) { return value }
    return try storage.decodeFloat(at: index) { path(key) }
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: Int.self) { return value }
    return try storage.decodeInteger(Int.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: Int.self) { return value }
    return try storage.decodeInteger(Int.self, at: index) { path(key) }
  }

  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: Int8.self) { return value }
    return try storage.decodeInteger(Int8.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: Int8.self) { return value }
    return try storage.decodeInteger(Int8.self, at: index) { path(key) }
  }

  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: Int16.self) { return value }
    return try storage.decodeInteger(Int16.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: Int16.self) { return value }
    return try storage.decodeInteger(Int16.self, at: index) { path(key) }
  }

  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: Int32.self) { return value }
    return try storage.decodeInteger(Int32.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: Int32.self) { return value }
    return try storage.decodeInteger(Int32.self, at: index) { path(key) }
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: Int64.self) { return value }
    return try storage.decodeInteger(Int64.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: Int64.self) { return value }
    return try storage.decodeInteger(Int64.self, at: index) { path(key) }
  }

  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: UInt.self) { return value }
    return try storage.decodeInteger(UInt.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: UInt.self) { return value }
    return try storage.decodeInteger(UInt.self, at: index) { path(key) }
  }

  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: UInt8.self) { return value }
    return try storage.decodeInteger(UInt8.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: UInt8.self) { return value }
    return try storage.decodeInteger(UInt8.self, at: index) { path(key) }
  }

  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: UInt16.self) { return value }
    return try storage.decodeInteger(UInt16.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: UInt16.self) { return value }
    return try storage.decodeInteger(UInt16.self, at: index) { path(key) }
  }

  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: UInt32.self) { return value }
    return try storage.decodeInteger(UInt32.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: UInt32.self) { return value }
    return try storage.decodeInteger(UInt32.self, at: index) { path(key) }
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    let index = try value(for: key)
    if let value = JSONValueReader(storage).integer(index, as: UInt64.self) { return value }
    return try storage.decodeInteger(UInt64.self, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    guard let index = presentValue(for: key) else { return nil }
    if let value = JSONValueReader(storage).integer(index, as: UInt64.self) { return value }
    return try storage.decodeInteger(UInt64.self, at: index) { path(key) }
  }
}
