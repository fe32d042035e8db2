import LayoutCore
import LayoutJSON
import MicroHTTP

/// Batches (contract §9): `POST /avoid/batch` and `POST /caret-follow/batch` take an array of
/// requests of their endpoint and answer an array of the same length, in the same order.
package enum Batch {
  /// The most requests one batch may hold.
  package static let maxItems = 10_000

  /// The default limit on a batch body, in bytes (8 MiB).
  package static let defaultMaxBytes = 8 << 20
}

extension LayoutOperation {
  /// Answers a batch body read with `decoder`: writes the JSON array of answers and problems
  /// into `answer`, which is emptied first (its capacity is kept), and returns the number of
  /// items.
  ///
  /// The body is parsed once. With the fast decoder every element is validated and computed
  /// straight from the parsed document, and every answer is written into the one answer buffer:
  /// a valid element costs no heap allocation. With the Foundation decoder the strict parse
  /// still decides what is JSON, which items are not objects and which repeat a member name;
  /// each other item's bytes (the span the parser recorded) are then decoded by `JSONDecoder`
  /// as a body of its own, so its answer or problem is the single route's.
  ///
  /// Element `i` is the answer to request `i`, or its problem object with `pointer` starting
  /// with `/i`. Throws the 400 for a body that is not JSON, and the 422 at `""` for one that is
  /// not an array or holds more than `Batch.maxItems` requests.
  @discardableResult
  package static func answerBatch(
    _ body: UnsafeRawBufferPointer, decoder: RequestDecoder = .fast, into answer: inout [UInt8]
  ) throws(HTTPError) -> Int {
    guard decoder.isAvailable else { throw .foundationDecoderUnavailable }
    answer.removeAll(keepingCapacity: true)
    do {
      return try JSONDocument.withArray(body) { array in
        guard let array else { throw HTTPError.batchNotAnArray }
        guard array.count <= Batch.maxItems else { throw HTTPError.batchTooLarge(array.count) }
        // One writer for every item's answer; its bytes are appended to `answer` whole.
        var writer = JSONWriter(capacity: 1024)
        answer.append(UInt8(ascii: "["))
        array.forEachElement { offset, element in
          if offset > 0 { answer.append(UInt8(ascii: ",")) }
          switch element {
          case .object(let object):
            writer.reset()
            do {
              switch decoder {
              case .fast: writer.value(Self.answer(to: try request(validating: JSONLayoutContainer(object))))
              case .foundation: try writeDecodingWithFoundation(array.bytes(ofElement: offset), into: &writer)
              }
              writer.withBytes { answer.append(contentsOf: $0) }
            } catch {
              HTTPError(readingBodyFailedWith: error).item(offset).writeProblemJSON(into: &answer)
            }
          case .duplicateMember(let error):
            HTTPError(readingBodyFailedWith: error).item(offset).writeProblemJSON(into: &answer)
          case .notAnObject:
            HTTPError.batchItemNotAnObject(offset).writeProblemJSON(into: &answer)
          }
        }
        answer.append(UInt8(ascii: "]"))
        return array.count
      }
    } catch {
      throw HTTPError(readingBodyFailedWith: error)
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
      writer.value(answer(to: try RequestBody.decodeWithFoundation(Request.self, from: request)))
    #endif
  }
}
