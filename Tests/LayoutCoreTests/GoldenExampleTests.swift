import Foundation
import LayoutCore
import LayoutTesting
import Testing

@Suite("The contract's worked examples")
struct GoldenExampleTests {
  @Test("every example: decode the request, compute, encode the answer, compare as numbers")
  func examples() throws {
    let examples = try GoldenExamples.loadSingle()
    #expect(examples.count >= 43)
    for example in examples {
      let encoded: Data
      switch example.endpoint {
      case "/avoid":
        let request = try JSONDecoder().decode(AvoidRequest.self, from: example.request)
        encoded = try JSONEncoder().encode(avoid(request))
      case "/caret-follow":
        let request = try JSONDecoder().decode(CaretFollowRequest.self, from: example.request)
        encoded = try JSONEncoder().encode(caretFollow(request))
      case "/chat":
        let request = try JSONDecoder().decode(ChatRequest.self, from: example.request)
        encoded = try JSONEncoder().encode(chat(request))
      case "/sheet":
        let request = try JSONDecoder().decode(SheetRequest.self, from: example.request)
        encoded = try JSONEncoder().encode(sheet(request))
      default:
        Issue.record("\(example.name): unknown endpoint \(example.endpoint)")
        continue
      }
      let actual = try JSONSerialization.jsonObject(with: encoded)
      let differences = JSONComparison.differences(actual, example.answer)
      #expect(differences.isEmpty, "\(example.name): \(differences.joined(separator: "; "))")
    }
  }

  @Test("the fixtures equal the copy $LAYOUTD_CONTRACT_EXAMPLES names, when it is set")
  func fixturesMatchTheContractCopy() throws {
    guard let copy = GoldenExamples.contractCopy else { return }
    let fixtures = try JSONSerialization.jsonObject(with: Data(contentsOf: GoldenExamples.fixtureFile))
    let contract = try JSONSerialization.jsonObject(with: Data(contentsOf: copy))
    let differences = JSONComparison.differences(fixtures, contract, unpinned: [])
    #expect(differences.isEmpty, "Tests/Fixtures/examples.json: \(differences.prefix(5))")
  }

  @Test("the comparison itself tells numbers, booleans and key sets apart")
  func comparisonIsStrict() throws {
    func parse(_ json: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(json.utf8)) }
    #expect(JSONComparison.differences(try parse(#"{"a":246}"#), try parse(#"{"a":246.0}"#)).isEmpty)
    #expect(!JSONComparison.differences(try parse(#"{"a":1}"#), try parse(#"{"a":true}"#)).isEmpty)
    #expect(!JSONComparison.differences(try parse(#"{"a":1}"#), try parse(#"{"a":1,"b":2}"#)).isEmpty)
    #expect(!JSONComparison.differences(try parse(#"{"a":-246}"#), try parse(#"{"a":246}"#)).isEmpty)
    #expect(!JSONComparison.differences(try parse(#"{"a":1,"b":2}"#), try parse(#"{"a":1}"#)).isEmpty)
    #expect(JSONComparison.differences(try parse(#"{"a":1,"easing":"x"}"#), try parse(#"{"a":1}"#)).isEmpty)
    #expect(!JSONComparison.differences(try parse(#"{"a":0.1}"#), try parse(#"{"a":0.1000001}"#)).isEmpty)
  }
}
