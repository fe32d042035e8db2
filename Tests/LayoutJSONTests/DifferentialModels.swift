import LayoutCore
import LayoutJSON

// The models the differential tests decode: `Sample` with every Codable shape, and the request
// models read through a parsed object as the service reads them.

/// Models for differential tests: nested objects, optionals, enums, arrays, every scalar kind.
struct Sample: Codable {
  enum Mode: String, Codable {
    case translate, scroll, resize
  }

  struct Frame: Codable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  struct Inner: Codable {
    var count: Int16?
    var flag: Bool?
    var tags: [String]
    var big: Int64?
    var unsigned: UInt32?
  }

  var name: String
  var mode: Mode
  var frame: Frame
  var optionalFrame: Frame?
  var values: [Double]
  var count: Int
  var small: UInt8?
  var ratio: Float?
  var inner: Inner
  var items: [Inner]?
  var enabled: Bool
  var note: String?
  var matrix: [[Double]]?
  var flags: [Bool?]?
}

/// A parsed object as the request models read it, as the service conforms it.
struct ObjectContainer: LayoutDecodingContainer {
  let object: JSONObject

  init(_ object: JSONObject) {
    self.object = object
  }

  var codingPath: [any CodingKey] { object.codingPath }
  func contains(_ name: StaticString) -> Bool { object.contains(name) }
  func number(_ name: StaticString) throws -> Double { try object.number(name) }
  func numberIfPresent(_ name: StaticString) throws -> Double? { try object.numberIfPresent(name) }
  func stringIfPresent(_ name: StaticString) throws -> String? { try object.stringIfPresent(name) }
  func boolIfPresent(_ name: StaticString) throws -> Bool? { try object.boolIfPresent(name) }
  func object(_ name: StaticString) throws -> ObjectContainer { ObjectContainer(try object.object(name)) }

  func objectIfPresent(_ name: StaticString) throws -> ObjectContainer? {
    try object.objectIfPresent(name).map(ObjectContainer.init)
  }

  func arrayCountIfPresent(_ name: StaticString) throws -> Int? { try object.arrayCountIfPresent(name) }

  func object(_ name: StaticString, at index: Int) throws -> ObjectContainer {
    ObjectContainer(try object.object(name, at: index))
  }
}

/// A one-pass record as the request models read it, as the service conforms it: no paths, since
/// the service reads a body the record fails on again with the general parser.
struct RecordContainer: LayoutDecodingContainer {
  let object: JSONRecordObject

  init(_ object: JSONRecordObject) {
    self.object = object
  }

  var codingPath: [any CodingKey] { [] }
  func contains(_ name: StaticString) -> Bool { object.contains(name) }
  func number(_ name: StaticString) throws -> Double { try object.number(name) }
  func numberIfPresent(_ name: StaticString) throws -> Double? { try object.numberIfPresent(name) }
  func stringIfPresent(_ name: StaticString) throws -> String? { try object.stringIfPresent(name) }
  func boolIfPresent(_ name: StaticString) throws -> Bool? { try object.boolIfPresent(name) }
  func object(_ name: StaticString) throws -> RecordContainer { RecordContainer(try object.object(name)) }

  func objectIfPresent(_ name: StaticString) throws -> RecordContainer? {
    try object.objectIfPresent(name).map(RecordContainer.init)
  }

  func arrayCountIfPresent(_ name: StaticString) throws -> Int? { try object.arrayCountIfPresent(name) }

  func object(_ name: StaticString, at index: Int) throws -> RecordContainer {
    RecordContainer(try object.object(name, at: index))
  }
}

/// A request model that reads through both `Decodable` and `init(validating:)`.
protocol ValidatingModel: Decodable {
  init(validating container: some LayoutDecodingContainer) throws
}

extension AvoidRequest: ValidatingModel {}
extension CaretFollowRequest: ValidatingModel {}
