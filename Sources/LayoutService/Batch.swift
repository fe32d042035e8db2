import LayoutCore
import LayoutJSON
import MicroHTTP

/// Batches (contract §9): `POST /avoid/batch` and `POST /caret-follow/batch` take an array of
/// requests of their endpoint and answer an array of the same length, in the same order.
///
/// The body is parsed once; with the fast decoder every element is validated and computed
/// straight from the parsed document, and every answer is written into the one answer buffer: a
/// valid element costs no heap allocation. With the Foundation decoder the strict parse still
/// decides what is JSON, which items are not objects and which repeat a member name; each other
/// item's bytes are then decoded by `JSONDecoder` as a body of its own, exactly as the single
/// route decodes it, so its answer or problem is the single route's.
extension LayoutEndpoint {
  /// The most requests one batch may hold.
  package static let maxBatchItems = 10_000

  /// The default limit on a batch body, in bytes (8 MiB).
  package static let defaultMaxBatchBytes = 8 << 20

  /// Answers a batch body read with `decoder`: writes the JSON array of answers and problems
  /// into `answer`, which is emptied first (its capacity is kept), and returns the number of
  /// items.
  ///
  /// Element `i` is the answer to request `i`, or its problem object with `pointer` starting
  /// with `/i`. Throws the 400 for a body that is not JSON, and the 422 at `""` for one that is
  /// not an array or holds more than `maxBatchItems` requests.
  @discardableResult
  package func answerBatch(
    _ body: UnsafeRawBufferPointer, decoder: RequestDecoder = .fast, into answer: inout [UInt8]
  ) throws(HTTPError) -> Int {
    guard decoder.isAvailable else { throw RequestBody.problem(for: RequestDecoder.Unavailable()) }
    answer.removeAll(keepingCapacity: true)
    do {
      return try JSONDocument.withArray(body) { array in
        guard let array else { throw HTTPError.batchNotAnArray }
        guard array.count <= Self.maxBatchItems else { throw HTTPError.batchTooLarge(array.count) }
        // One writer for every item's answer; its bytes are appended to `answer` whole.
        var writer = JSONWriter(capacity: 1024)
        // Read only by the Foundation decoder.
        var items = BatchItems(body)
        answer.append(UInt8(ascii: "["))
        array.forEachElement { offset, element in
          if offset > 0 { answer.append(UInt8(ascii: ",")) }
          switch element {
          case .object(let object):
            writer.reset()
            do {
              switch decoder {
              case .fast: try write(JSONLayoutContainer(object), into: &writer)
              case .foundation: try write(decodingWithFoundation: items.bytes(of: offset), into: &writer)
              }
              answer.append(contentsOf: writer.bytes)
            } catch {
              RequestBody.problem(for: error).item(offset).writeProblemJSON(into: &answer)
            }
          case .duplicateMember(let error):
            RequestBody.problem(for: error).item(offset).writeProblemJSON(into: &answer)
          case .notAnObject:
            HTTPError.batchItemNotAnObject(offset).writeProblemJSON(into: &answer)
          }
        }
        answer.append(UInt8(ascii: "]"))
        return array.count
      }
    } catch let error as HTTPError {
      throw error
    } catch {
      throw RequestBody.problem(for: error)
    }
  }

  /// Validates one request, computes it and writes its answer.
  @inline(__always)
  private func write(_ request: JSONLayoutContainer, into writer: inout JSONWriter) throws {
    switch self {
    case .avoid: writer.value(LayoutCore.avoid(try AvoidRequest(validating: request)))
    case .caretFollow: writer.value(LayoutCore.caretFollow(try CaretFollowRequest(validating: request)))
    }
  }

