import Foundation
import LayoutCore
import LayoutJSON
import LayoutService
import LayoutTesting
import Testing

/// The contract's request models decoded by Foundation's `JSONDecoder` (through their
/// `init(from:)`) and read from the strict parser's objects (through `init(validating:)`) from
/// thousands of bodies made from `examples.json`: same accept/reject, same values, same
/// validation error (kind and JSON Pointer).
@Suite struct LayoutModelsDifferentialTests {
  enum Outcome: Equatable, CustomStringConvertible {
    case value(String)
    case notJSON
    case invalid(kind: String, pointer: String)
    case other(String)

    var description: String {
      switch self {
      case .value(let text): "value \(text)"
      case .notJSON: "not JSON"
      case .invalid(let kind, let pointer): "\(kind) at \"\(pointer)\""
      case .other(let text): "other \(text)"
      }
    }

    init(_ error: any Error) {
      switch error {
      case is JSONSyntaxError:
        self = .notJSON
      case let error as LayoutValidationError:
        self = .invalid(kind: error.kind.rawValue, pointer: error.pointer)
      case DecodingError.dataCorrupted(let context)
      where context.debugDescription == "The given data was not valid JSON.":
        self = .notJSON
      case let error as DecodingError:
        let validation = LayoutValidationError(error)
        self = .invalid(kind: validation.kind.rawValue, pointer: validation.pointer)
      default:
        self = .other("\(error)")
      }
    }
  }

  /// The ways a request model is read from bytes.
  enum Reader: CaseIterable {
    /// Foundation's `JSONDecoder`: the reference.
    case foundation
    /// `JSONDocument.withParsed` and the models' `init(validating:)`: the service's fast path.
    case fastObject
  }

  static func decode<Request: ValidatingDecodable>(
    _ request: Request.Type, _ body: [UInt8], reader: Reader
  ) -> Outcome {
    do {
      let value: Request
      switch reader {
      case .foundation: value = try JSONDecoder().decode(Request.self, from: Data(body))
      case .fastObject:
        value = try body.withUnsafeBytes { bytes in
          try JSONDocument.withParsed(bytes) { try Request(validating: $0) }
        }
      }
      return .value(String(describing: value))
    } catch {
      return Outcome(error)
    }
  }

  /// The fast reader's outcome, and a description of its difference from Foundation's.
  static func compare<Request: ValidatingDecodable>(
    _ request: Request.Type, _ body: [UInt8]
  ) -> (Outcome, String?) {
    let expected = decode(request, body, reader: .foundation)
    let actual = decode(request, body, reader: .fastObject)
    guard expected == actual else {
      return (actual, "Foundation \(expected), fast \(actual)\n\(String(decoding: body, as: UTF8.self))")
    }
    return (actual, nil)
  }

  @Test(arguments: ExampleBodyGenerator.Mutation.allCases)
  func requestsDecodeAlike(mutation: ExampleBodyGenerator.Mutation) throws {
    let examples = try GoldenExamples.loadSingle()
    try #require(!examples.isEmpty)
    var generator = ExampleBodyGenerator(
      rng: SplitMix64(seed: UInt64(ExampleBodyGenerator.Mutation.allCases.firstIndex(of: mutation)!) + 1)
    )
    var failures: [String] = []
    var values = 0
    var errors = 0
    for round in 0..<40 {
      for example in examples {
        let request = try JSONSerialization.jsonObject(with: example.request)
        let (body, _) = generator.body(from: request, mutation: mutation)
        let (outcome, failure) = Self.compare(requestType(of: example.endpoint), body)
        if let failure { failures.append("\(example.name) round \(round): \(failure)") }
        if case .value = outcome { values += 1 } else { errors += 1 }
      }
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) differences, first: \(failures.prefix(3).joined(separator: "\n\n"))")
    switch mutation {
    case .none, .unknownMember: #expect(errors == 0, "the examples are valid requests")
    default: #expect(errors > 0, "\(mutation) produces some rejections")
    }
  }

  @Test func truncatedRequestsAreRejectedByBoth() throws {
    for example in try GoldenExamples.loadSingle().prefix(6) {
      let body = [UInt8](example.request)
      for length in 0..<body.count {
        let prefix = Array(body[..<length])
        let (outcome, failure) = Self.compare(AvoidRequest.self, prefix)
        #expect(failure == nil && outcome == .notJSON, "\(example.name) at \(length): \(failure ?? "")")
      }
    }
  }
}
