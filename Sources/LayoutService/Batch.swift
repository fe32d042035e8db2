import LayoutCore
import LayoutJSON
import MicroHTTP

/// Batches (contract §9): `POST /avoid/batch` and `POST /caret-follow/batch` take an array of
/// requests of their endpoint and answer an array of the same length, in the same order.
///
/// The body is parsed once; every element is validated and computed straight from the parsed
/// document, and every answer is written into the one answer buffer. A valid element costs no
/// heap allocation.
extension LayoutEndpoint {
  /// The most requests one batch may hold.
  public static let maxBatchItems = 10_000

  /// The default limit on a batch body, in bytes (8 MiB).
  public static let defaultMaxBatchBytes = 8 << 20

  /// Answers a batch body: writes the JSON array of answers and problems into `answer`, which
  /// is emptied first (its capacity is kept), and returns the number of items.
  ///
  /// Element `i` is the answer to request `i`, or its problem object with `pointer` starting
  /// with `/i`. Throws the 400 for a body that is not JSON, and the 422 at `""` for one that is
  /// not an array or holds more than `maxBatchItems` requests.
  @discardableResult
  public func answerBatch(_ body: UnsafeRawBufferPointer, into answer: inout [UInt8]) throws(HTTPError) -> Int
  {
    answer.removeAll(keepingCapacity: true)
    do {
      return try JSONDocument.withArray(body) { array in
        guard let array else { throw HTTPError.batchNotAnArray }
        guard array.count <= Self.maxBatchItems else { throw HTTPError.batchTooLarge(array.count) }
        // One writer for every item's answer; its bytes are appended to `answer` whole.
        var writer = JSONWriter(capacity: 1024)
        answer.append(UInt8(ascii: "["))
        array.forEachElement { offset, element in
          if offset > 0 { answer.append(UInt8(ascii: ",")) }
          switch element {
          case .object(let object):
            writer.reset()
            do {
              try write(JSONLayoutContainer(object), into: &writer)
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
}

extension HTTPError {
  /// The 422 for a batch body that is valid JSON but not an array.
  static let batchNotAnArray = HTTPError(
    LayoutValidationError(
      kind: .wrongType, pointer: "", detail: "A batch body must be a JSON array of requests."))

  /// The 422 for a batch of more than `LayoutEndpoint.maxBatchItems` requests.
  static func batchTooLarge(_ count: Int) -> HTTPError {
    HTTPError(
      status: 422, type: "urn:layoutd:problem:too-many", title: "Too many items",
      detail: "A batch holds at most \(LayoutEndpoint.maxBatchItems) requests, got \(count).", pointer: "")
  }

  /// This problem of a single request as the problem of batch item `offset`: its pointer is
  /// prefixed by `/offset`, everything else stays.
  func item(_ offset: Int) -> HTTPError {
    var problem = self
    problem.pointer = "/\(offset)" + (pointer ?? "")
    return problem
  }

  /// The problem element for batch item `offset` when it is not an object.
  static func batchItemNotAnObject(_ offset: Int) -> HTTPError {
    HTTPError(
      LayoutValidationError(
        kind: .wrongType, pointer: "/\(offset)", detail: "Item \(offset) must be an object (a request)."))
  }
}

extension LayoutService {
  /// `POST /avoid/batch` and `POST /caret-follow/batch`: contract §9. Always JSON: `Accept` is not
  /// consulted. The answer reports its item count to the observer (metrics, access log).
  static func batch(
    _ endpoint: LayoutEndpoint, _ request: borrowing HTTPRequest, _ response: inout HTTPResponse
  ) throws(HTTPError) {
    try RequestBody.check(request, expecting: "a JSON array of requests")
    response.items = try endpoint.answerBatch(request.body, into: &response.body)
  }
}
