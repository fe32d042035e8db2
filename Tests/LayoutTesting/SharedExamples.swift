import Foundation

/// `examples.json` from the shared contract folder: `{name, why, endpoint, request, answer}`.
public enum SharedExamples {
  public struct Example: @unchecked Sendable {
    // @unchecked: `answer` is an immutable JSONSerialization tree, never mutated after loading.
    public let name: String
    public let endpoint: String
    /// The request as JSON bytes.
    public let request: Data
    /// The answer as a `JSONSerialization` object.
    public let answer: Any
  }

  /// The folder that holds `examples/examples.json`: `$LAYOUTD_SHARED`, or `shared` next to
  /// the package.
  public static var sharedFolder: URL {
    if let path = ProcessInfo.processInfo.environment["LAYOUTD_SHARED"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()
      .appendingPathComponent("../../../shared")
      .standardizedFileURL
  }

  public static func load() throws -> [Example] {
    let url = sharedFolder.appendingPathComponent("examples/examples.json")
    let list = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]] ?? []
    return try list.map { entry in
      Example(
        name: entry["name"] as? String ?? "?",
        endpoint: entry["endpoint"] as? String ?? "?",
        request: try JSONSerialization.data(withJSONObject: entry["request"] ?? [:]),
        answer: entry["answer"] ?? [:])
    }
  }
}
