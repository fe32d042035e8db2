extension JSONTapeDecoder {
  func decodeNil() -> Bool {
    storage.nodes[Int(index)].kind == .null
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    try storage.decodeBool(at: index) { codingPath }
  }

  func decode(_ type: String.Type) throws -> String {
    try storage.decodeString(at: index) { codingPath }
  }

  func decode(_ type: Double.Type) throws -> Double {
    try storage.decodeDouble(at: index) { codingPath }
  }

  func decode(_ type: Float.Type) throws -> Float {
    try storage.decodeFloat(at: index) { codingPath }
  }

  func decode(_ type: Int.Type) throws -> Int { try integer() }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try T(from: self)
  }

  private func integer<T: FixedWidthInteger>() throws -> T {
    try storage.decodeInteger(T.self, at: index) { codingPath }
  }
}
