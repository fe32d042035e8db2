import Foundation
import HTTPTesting
import LayoutService
import LayoutTesting
import Testing

extension GoldenExamples {
  /// The route table's computing endpoints, in its order: an example is posted to one of these
  /// or to its batch route (the path followed by `batchSuffix`).
  static let endpoints = LayoutAPI.operationPaths

  /// The routes the examples may name: each endpoint and its batch route.
  static var routes: Set<String> {
    Set(endpoints.flatMap { [$0, $0 + batchSuffix] })
  }
}

/// The contract's worked examples against the route table: every endpoint has examples, every
/// example names a route of the table, and each is answered as worked out, alone and in its
/// endpoint's batch.
@Suite("The contract's worked examples over HTTP")
struct GoldenExampleTests {
  @Test func everyEndpointOfTheRouteTableHasExamplesAndEveryExampleARouteOfIt() throws {
    let examples = try GoldenExamples.load()
    #expect(examples.count >= 16)
    #expect(GoldenExamples.endpoints.count >= 3)
    for example in examples {
      #expect(
        GoldenExamples.routes.contains(example.endpoint),
        "\(example.name) is posted to \(example.endpoint), which the route table does not have")
    }
    for endpoint in GoldenExamples.endpoints {
      #expect(examples.contains { $0.endpoint == endpoint }, "no worked example of \(endpoint)")
    }
  }

  /// Each endpoint's examples one by one, then the examples of its batch route as they are, over
  /// both transports: the engine without a server, and a connection.
  @Test(arguments: GoldenExamples.endpoints, RequestDecoder.allCases)
  func everyExampleGetsItsAnswer(endpoint: String, decoder: RequestDecoder) throws {
    let examples = try GoldenExamples.load()
    let routes = [endpoint, endpoint + GoldenExamples.batchSuffix]
    for transport in TestTransportKind.allCases {
      let fixture = try HTTPTestServer.layoutd(transport: transport, decoder: decoder)
      for example in examples where routes.contains(example.endpoint) {
        let response = try fixture.post(example.endpoint, String(decoding: example.request, as: UTF8.self))
        #expect(response.status == 200, "\(example.name) (\(decoder), \(transport))")
        #expect(response.headers["Content-Type"] == "application/json", "\(example.name)")
        let differences = JSONComparison.differences(try response.json(), example.answer)
        #expect(differences.isEmpty, "\(example.name) (\(decoder), \(transport)): \(differences)")
      }
    }
  }

  /// The endpoint's single examples sent together to its batch route: each element is its
  /// example's answer, in order.
  @Test(arguments: GoldenExamples.endpoints, RequestDecoder.allCases)
  func theExamplesOfAnEndpointAreAnsweredInItsBatch(endpoint: String, decoder: RequestDecoder) throws {
    let fixture = HTTPTestService.layoutd(decoder: decoder)
    let examples = try GoldenExamples.load(endpoint: endpoint)
    try #require(!examples.isEmpty, "no worked example of \(endpoint)")
    let batch =
      "[" + examples.map { String(decoding: $0.request, as: UTF8.self) }.joined(separator: ",") + "]"
    let response = try fixture.post(endpoint + GoldenExamples.batchSuffix, batch)
    #expect(response.status == 200, "\(endpoint) batch (\(decoder))")
    let elements = try #require(try response.json() as? [Any])
    try #require(elements.count == examples.count, "\(endpoint) batch (\(decoder))")
    for (element, example) in zip(elements, examples) {
      let differences = JSONComparison.differences(element, example.answer)
      #expect(differences.isEmpty, "\(example.name) in a batch (\(decoder)): \(differences)")
    }
  }
}
