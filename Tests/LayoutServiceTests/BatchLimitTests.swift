import Foundation
import HTTPTesting
import MicroHTTP
import Testing

@testable import LayoutService

/// What a batch may take (contract §9): its body (`--max-batch-bytes`), each item (the single
/// routes' `--max-body-bytes`, as the item alone would be refused), and its answer (the body
/// budget, `--max-body-memory`).
@Suite("Batch limits")
struct BatchLimitTests {
  @Test func theBatchRoutesHaveTheirOwnBodyLimit() throws {
    let fixture = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running(["--max-batch-bytes", "4096", "--max-body-bytes", "1024"]))
    let valid = BatchTests.avoidRequests(1)[0]
    // Over the single routes' limit, within the batch limit: answered.
    var items: [String] = []
    while ("[" + (items + [valid]).joined(separator: ",") + "]").utf8.count <= 4096 { items.append(valid) }
    let fits = "[" + items.joined(separator: ",") + "]"
    #expect(fits.utf8.count > 1024)
    #expect(try BatchTests.elements(try fixture.client().post("/avoid/batch", fits)).count == items.count)
    // One byte over the batch limit: 413, announced or chunked. A 413 closes its connection:
    // each of these gets its own.
    let over = fits + String(repeating: " ", count: 4097 - fits.utf8.count)
    let problem = try ErrorTests().expectProblem(try fixture.client().post("/avoid/batch", over), status: 413)
    #expect((problem["detail"] as? String)?.contains("4096") == true)
    let chunked = try fixture.client().request(
      method: "POST", path: "/caret-follow/batch",
      headers: [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
      body: Array("\(String(4097, radix: 16))\r\n\(over)\r\n0\r\n\r\n".utf8))
    #expect(chunked.status == 413)
    // The single route keeps the server's limit.
    let padded = valid + String(repeating: " ", count: 1025 - valid.utf8.count)
    _ = try ErrorTests().expectProblem(try fixture.client().post("/avoid", padded), status: 413)
    #expect(try fixture.client().post("/avoid", String(padded.dropLast())).status == 200)
  }

