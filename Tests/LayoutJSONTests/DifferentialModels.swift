import LayoutCore
import LayoutDiagram
import LayoutJSON
import LayoutService

// The models the differential tests decode: `Sample` with every Codable shape, and each endpoint's
// request model read through a parsed object as the service reads it.

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

/// The request type of a single route, e.g. `AvoidRequest` for `/avoid`, as the route table has it.
func requestType(of endpoint: String) -> any DiagramDrawable.Type {
  guard let operation = LayoutAPI.operations.first(where: { $0.path == endpoint }) else {
    preconditionFailure("the route table has no endpoint \(endpoint)")
  }
  return operation.requestType
}
