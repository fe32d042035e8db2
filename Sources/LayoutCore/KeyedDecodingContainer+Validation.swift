/// The largest magnitude a number may have (SPEC §2).
let numberLimit = 1e9

extension KeyedDecodingContainer {
  /// The number at `key`, finite, within ±1e9, ≥ 0 if `nonNegative`, with `-0` read as 0.
  ///
  /// Reads the coding path only when it throws.
  func number(forKey key: Key, nonNegative: Bool = false) throws -> Double {
    let value: Double
    do {
      value = try decode(Double.self, forKey: key)
    } catch {
      throw numberError(error, forKey: key)
    }
    return try validated(value, forKey: key, nonNegative: nonNegative)
  }

  /// The number at `key` as `number(forKey:nonNegative:)` reads it, or nil when the member is
  /// absent or `null`.
  func numberIfPresent(forKey key: Key, nonNegative: Bool = false) throws -> Double? {
    let value: Double?
    do {
      value = try decodeIfPresent(Double.self, forKey: key)
    } catch {
      throw numberError(error, forKey: key)
    }
    guard let value else { return nil }
    return try validated(value, forKey: key, nonNegative: nonNegative)
  }

  /// `value` checked against SPEC §2's number rules.
  @inline(__always)
  private func validated(_ value: Double, forKey key: Key, nonNegative: Bool) throws -> Double {
    guard value.isFinite else { throw LayoutValidationError.notFinite(at: codingPath + [key]) }
    guard abs(value) <= numberLimit else {
      throw LayoutValidationError.outOfRange(value, at: codingPath + [key])
    }
    if nonNegative && value < 0 {
      throw LayoutValidationError.negative(value, at: codingPath + [key])
    }
    return value + 0
  }

  /// The error to throw when reading the number at `key` failed.
  ///
  /// A missing member, a wrong type or a `null` stays the decoder's `DecodingError`. Anything
  /// else means the number could not be read: Foundation's `JSONDecoder` throws an internal
  /// error for a number a `Double` can't represent (`1e400`), which it later turns into corrupted
  /// data with an empty coding path; the member is known here.
  private func numberError(_ error: any Error, forKey key: Key) -> any Error {
    if let decodingError = error as? DecodingError {
      switch decodingError {
      case .typeMismatch, .valueNotFound, .keyNotFound: return decodingError
      case .dataCorrupted: break
      @unknown default: return decodingError
      }
    }
    return LayoutValidationError.notFinite(at: codingPath + [key])
  }
}
