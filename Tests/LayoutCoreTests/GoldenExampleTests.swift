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

  @Test("every example's answer decodes back from its encoding to the same answer")
  func answersRoundTrip() throws {
    /// Whether `answer`, encoded and decoded again, is `answer`: the members an answer decodes
    /// (`CodingKeys`) are the ones it writes, which the test above holds to the contract's names.
    func roundTrips<Answer: Codable & Equatable>(_ answer: Answer) throws -> Bool {
      try JSONDecoder().decode(Answer.self, from: JSONEncoder().encode(answer)) == answer
    }
    var checked = 0
    for example in try GoldenExamples.loadSingle() {
      let same: Bool
      switch example.endpoint {
      case "/avoid":
        same = try roundTrips(avoid(try JSONDecoder().decode(AvoidRequest.self, from: example.request)))
      case "/caret-follow":
        same = try roundTrips(
          caretFollow(try JSONDecoder().decode(CaretFollowRequest.self, from: example.request)))
      case "/chat":
        same = try roundTrips(chat(try JSONDecoder().decode(ChatRequest.self, from: example.request)))
      case "/sheet":
        same = try roundTrips(sheet(try JSONDecoder().decode(SheetRequest.self, from: example.request)))
      default:
        continue
      }
      #expect(same, "\(example.name)")
      checked += 1
    }
    #expect(checked >= 43)
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