  /// Decodes one request's bytes with Foundation's `JSONDecoder` (its `init(from:)` validates),
  /// computes it and writes its answer.
  private func write(
    decodingWithFoundation request: UnsafeRawBufferPointer, into writer: inout JSONWriter
  ) throws {
    #if LAYOUTD_WITHOUT_FOUNDATION
      throw RequestDecoder.Unavailable()
    #else
      switch self {
      case .avoid:
        writer.value(LayoutCore.avoid(try RequestBody.decodeWithFoundation(AvoidRequest.self, from: request)))
      case .caretFollow:
        writer.value(
          LayoutCore.caretFollow(try RequestBody.decodeWithFoundation(CaretFollowRequest.self, from: request))
        )
      }
    #endif
  }
}

/// The bytes of each element of a batch body the strict parser has accepted as an array, found
/// by one forward scan that only tells strings and brackets apart.
private struct BatchItems {
  private let body: UnsafeRawBufferPointer
  /// Where the scan stands: just past element `next - 1` (or the opening bracket).
  private var position: Int
  private var next = 0

  init(_ body: UnsafeRawBufferPointer) {
    self.body = body
    position = body.firstIndex(of: UInt8(ascii: "[")).map { $0 + 1 } ?? body.count
  }

  /// The bytes of element `offset`, its surrounding whitespace excluded; elements are asked
  /// for in increasing order.
  mutating func bytes(of offset: Int) -> UnsafeRawBufferPointer {
    precondition(offset >= next, "batch items are read in order")
    while next < offset { _ = nextElement() }
    return nextElement()
  }

  private mutating func nextElement() -> UnsafeRawBufferPointer {
    next += 1
    skipWhitespace()
    if position < body.count, body[position] == UInt8(ascii: ",") {
      position += 1
      skipWhitespace()
    }
    let start = position
    var depth = 0
    scan: while position < body.count {
      switch body[position] {
      case UInt8(ascii: "\""):
        position += 1
        while position < body.count, body[position] != UInt8(ascii: "\"") {
          position += body[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        position += 1
        if depth == 0 { break scan }
        continue scan
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { break scan }
        depth -= 1
        if depth == 0 {
          position += 1
          break scan
        }
      case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        if depth == 0 { break scan }
      default: break
      }
      position += 1
    }
    // Clamped, though the parser's checks keep the scan inside the body.
    position = min(position, body.count)
    return UnsafeRawBufferPointer(rebasing: body[min(start, position)..<position])
  }

  private mutating func skipWhitespace() {
    while position < body.count {
      switch body[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
      default: return
      }
    }
  }
}

extension HTTPError {
  /// The 422 for a batch body that is valid JSON but not an array.
  static let batchNotAnArray = HTTPError(
    LayoutValidationError(
      kind: .wrongType, pointer: "", detail: "A batch body must be a JSON array of requests."))

  /// The 422 for a batch of more than `LayoutEndpoint.maxBatchItems` requests.
  static func batchTooLarge(_ count: Int) -> HTTPError {
    HTTPError(
      LayoutValidationError(
        kind: .tooMany, pointer: "",
        detail: "A batch holds at most \(LayoutEndpoint.maxBatchItems) requests, got \(count)."))
  }

  /// This problem of a single request as the problem of batch item `offset`: its pointer is
  /// prefixed by `/offset`, everything else stays.
  func item(_ offset: Int) -> HTTPError {
    var problem = self
    problem.pointer = JSONPointer.pointer(pointer ?? "", inElement: offset)
    return problem
  }

  /// The problem element for batch item `offset` when it is not an object.
  static func batchItemNotAnObject(_ offset: Int) -> HTTPError {
    HTTPError(
      LayoutValidationError(
        kind: .wrongType, pointer: JSONPointer.pointer("", inElement: offset),
        detail: "Item \(offset) must be an object (a request)."))
  }
}

extension LayoutService {
  /// `POST /avoid/batch` and `POST /caret-follow/batch`: contract §9. Always JSON: `Accept` is not
  /// consulted. The answer reports its item count to the observer (metrics, access log).
  static func batch(
    _ endpoint: LayoutEndpoint, _ decoder: RequestDecoder, _ request: borrowing HTTPRequest,
    _ response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request, expecting: "a JSON array of requests")
    response.items = try endpoint.answerBatch(request.body, decoder: decoder, into: &response.body)
  }
}
