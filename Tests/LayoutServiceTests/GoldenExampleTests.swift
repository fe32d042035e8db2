import Foundation
import HTTPTesting
import LayoutService
import LayoutTesting
import Testing

@Suite("The contract's worked examples over HTTP")
struct GoldenExampleTests {
  @Test(arguments: RequestDecoder.allCases)
  func everyExampleGetsItsAnswer(decoder: RequestDecoder) throws {
    let examples = try GoldenExamples.load()
    #expect(examples.count >= 16)
    #expect(examples.contains { $0.endpoint == "/chat" })
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    for example in examples {
      let response = try fixture.post(
        example.endpoint, String(decoding: example.request, as: UTF8.self))
      #expect(response.status == 200, "\(example.name) (\(decoder))")
      #expect(response.headers["Content-Type"] == "application/json", "\(example.name)")
      let differences = JSONComparison.differences(try response.json(), example.answer)
      #expect(differences.isEmpty, "\(example.name) (\(decoder)): \(differences)")
    }
  }
}
