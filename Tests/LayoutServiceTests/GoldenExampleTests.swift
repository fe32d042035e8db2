import Foundation
import LayoutTesting
import Testing

@Suite("The contract's worked examples over HTTP")
struct GoldenExampleTests {
  @Test func everyExampleGetsItsAnswer() throws {
    let examples = try GoldenExamples.load()
    #expect(examples.count >= 16)
    let fixture = try ServiceFixture()
    for example in examples {
      let response = try fixture.post(
        example.endpoint, String(decoding: example.request, as: UTF8.self))
      #expect(response.status == 200, "\(example.name)")
      #expect(response.headers["Content-Type"] == "application/json", "\(example.name)")
      let differences = JSONComparison.differences(try response.json(), example.answer)
      #expect(differences.isEmpty, "\(example.name): \(differences)")
    }
  }
}
