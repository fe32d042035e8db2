import LayoutCore
import LayoutJSON
import MicroHTTP

#if !LAYOUTD_WITHOUT_FOUNDATION
  // FoundationEssentials, never Foundation: its JSONDecoder without ICU (a ~50 MB smaller binary).
  import FoundationEssentials
#endif

/// How request bodies are read into the `LayoutCore` models (`layoutd --decoder`).
///
/// Both give the same status, answer and problem (`type`, `pointer`) for every body: the strict
/// parser decides what is JSON (400) and rejects repeated member names (422 `duplicate-member`)
/// either way, and the models' `init(validating:)` holds every contract rule either way.
public enum RequestDecoder: String, Equatable, Sendable, CaseIterable {
  /// The models' `init(validating:)` reads the parser's document in place: no `Decoder`, no copy.
  case fast
  /// Foundation's `JSONDecoder` decodes the models through their `Codable` `init(from:)`, once
  /// the strict parser has accepted the body.
  case foundation

  /// Whether this build has the decoder: a build with `-D LAYOUTD_WITHOUT_FOUNDATION` (made to
  /// measure what FoundationEssentials adds to the binary) has only `fast`.
  public var isAvailable: Bool {
    #if LAYOUTD_WITHOUT_FOUNDATION
      self == .fast
    #else
      true
    #endif
  }

  /// The error of a decoder this build does not have.
  struct Unavailable: Error {}
}

/// Reads a JSON request body into a `LayoutCore` model, or explains why it cannot (contract §7).
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

  /// Reads `body` as a `Model` with `decoder`: checks that it is JSON (400), then that it keeps
  /// the contract (422). `read` is the model's `init(validating:)`, which the fast decoder calls
  /// on the parsed document and Foundation's reaches through `init(from:)`.
  @inline(__always)
  static func read<Model: Decodable>(
    _ body: UnsafeRawBufferPointer, with decoder: RequestDecoder,
    _ read: (JSONLayoutContainer) throws -> Model
  ) throws(HTTPError) -> Model {
    do {
      switch decoder {
      case .fast:
        return try JSONDocument.withParsed(body) { try read(JSONLayoutContainer($0)) }
      case .foundation:
        #if LAYOUTD_WITHOUT_FOUNDATION
          throw RequestDecoder.Unavailable()
        #else
          try JSONDocument.validate(body)
          return try decodeWithFoundation(Model.self, from: body)
        #endif
      }
    } catch {
      throw problem(for: error)
    }
  }

  #if !LAYOUTD_WITHOUT_FOUNDATION
    /// Foundation's decoder, shared: it holds only its (default) options.
    static let jsonDecoder = JSONDecoder()

    /// Decodes `body`, which the strict parser has accepted, through `Model`'s `init(from:)`.
    static func decodeWithFoundation<Model: Decodable>(
      _ model: Model.Type, from body: UnsafeRawBufferPointer
    ) throws -> Model {
      try jsonDecoder.decode(model, from: Data(body))
    }
  #endif

  /// The problem answer for an error thrown while reading a body.
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
    case is RequestDecoder.Unavailable:
      HTTPError(status: 500, detail: "This build of layoutd has no Foundation decoder.")
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
  func boolIfPresent(_ name: StaticString) throws -> Bool? { try object.boolIfPresent(name) }

  @inline(__always)
  func object(_ name: StaticString) throws -> JSONLayoutContainer {
    JSONLayoutContainer(try object.object(name))
  }

  @inline(__always)
  func objectIfPresent(_ name: StaticString) throws -> JSONLayoutContainer? {
    try object.objectIfPresent(name).map(JSONLayoutContainer.init)
  }

  @inline(__always)
  func arrayCountIfPresent(_ name: StaticString) throws -> Int? { try object.arrayCountIfPresent(name) }

  @inline(__always)
  func object(_ name: StaticString, at index: Int) throws -> JSONLayoutContainer {
    JSONLayoutContainer(try object.object(name, at: index))
  }
}
