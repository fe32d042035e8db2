import Foundation
import HTTPTesting
import Testing

/// The body budget (`--max-body-memory`), against the real `layoutd` process: held batch bodies
/// over it are refused with 503 and `Retry-After` while small requests are served, the budget
/// comes back when bodies complete or their clients leave, and resident memory stays bounded.
@Suite("Body memory", .serialized)
struct BodyMemoryTests {
  /// A valid batch of one `/avoid` request, padded with whitespace to `size` bytes.
  static func batch(size: Int) -> [UInt8] {
    let item = Array("[\(ErrorTests.valid)".utf8)
    return item + [UInt8](repeating: UInt8(ascii: " "), count: size - item.count - 1) + [UInt8(ascii: "]")]
  }

  /// The request line and headers of a batch of `size` bytes.
  static func head(size: Int, chunked: Bool = false) -> [UInt8] {
    let framing = chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(size)"
    return Array(
      "POST /avoid/batch HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\(framing)\r\n\r\n".utf8)
  }

  /// The value of an unlabelled sample in `/metrics`.
  static func sample(_ name: String, port: Int) throws -> Double? {
    let text = try HTTPTestClient(port: port).request(path: "/metrics").bodyString
    let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
    return line.flatMap { Double($0.split(separator: " ")[1]) }
  }

  /// Waits until the sample `name` equals `value`.
  static func waitFor(_ name: String, _ value: Double, port: Int) throws -> Bool {
    try waitUntil(seconds: 20) { try sample(name, port: port) == value }
  }

  static func avoidIsServed(port: Int) throws -> Bool {
    let response = try HTTPTestClient(port: port).request(
      method: "POST", path: "/avoid", headers: [("Content-Type", "application/json")], body: ErrorTests.valid)
    return response.status == 200
  }

  @Test(.timeLimit(.minutes(2)))
  func heldBatchesOverTheBudgetAre503WhileSmallRequestsAreServed() throws {
    let budget = 6 << 20
    let layoutd = try LayoutdProcess([
      "--port", "0", "--log-format", "off", "--max-body-memory", "\(budget)", "--max-batch-bytes",
      "\(3 << 20)",
    ])
    let port = try layoutd.waitForPort()
    let pid = layoutd.process.processIdentifier
    let before = try ResilienceTests.residentKilobytes(pid)
    // Batches may take seven eighths of the budget (5.25 MiB), each its body and half as much
    // again for its answer: two of 1.5 MB fit, a third does not.
    let size = 1_500_000
    let body = Self.batch(size: size)
    var held: [HTTPTestClient] = []
    for index in 1...2 {
      let client = try HTTPTestClient(port: port, timeout: 20)
      try client.send(Self.head(size: size))
      #expect(try Self.waitFor("layoutd_http_body_memory_bytes", Double(index * size * 3 / 2), port: port))
      try client.send(Array(body.dropLast(100)))
      held.append(client)
    }
    let refused = try HTTPTestClient(port: port, timeout: 20)
    try refused.send(Self.head(size: size))
    let answer = try refused.readResponse()
    #expect(answer.status == 503)
    #expect(answer.headers["Retry-After"] == "1")
    #expect(answer.headers["Content-Type"] == "application/problem+json")
    #expect(answer.headers["Connection"]?.lowercased() == "close")
    #expect(refused.isClosedByServer())
    #expect(try Self.sample("layoutd_http_body_memory_refusals_total", port: port) == 1)
    // Small requests draw on the reserve the batches cannot take.
    for _ in 0..<20 { #expect(try Self.avoidIsServed(port: port)) }
    let during = try ResilienceTests.residentKilobytes(pid)
    #expect(during - before < budget / 1024 + 24 * 1024, "VmRSS grew from \(before) kB to \(during) kB")

    // One held body completes, the other client leaves: the budget comes back whole.
    try held[0].send(Array(body.suffix(100)))
    let completed = try held[0].readResponse()
    #expect(completed.status == 200)
    #expect(completed.bodyString.hasPrefix(#"[{"mode":"translate""#))
    held[1].close()
    #expect(try Self.waitFor("layoutd_http_body_memory_bytes", 0, port: port))
    let again = try HTTPTestClient(port: port, timeout: 20).request(
      method: "POST", path: "/avoid/batch", headers: [("Content-Type", "application/json")], body: body)
    #expect(again.status == 200)
    // The answered client's connection is idle, and the drain waits for an idle connection until
    // its idle timeout (10 s, near the 15 s this test waits for the exit): it leaves first.
    held[0].close()
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func aChunkedBodyCrossingTheBudgetGets503AndItsConnectionCloses() throws {
    let layoutd = try LayoutdProcess([
      "--port", "0", "--log-format", "off", "--max-body-memory", "\(4 << 20)", "--max-batch-bytes",
      "\(8 << 20)",
    ])
    let port = try layoutd.waitForPort()
    let client = try HTTPTestClient(port: port, timeout: 20)
    try client.send(Self.head(size: 0, chunked: true))
    // 4 MB in 256 KB chunks: the batches' share of the budget is 3.5 MB.
    let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 256 << 10)
    for _ in 0..<16 {
      try client.send(
        Array(String(chunk.count, radix: 16).utf8) + Array("\r\n".utf8) + chunk + Array("\r\n".utf8))
    }
    try client.send("0\r\n\r\n")
    let answer = try client.readResponse()
    #expect(answer.status == 503)
    #expect(answer.headers["Retry-After"] == "1")
    #expect(client.isClosedByServer())
    #expect(try Self.waitFor("layoutd_http_body_memory_bytes", 0, port: port))
    #expect(try Self.avoidIsServed(port: port))
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit() == 0)
  }
}
