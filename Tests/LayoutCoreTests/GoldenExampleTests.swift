import Foundation
import LayoutCore
import LayoutTesting
import Testing

/// The fixtures and the comparison the worked-example suites use (those suites run in
/// LayoutServiceTests, where the route table names each endpoint's types).
@Suite("The contract's worked examples")
struct GoldenExampleTests {
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
