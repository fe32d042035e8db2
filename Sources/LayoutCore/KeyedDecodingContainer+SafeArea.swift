extension KeyedDecodingContainer {
  /// The insets at `key` with every member ≥ 0 (SPEC §2: safe-area insets), or nil when the
  /// member is absent or `null`.
  func nonNegativeInsetsIfPresent(forKey key: Key) throws -> Insets? {
    guard let insets = try decodeIfPresent(Insets.self, forKey: key) else { return nil }
    try requireNonNegative(insets.top, forKey: key, member: .top)
    try requireNonNegative(insets.left, forKey: key, member: .left)
    try requireNonNegative(insets.bottom, forKey: key, member: .bottom)
    try requireNonNegative(insets.right, forKey: key, member: .right)
    return insets
  }

  @inline(__always)
  private func requireNonNegative(_ value: Double, forKey key: Key, member: Insets.CodingKeys) throws {
    if value < 0 { throw LayoutValidationError.negative(value, at: codingPath + [key, member]) }
  }
}
