import Foundation
import LayoutCore
import Testing

/// Decoding through Foundation's `JSONDecoder`, with every failure as a `LayoutValidationError`.
enum Decoding {
  static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: Data(json.utf8))
    } catch let error as DecodingError {
      throw LayoutValidationError(error)
    }
  }

  /// The validation error decoding `json` gives; nil when it decodes.
  static func error<T: Decodable>(_ type: T.Type, _ json: String) -> LayoutValidationError? {
    do {
      _ = try decode(type, json)
      return nil
    } catch let error as LayoutValidationError {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }
}
