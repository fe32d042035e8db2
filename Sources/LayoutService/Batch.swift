import LayoutCore
import LayoutJSON
import MicroHTTP

/// Batches (contract §9): each endpoint's `POST path/batch` takes an array of requests of the
/// endpoint and answers an array of the same length, in the same order.
package enum Batch {
  /// The most requests one batch may hold.
  package static let maxItems = 10_000

  /// The default limit on a batch body, in bytes (8 MiB).
  package static let defaultMaxBytes = 8 << 20
}

/// The sizes a batch route takes: its body, and each item (the single route's body limit).
struct BatchLimits {
  let maxBodyBytes: Int
  let maxItemBytes: Int
}

extension LayoutOperation {
  /// Answers a batch body read with `decoder`: appends the JSON array of answers and problems to
  /// `response`'s body (`HTTPResponse.appendBody(_:)`, within the server's body budget) and
  /// returns the number of items.
  ///
  /// The body is read and answered item by item (`JSONDocument.forEachElement(ofArray:…)`):
  /// besides the body, only the answer's bytes grow with the item count. With the fast decoder
  /// every item is validated and computed straight from the parsed element, its answer written
  /// by the thread's writer and appended: a valid item costs no heap allocation. With the
  /// Foundation decoder the strict reader still decides what is JSON, which items are not
  /// objects and which repeat a member name; each other item's bytes are then decoded by
  /// `JSONDecoder` as a body of its own, so its answer or problem is the single route's. An item
  /// of more than `maxItemBytes` bytes is the single route's 413 problem.
  ///
  /// Element `i` is the answer to request `i`, or its problem object with `pointer` starting
  /// with `/i`. Throws the 400 for a body that is not JSON (wherever it breaks: what was
  /// appended is then dropped by the problem), the 422 at `""` for one that is not an array or
  /// holds more than `Batch.maxItems` requests, and the 503 when the answer outgrows the budget.
  @discardableResult
  package static func answerBatch(
    _ body: UnsafeRawBufferPointer, decoder: RequestDecoder = .fast, maxItemBytes: Int,
    into response: inout HTTPResponse
  ) throws(HTTPError) -> Int {
    guard decoder.isAvailable else { throw .foundationDecoderUnavailable }
    response.body.removeAll(keepingCapacity: true)
    let count: Int?
    do {
      count = try JSONWriter.withThreadWriter { writer in
        var problemBytes: [UInt8] = []
        return try JSONDocument.forEachElement(
          ofArray: body, maxElementBytes: maxItemBytes, maxElements: Batch.maxItems
        ) { offset, element in
          try response.appendBody(UInt8(ascii: offset == 0 ? "[" : ","))
          writer.reset()
          if let problem = writeItem(
            element, offset, decoder: decoder, maxItemBytes: maxItemBytes, into: &writer)
          {
            problemBytes.removeAll(keepingCapacity: true)
            problem.writeProblemJSON(into: &problemBytes)
            try problemBytes.withUnsafeBytes { bytes throws in try response.appendBody(bytes) }
          } else {
            try writer.withBytes { bytes throws in try response.appendBody(bytes) }
          }
        }
      }
    } catch let error as HTTPError {
      throw error
    } catch {
      throw HTTPError(readingBodyFailedWith: error)
    }
    guard let count else { throw .batchNotAnArray }
    guard count <= Batch.maxItems else { throw .batchTooLarge(count) }
    if count == 0 { try response.appendBody(UInt8(ascii: "[")) }
    try response.appendBody(UInt8(ascii: "]"))
    return count
  }

  /// Writes item `offset`'s answer into `writer`, or returns its problem.
  private static func writeItem(
    _ element: JSONArrayElement, _ offset: Int, decoder: RequestDecoder, maxItemBytes: Int,
    into writer: inout JSONWriter
  ) -> HTTPError? {
    switch element.value {
    case .object(let object):
      do {
        switch decoder {
        case .fast:
          var answer = answer(to: try request(validating: object))
          writer.object(&answer)
        case .foundation: try writeDecodingWithFoundation(element.bytes, into: &writer)
        }
        return nil
      } catch {
        return HTTPError(readingBodyFailedWith: error).item(offset)
      }
    case .duplicateMember(let error):
      return HTTPError(readingBodyFailedWith: error).item(offset)
    case .notAnObject:
      return .batchItemNotAnObject(offset)
    case .tooLarge:
      return HTTPError.contentTooLarge(limit: maxItemBytes).item(offset)
    }
  }

  /// Decodes one request's bytes with Foundation's `JSONDecoder` (its `init(from:)` validates),
  /// computes it and writes its answer.
  private static func writeDecodingWithFoundation(
    _ request: UnsafeRawBufferPointer, into writer: inout JSONWriter
  ) throws {
    #if LAYOUTD_WITHOUT_FOUNDATION
      throw RequestDecoder.Unavailable()
    #else
      var answer = answer(to: try RequestBody.decodeWithFoundation(Request.self, from: request))
      writer.object(&answer)
    #endif
  }
}
