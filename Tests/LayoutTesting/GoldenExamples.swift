import Foundation

/// The contract's worked examples, `Tests/Fixtures/examples.json`: `{name, why, endpoint, request,
/// answer}`, each answer worked out by hand from the contract.
///
/// An example pins the members it lists: compare with `JSONComparison.differences`, which lets
/// an answer carry the members examples leave out (see `JSONComparison.unpinned`).
public enum GoldenExamples {
  /// One worked example.
  public struct Example: @unchecked Sendable {
    // @unchecked: `request` and `answer` are immutable JSONSerialization trees, never mutated
    // after loading.
    /// Its name, e.g. `translate-covered`.
    public let name: String
    /// The route it is posted to, e.g. `/avoid`.
    public let endpoint: String
    /// The request as JSON bytes.
    public let request: Data
    /// The request as a `JSONSerialization` object.
    public let requestObject: Any
    /// The answer as a `JSONSerialization` object.
    public let answer: Any

    /// Whether it is posted to a batch route: an endpoint's path followed by `/batch`, as the
    /// service names them.
    public var isBatch: Bool { endpoint.hasSuffix(GoldenExamples.batchSuffix) }
  }

  /// What follows an endpoint's path in its batch route's.
  public static let batchSuffix = "/batch"

  /// `Tests/Fixtures/examples.json` in this repository.
  public static var fixtureFile: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()
      .appendingPathComponent("../Fixtures/examples.json")
      .standardizedFileURL
  }

  /// Every example, in the file's order.
  public static func load(from url: URL = fixtureFile) throws -> [Example] {
    let list = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]] ?? []
    return try list.map { entry in
      let request = entry["request"] ?? [:]
      return Example(
        name: entry["name"] as? String ?? "?",
        endpoint: entry["endpoint"] as? String ?? "?",
        request: try JSONSerialization.data(withJSONObject: request, options: [.fragmentsAllowed]),
        requestObject: request,
        answer: entry["answer"] ?? [:])
    }
  }

  /// The examples of the single routes, not the batch routes (`Example.isBatch`).
  ///
  /// Which routes there are is the route table's to say: the service's suite
  /// (`LayoutServiceTests.GoldenExampleTests`) fails when an example names a route the table
  /// lacks, or an endpoint of the table has no example.
  public static func loadSingle() throws -> [Example] {
    try load().filter { !$0.isBatch }
  }

  /// Another copy of the worked examples to compare the fixtures with: the `examples.json` file
  /// that `$LAYOUTD_CONTRACT_EXAMPLES` names, when it is set (a maintainer refreshing the
  /// fixtures from the contract's source sets it); `nil` otherwise.
  public static var contractCopy: URL? {
    guard let path = ProcessInfo.processInfo.environment["LAYOUTD_CONTRACT_EXAMPLES"], !path.isEmpty
    else { return nil }
    return URL(fileURLWithPath: path)
  }

  /// The examples of one endpoint.
  public static func load(endpoint: String) throws -> [Example] {
    try load().filter { $0.endpoint == endpoint }
  }
}