  @Test(arguments: RequestDecoder.allCases)
  func anItemLargerThanTheSingleRoutesLimitIs413AtItsIndexAndTheOthersAreAnswered(
    decoder: RequestDecoder
  ) throws {
    let fixture = try HTTPTestServer.layoutd(
      options: try LayoutdOptions.running(["--max-body-bytes", "1024"]), decoder: decoder)
    let valid = BatchTests.avoidRequests(1)[0]
    // The same request, padded inside with a member nobody reads: 1,025 bytes.
    let padding = String(repeating: "x", count: 1025 - valid.utf8.count - #","pad":"""#.utf8.count)
    let large = String(valid.dropLast()) + #","pad":"\#(padding)"}"#
    #expect(large.utf8.count == 1025)
    let elements = try BatchTests.elements(try fixture.post("/avoid/batch", "[\(valid), \(large),\(valid)]"))
    #expect(elements.count == 3)
    let problem = try #require(elements[1] as? [String: Any])
    #expect(problem["status"] as? Int == 413)
    #expect(problem["type"] as? String == "about:blank")
    #expect(problem["pointer"] as? String == "/1")
    // As the single route refuses it alone, on a connection; the items around it are answered
    // as alone.
    let alone = try fixture.client().post("/avoid", large)
    #expect(alone.status == 413)
    let single = try fixture.post("/avoid", valid).json()
    BatchTests.expectSame(elements[0], single, "item 0")
    BatchTests.expectSame(elements[2], single, "item 2")
    // One byte less is an item like any other.
    let fits = String(valid.dropLast()) + #","pad":"\#(padding.dropLast())"}"#
    let answered = try BatchTests.elements(try fixture.post("/avoid/batch", "[\(fits)]"))
    BatchTests.expectSame(answered[0], single, "the 1,024-byte item")
  }

  @Test func anAnswerTheBodyBudgetCannotHoldIs503WithRetryAfter() throws {
    // 60 requests of about 150 bytes whose answers carry 2,401 frames each: about 2 MB of answer
    // for a 9 KB body, past a 1 MiB budget.
    let item =
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":336,"#
      + #""field":{"x":20,"y":700,"width":350,"height":44},"animation":{"duration":10,"curve":0,"frameRate":240}}"#
    let body = "[" + Array(repeating: item, count: 60).joined(separator: ",") + "]"
    let fixture = try HTTPTestServer.layoutd { $0.maxBodyMemory = 1 << 20 }
    let refused = try fixture.client().post("/avoid/batch", body)
    #expect(refused.status == 503)
    #expect(refused.headers["Retry-After"] == "1")
    #expect(refused.headers["Content-Type"] == "application/problem+json")
    // What it took is given back: a batch whose answer fits is answered at once.
    let fits = "[" + Array(repeating: item, count: 3).joined(separator: ",") + "]"
    #expect(try BatchTests.elements(try fixture.client().post("/avoid/batch", fits)).count == 3)
    #expect(waitUntil { fixture.gauges.heldBodyBytes == 0 })
  }

  @Test func aBatchTheBudgetCouldNeverHoldIs413NotARetry() throws {
    // 1 MiB of budget, the default 8 MiB batch limit: a 750 KB batch and the room for its answer
    // (half again) pass the seven eighths batches may hold, even with nothing else held.
    let item =
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":336,"#
      + #""field":{"x":20,"y":700,"width":350,"height":44}}"#
    let large =
      "[" + Array(repeating: item, count: 5_000 * 150 / item.utf8.count).joined(separator: ",") + "]"
    #expect(large.utf8.count > 700_000)
    let fixture = try HTTPTestServer.layoutd { $0.maxBodyMemory = 1 << 20 }
    let refused = try fixture.client().post("/avoid/batch", large)
    #expect(refused.status == 413)
    #expect(refused.headers["Retry-After"] == nil)
    #expect(refused.bodyString.contains("larger than \((1 << 20) * 7 / 8 * 2 / 3) bytes"))
    // One it can hold is answered.
    let held = "[" + Array(repeating: item, count: 1_000).joined(separator: ",") + "]"
    #expect(try BatchTests.elements(try fixture.client().post("/avoid/batch", held)).count == 1_000)
  }

  @Test func theBatchLimitIsAFlagAndAnEnvironmentVariable() throws {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws -> LayoutdOptions {
      guard case .run(let options) = try LayoutdOptions.parse(arguments: arguments, environment: environment)
      else { throw LayoutdProcessError.noStartupLine("no options") }
      return options
    }
    #expect(try parse([]).service.maxBatchBytes == 8 << 20)
    #expect(try parse(["--max-batch-bytes", "1000"]).service.maxBatchBytes == 1000)
    #expect(try parse([], ["LAYOUTD_MAX_BATCH_BYTES": "2048"]).service.maxBatchBytes == 2048)
    #expect(
      try parse(["--max-batch-bytes=512"], ["LAYOUTD_MAX_BATCH_BYTES": "2048"]).service.maxBatchBytes == 512)
    #expect(throws: UsageError.self) { try parse(["--max-batch-bytes", "0"]) }
    #expect(throws: UsageError.self) { try parse([], ["LAYOUTD_MAX_BATCH_BYTES": "lots"]) }
    // The flag reaches the server: a batch one byte over it is refused.
    let fixture = try HTTPTestServer.layoutd(options: try parse(["--max-batch-bytes", "64"]))
    let body = "[" + String(repeating: " ", count: 62) + "]"
    #expect(try fixture.client().post("/avoid/batch", body).status == 200)
    #expect(try fixture.client().post("/avoid/batch", body + " ").status == 413)
  }
}
