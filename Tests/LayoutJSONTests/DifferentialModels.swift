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

/// A request model that reads through both `Decodable` and `init(validating:)`.
protocol ValidatingModel: Decodable {
  init(validating container: some LayoutDecodingContainer) throws
}

extension AvoidRequest: ValidatingModel {}
extension CaretFollowRequest: ValidatingModel {}
extension ChatRequest: ValidatingModel {}

/// The request model of a single route, e.g. `AvoidRequest` for `/avoid`.
func requestModel(of endpoint: String) -> any ValidatingModel.Type {
  switch endpoint {
  case "/avoid": AvoidRequest.self
  case "/caret-follow": CaretFollowRequest.self
  case "/chat": ChatRequest.self
  default: preconditionFailure("no request model for \(endpoint)")
  }
}
