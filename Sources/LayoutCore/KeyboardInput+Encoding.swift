extension KeyboardInput {
  /// Writes the member this input was read from: `keyboard` (a frame or `null`) or
  /// `keyboardHeight`.
  func encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, keyboard: Key, keyboardHeight: Key
  ) throws {
    switch self {
    case .frame(let frame): try container.encode(frame, forKey: keyboard)
    case .hidden: try container.encodeNil(forKey: keyboard)
    case .height(let height): try container.encode(height, forKey: keyboardHeight)
    }
  }
}
