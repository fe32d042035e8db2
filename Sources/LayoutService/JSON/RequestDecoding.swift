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
package enum RequestDecoder: String, Equatable, Sendable, CaseIterable {
  /// The models' `init(validating:)` reads the parser's document in place: no `Decoder`, no copy.
  case fast
  /// Foundation's `JSONDecoder` decodes the models through their `Codable` `init(from:)`, once
  /// the strict parser has accepted the body.
  case foundation

  /// Whether this build has the decoder: a build with `-D LAYOUTD_WITHOUT_FOUNDATION` (made to
  /// measure what FoundationEssentials adds to the binary) has only `fast`.
  package var isAvailable: Bool {
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
  /// Checks the content type and coding (415) and that there is a body (400), in that order;
  /// `expecting` names what the body should hold.
  static func check(
    _ request: borrowing HTTPRequest, expecting: String = "a JSON object"
  ) throws(HTTPError) {
    // Read in place: a `String` is made only for the error.
    let isJSON = request.header(.contentType, satisfies: { $0.map(MediaType.isReadAsJSON) ?? true })
    if !isJSON { throw .unsupportedMediaType(request.header(.contentType) ?? "") }
    let isUnencoded = request.header(
      .contentEncoding, satisfies: { $0.map(MediaType.isIdentityCoding) ?? true })
    if !isUnencoded { throw .unsupportedContentCoding(request.header(.contentEncoding) ?? "") }
    guard request.bodyCount > 0 else { throw .emptyBody(expecting: expecting) }
  }

  /// Reads `body` as a `Request` with `decoder`: checks that it is JSON (400), then that it keeps
  /// the contract (422). The fast decoder runs the model's `init(validating:)` on the parsed
  /// document; Foundation's reaches the same rules through the model's `init(from:)`.
  @inline(__always)
  static func read<Request: ValidatingDecodable>(
    _ body: UnsafeRawBufferPointer, with decoder: RequestDecoder, as request: Request.Type
  ) throws(HTTPError) -> Request {
    do {
      switch decoder {
      case .fast:
        // One pass straight into the members, for the plain bodies requests are; any failure
        // (not plain enough, not JSON, a broken rule) is read again by the general parser,
        // which answers with the exact problem.
        do {
          if let request = try JSONRecord.withRead(body, { try Request(validating: $0) }) {
            return request
          }
        } catch {}
        return try JSONDocument.withParsed(body) { try Request(validating: $0) }
      case .foundation:
        #if LAYOUTD_WITHOUT_FOUNDATION
          throw RequestDecoder.Unavailable()
        #else
          try JSONDocument.validate(body)
          return try decodeWithFoundation(Request.self, from: body)
        #endif
      }
    } catch {
      throw HTTPError(readingBodyFailedWith: error)
    }
  }

  #if !LAYOUTD_WITHOUT_FOUNDATION
    /// Foundation's decoder, shared: it holds only its (default) options.
    static let jsonDecoder = JSONDecoder()

    /// Decodes `body`, which the strict parser has accepted, through `Model`'s `init(from:)`.
    static func decodeWithFoundation<Model: Decodable>(
      _ model: Model.Type, from body: UnsafeRawBufferPointer
    ) throws -> Model {
      try jsonDecoder.decode(model, from: foundationReadable(body))
    }

    /// `body` (JSON the strict parser accepted) as Foundation's `JSONDecoder` reads it alike.
    ///
    /// Foundation refuses `0e1` … `0e9` (a zero, an exponent mark, one digit: `0E4` too) as
    /// invalid JSON, though it reads `0e+4`, `0e10` and `-0e4`: each is written here with an
    /// explicit `+`, the same number, so that both decoders answer every body alike.
    static func foundationReadable(_ body: UnsafeRawBufferPointer) -> Data {
      var data = Data()
      var copied = 0
      var inString = false
      var index = 0
      let count = body.count
      while index < count {
        let byte = body[index]
        if inString {
          if byte == UInt8(ascii: "\\") {
            index += 1
          } else if byte == UInt8(ascii: "\"") {
            inString = false
          }
        } else if byte == UInt8(ascii: "\"") {
          inString = true
        } else if byte | 0x20 == UInt8(ascii: "e"), index > 0, body[index - 1] == UInt8(ascii: "0"),
          index + 1 < count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(body[index + 1]),
          index + 2 == count || !isNumberByte(body[index + 2]),
          index < 2 || !isNumberByte(body[index - 2])
        {
          // The `0` starts the number (no digit, point or minus before it), the digit ends it.
          data.append(contentsOf: UnsafeRawBufferPointer(rebasing: body[copied...index]))
          data.append(UInt8(ascii: "+"))
          copied = index + 1
        }
        index += 1
      }
      data.append(contentsOf: UnsafeRawBufferPointer(rebasing: body[copied...]))
      return data
    }

    /// Whether `byte` can be part of a number: a digit, `.`, `-`, `+`, `e` or `E`.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte | 0x20 == UInt8(ascii: "e")
    }
  #endif
}

/// A parsed body's object as the request models read it: their own validation
/// (`init(validating:)`) runs straight on the document, with the same answers and errors as
/// their `Codable` decoding.
///
/// The object's reads are `LayoutDecodingContainer`'s, same names and meanings; LayoutJSON knows
/// no LayoutCore, so the conformance is declared here.
extension JSONObject: LayoutDecodingContainer {}

/// An object of a body read in one pass (`JSONRecord`) as the request models read it.
extension JSONRecordObject: LayoutDecodingContainer {
  /// A record keeps no paths: whatever fails is read again by the general parser, whose error
  /// carries the path.
  @usableFromInline package var codingPath: [any CodingKey] { [] }

  /// `body`'s result for the bytes of the string at `name`, read in place
  /// (`stringBytesIfPresent(_:)`), with the generic part here, where the models' code is
  /// specialized.
  @usableFromInline package func withStringIfPresent<Result>(
    _ name: StaticString, _ body: (UnsafeRawBufferPointer) -> Result
  ) throws -> Result? {
    guard let bytes = try stringBytesIfPresent(name) else { return nil }
    return body(bytes)
  }
}
