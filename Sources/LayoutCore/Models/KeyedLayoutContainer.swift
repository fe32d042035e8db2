/// A model read by `init(validating:)`, whose `Decodable` reading is that validation through any
/// decoder: every request model and the geometry it is made of.
public protocol ValidatingDecodable: Decodable {
  /// Reads and validates the model from `container`, as contract §2–§15 and §7 define it.
  init(validating container: some LayoutDecodingContainer) throws
}

extension ValidatingDecodable {
  /// Decodes and validates the model as `init(validating:)` reads it.
  ///
  /// Throws `LayoutValidationError` for contract violations and the decoder's `DecodingError` for
  /// missing members and wrong types; `LayoutValidationError.init(_:)` maps the latter.
  public init(from decoder: any Decoder) throws {
    try self.init(validating: KeyedLayoutContainer(decoder))
  }
}

/// A `LayoutDecodingContainer` over any `Decoder`'s keyed container: how the models'
/// `init(from:)` reads.
///
/// Nested objects are read through `superDecoder(forKey:)`, which is what `decode(_:forKey:)`
/// does for a nested `Decodable`, so every decoder reports the same errors as before.
struct KeyedLayoutContainer: LayoutDecodingContainer {
  let container: KeyedDecodingContainer<LayoutCodingKey>

  init(_ decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: LayoutCodingKey.self)
  }

  var codingPath: [any CodingKey] { container.codingPath }

  func contains(_ name: StaticString) -> Bool {
    container.contains(LayoutCodingKey(name))
  }

  var memberCount: Int { container.allKeys.count }

  func number(_ name: StaticString) throws -> Double {
    let key = LayoutCodingKey(name)
    do {
      return try container.decode(Double.self, forKey: key)
    } catch {
      try Self.rethrowUnlessUnrepresentable(error)
      return .infinity
    }
  }

  func numberIfPresent(_ name: StaticString) throws -> Double? {
    let key = LayoutCodingKey(name)
    do {
      return try container.decodeIfPresent(Double.self, forKey: key)
    } catch {
      try Self.rethrowUnlessUnrepresentable(error)
      return .infinity
    }
  }

  func stringIfPresent(_ name: StaticString) throws -> String? {
    try container.decodeIfPresent(String.self, forKey: LayoutCodingKey(name))
  }

  func boolIfPresent(_ name: StaticString) throws -> Bool? {
    try container.decodeIfPresent(Bool.self, forKey: LayoutCodingKey(name))
  }

  func object(_ name: StaticString) throws -> KeyedLayoutContainer {
    let key = LayoutCodingKey(name)
    guard container.contains(key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return try KeyedLayoutContainer(container.superDecoder(forKey: key))
  }

  func objectIfPresent(_ name: StaticString) throws -> KeyedLayoutContainer? {
    let key = LayoutCodingKey(name)
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    return try KeyedLayoutContainer(container.superDecoder(forKey: key))
  }

  func arrayCountIfPresent(_ name: StaticString) throws -> Int? {
    let key = LayoutCodingKey(name)
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    var elements = try container.nestedUnkeyedContainer(forKey: key)
    if let count = elements.count { return count }
    var count = 0
    while !elements.isAtEnd {
      _ = try elements.superDecoder()
      count += 1
    }
    return count
  }

  func object(_ name: StaticString, at index: Int) throws -> KeyedLayoutContainer {
    var elements = try container.nestedUnkeyedContainer(forKey: LayoutCodingKey(name))
    for _ in 0..<index { _ = try elements.superDecoder() }
    return try KeyedLayoutContainer(elements.superDecoder())
  }

  func number(_ name: StaticString, at index: Int) throws -> Double {
    var elements = try container.nestedUnkeyedContainer(forKey: LayoutCodingKey(name))
    for _ in 0..<index { _ = try elements.superDecoder() }
    do {
      return try elements.decode(Double.self)
    } catch {
      try Self.rethrowUnlessUnrepresentable(error)
      return .infinity
    }
  }

  /// Rethrows a missing member, a wrong type or a `null`; returns for anything else, which
  /// means the number could not be represented: Foundation's `JSONDecoder` throws an internal
  /// error for `1e400`, which it later turns into corrupted data at the root.
  private static func rethrowUnlessUnrepresentable(_ error: any Error) throws {
    guard let decodingError = error as? DecodingError else { return }
    switch decodingError {
    case .typeMismatch, .valueNotFound, .keyNotFound: throw decodingError
    case .dataCorrupted: return
    @unknown default: throw decodingError
    }
  }
}
