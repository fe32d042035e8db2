import Foundation
import LayoutCore
import LayoutDiagram
import LayoutService
import LayoutTesting
import Testing

/// The contract's worked examples through Foundation's coders alone, as an app that links
/// `LayoutCore` reads and writes them: each example's request decoded with `JSONDecoder` into the
/// request type the route table gives its endpoint, answered, encoded with `JSONEncoder`.
@Suite("The contract's worked examples through Codable")
struct CodableExampleTests {
  /// The answer to `body`, a request of `Request`'s endpoint, encoded by `JSONEncoder`; and whether
  /// it decodes back to the same answer.
  static func answer<Request: EndpointRequest>(
    _ type: Request.Type, _ body: Data
  ) throws -> (encoded: Data, roundTrips: Bool) {
    let answer = try JSONDecoder().decode(Request.self, from: body).answer()
    let encoded = try JSONEncoder().encode(answer)
    return (encoded, try JSONDecoder().decode(Request.Answer.self, from: encoded) == answer)
  }

  /// The request type of `endpoint`, as the route table serves it.
  static func requestType(of endpoint: String) throws -> any DiagramDrawable.Type {
    try #require(LayoutAPI.operations.first { $0.path == endpoint }, "\(endpoint) is no endpoint").requestType
  }

  @Test("every example: decode the request, compute, encode the answer, compare as numbers; it reads back")
  func examples() throws {
    let examples = try GoldenExamples.loadSingle()
    #expect(examples.count >= 43)
    for example in examples {
      let (encoded, roundTrips) = try Self.answer(Self.requestType(of: example.endpoint), example.request)
      let actual = try JSONSerialization.jsonObject(with: encoded)
      let differences = JSONComparison.differences(actual, example.answer)
      #expect(differences.isEmpty, "\(example.name): \(differences.joined(separator: "; "))")
      // The members an answer reads are the ones it writes, which the comparison holds to the
      // contract's names.
      #expect(roundTrips, "\(example.name)")
    }
  }

  @Test("every endpoint of the route table has examples")
  func everyEndpointHasExamples() throws {
    let endpoints = Set(try GoldenExamples.loadSingle().map(\.endpoint))
    #expect(Set(LayoutAPI.operationPaths).isSubset(of: endpoints))
  }
}
