import LayoutCore
import LayoutJSON

/// A parsed body's object as the request models read it: the models' own validation
/// (`init(validating:)`) runs straight on the parsed document, with the same answers and errors
/// as their `Codable` decoding.
struct JSONLayoutContainer: LayoutDecodingContainer {
  let object: JSONObject

  init(_ object: JSONObject) {
    self.object = object
  }

  var codingPath: [any CodingKey] { object.codingPath }

  @inline(__always)
  func contains(_ name: StaticString) -> Bool { object.contains(name) }

  @inline(__always)
  func number(_ name: StaticString) throws -> Double { try object.number(name) }

  @inline(__always)
  func numberIfPresent(_ name: StaticString) throws -> Double? { try object.numberIfPresent(name) }

  @inline(__always)
  func stringIfPresent(_ name: StaticString) throws -> String? { try object.stringIfPresent(name) }

  @inline(__always)
  func object(_ name: StaticString) throws -> JSONLayoutContainer {
    JSONLayoutContainer(try object.object(name))
  }

  @inline(__always)
  func objectIfPresent(_ name: StaticString) throws -> JSONLayoutContainer? {
    try object.objectIfPresent(name).map(JSONLayoutContainer.init)
  }
}
