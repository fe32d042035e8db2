import LayoutCore
import LayoutJSON
import MicroHTTP

/// Reads a JSON request body into a `LayoutCore` model, or explains why it cannot (SPEC §7).
enum RequestBody {
  /// Checks the content type (415) and that there is a body (400), in that order; `expecting`
  /// names what the body should hold.
  static func check(
    _ request: borrowing HTTPRequest, expecting: String = "a JSON object"
  ) throws(HTTPError) {
    // Read in place: a `String` is made only for the error.
    let isJSON = request.withHeaderBytes("Content-Type") { $0.map(MediaType.isReadAsJSON) ?? true }
    if !isJSON { throw .unsupportedMediaType(request.header("Content-Type") ?? "") }
    guard request.body.count > 0 else {
      throw HTTPError(
        status: 400, title: "Empty body", detail: "The request has no body; send \(expecting).")
    }
  }

  /// Checks that the body is JSON (400) and that it keeps the contract (422), in that order.
  static func decode<Model: Decodable>(
    _ type: Model.Type, from body: UnsafeRawBufferPointer
  ) throws(HTTPError) -> Model {
    do {
      return try FastJSONDecoder().decode(type, from: body)
    } catch {
      throw problem(for: error)
    }
  }

  /// Reads the body's top-level object with `read` (a model's `init(validating:)`), mapping a
  /// body that is not JSON to 400 and one that breaks the contract to 422.
  @inline(__always)
  static func read<Model>(
    _ body: UnsafeRawBufferPointer, _ read: (JSONLayoutContainer) throws -> Model
  ) throws(HTTPError) -> Model {
    do {
      return try FastJSONDecoder().withObject(in: body) { try read(JSONLayoutContainer($0)) }
    } catch {
      throw problem(for: error)
    }
  }

  /// The problem answer for an error thrown while decoding a body.
  static func problem(for error: any Error) -> HTTPError {
    switch error {
    case let error as JSONSyntaxError:
      HTTPError(status: 400, title: "Body is not JSON", detail: "The body is not JSON: \(error).")
    case let error as JSONDuplicateMemberError:
      HTTPError(LayoutValidationError.duplicateMember(at: error.codingPath))
    case let error as LayoutValidationError:
      HTTPError(error)
    case let error as DecodingError:
      HTTPError(LayoutValidationError(error))
    default:
      HTTPError(status: 400, detail: "The body could not be read: \(error).")
    }
  }
}

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
