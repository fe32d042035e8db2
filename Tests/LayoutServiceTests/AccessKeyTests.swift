import Foundation
import HTTPTesting
import LayoutTesting
import MicroHTTP
import Posix
import Synchronization
import Testing

@testable import LayoutService

/// Keys and bodies the access-key suites share.
enum AccessKeyFixtures {
  static let ciKey = "ci-runner-0123456789abcdefghijklmnopqrstuvwxyz"
  static let webKey = "WEB.app_key~with+all/the-characters0123456=="
  static let file = """
    # layoutd's access keys
    ci-runner \(ciKey)

    web-app\t\t\(webKey)\r
    """

  static var keys: AccessKeys {
    get throws { try AccessKeys(AccessKeyFile.parse(Array(file.utf8), path: "keys.txt"), path: "keys.txt") }
  }

  /// layoutd with the fixture's keys, reached by `transport`, its access log in `log`'s format.
  static func layoutd(
    transport: TestTransportKind = .engine, log: AccessLog? = nil, metrics: Bool = true
  ) throws -> any HTTPTestTransport {
    let options = LayoutdOptions.testing(metrics: metrics)
    return try transport.transport(
      to: options.layoutService(accessLog: log, accessKeys: try keys), configuration: options.server)
  }

  static func bearer(_ key: String) -> [(String, String)] {
    jsonContentType + [("Authorization", "Bearer \(key)")]
  }
}

@Suite("Access keys: the file")
struct AccessKeyFileTests {
  func parse(_ text: String) throws(AccessKeyFileError) -> [AccessKey] {
    try AccessKeyFile.parse(Array(text.utf8), path: "keys.txt")
  }

  @Test func namesAndKeysAreReadPastCommentsBlankLinesTabsAndCarriageReturns() throws {
    let keys = try parse(AccessKeyFixtures.file)
    #expect(keys.map(\.name) == ["ci-runner", "web-app"])
    #expect(
      keys.map { String(decoding: $0.key, as: UTF8.self) } == [
        AccessKeyFixtures.ciKey, AccessKeyFixtures.webKey,
      ])
    // A key never shows in a description.
    #expect(!keys.map(\.description).joined().contains(AccessKeyFixtures.ciKey))
  }

  @Test(arguments: [
    ("a b c d e f g h i j k l m n o p q r s t u v w x y z 0123", 1, "expected `NAME KEY`"),
    ("# only a comment\nlonely", 2, "expected `NAME KEY`"),
    ("CI \(AccessKeyFixtures.ciKey)", 1, "the name must be"),
    ("ci_runner \(AccessKeyFixtures.ciKey)", 1, "the name must be"),
    ("\(String(repeating: "n", count: 65)) \(AccessKeyFixtures.ciKey)", 1, "the name must be"),
    ("ci short-key-0123456789", 1, "shorter than 32"),
    ("ci \(String(repeating: "k", count: 31))", 1, "shorter than 32"),
    ("ci \(String(repeating: "k", count: 31))#", 1, "outside A-Z"),
    ("ci \(String(repeating: "k", count: 16))==\(String(repeating: "k", count: 16))", 1, "outside A-Z"),
    ("ci \(String(repeating: "k", count: 32))\nci \(String(repeating: "j", count: 32))", 2, "listed twice"),
    (
      "a \(String(repeating: "k", count: 32))\nb \(String(repeating: "k", count: 32))", 2, "also the key of a"
    ),
  ])
  func aFaultNamesTheFileAndTheLineAndNeverTheKey(text: String, line: Int, reason: String) throws {
    let error = try #require(throws: AccessKeyFileError.self) { try parse(text) }
    #expect(error.path == "keys.txt" && error.line == line, "\(error)")
    #expect(error.description.hasPrefix("keys.txt:\(line): "))
    #expect(error.reason.contains(reason), "\(error)")
    #expect(!error.description.contains(String(repeating: "k", count: 16)), "\(error)")
  }

  @Test func aFileWithoutAKeyIsRefused() throws {
    let error = try #require(throws: AccessKeyFileError.self) { try parse("# nothing\n\n") }
    #expect(error.description == "keys.txt: lists no key")
  }

  @Test func aFileThatCannotBeReadNamesItself() throws {
    let error = try #require(throws: AccessKeyFileError.self) {
      try AccessKeyFile.read("/nonexistent/layoutd-keys")
    }
    #expect(error.description.hasPrefix("/nonexistent/layoutd-keys: cannot be read"))
  }

  @Test func theTokenAlphabetIsRFC6750s() {
    #expect(AccessKeyFile.isToken(Array("AZaz09-._~+/==".utf8)))
    #expect(!AccessKeyFile.isToken(Array("a=b".utf8)))
    #expect(!AccessKeyFile.isToken(Array("==".utf8)))
    #expect(!AccessKeyFile.isToken(Array("a b".utf8)))
    #expect(!AccessKeyFile.isToken(Array("a,b".utf8)))
  }

  /// A token whose every byte read is counted.
  /// Bytes that note every offset `differs` reads, a word or a byte.
  struct CountingBytes: ComparedBytes {
    let bytes: [UInt8]
    let reads: Locked<[String]>
    var count: Int { bytes.count }
    func word(at offset: Int) -> UInt64 {
      reads.withLock { $0.append("word \(offset)") }
      return bytes.withUnsafeBufferPointer { $0.word(at: offset) }
    }
    func byte(at offset: Int) -> UInt8 {
      reads.withLock { $0.append("byte \(offset)") }
      return bytes[offset]
    }
  }

  @Test func aKeyIsComparedInTheSameStepsWhereverAGuessDiffers() {
    let key = Array(AccessKeyFixtures.ciKey.utf8)
    func reads(_ token: [UInt8]) -> (differs: Bool, reads: [String]) {
      let counting = CountingBytes(bytes: token, reads: Locked([]))
      let differs = key.withUnsafeBufferPointer { AccessKeys.differs($0, counting) }
      return (differs, counting.reads.withLock { $0 })
    }
    let right = reads(key)
    #expect(!right.differs)
    // Every byte of the key is read: whole words, and the last eight bytes as a word of their own
    // (the key's length is not a multiple of 8).
    #expect(key.count % 8 != 0)
    let words = key.count / 8
    #expect(right.reads == (0..<words).map { "word \($0 * 8)" } + ["word \(key.count - 8)"])
    for place in [0, 7, 8, key.count / 2, key.count - 1] {
      for flip: UInt8 in [1, 0x80] {
        var wrong = key
        wrong[place] ^= flip
        let guessed = reads(wrong)
        #expect(guessed.differs, "a guess wrong at \(place) only")
        // The same reads, whatever the first difference.
        #expect(guessed.reads == right.reads)
      }
    }
    // A guess of another length differs without a read: lengths are no secret.
    #expect(reads(Array(key.dropLast())) == (true, []))
    #expect(reads(key + [UInt8(ascii: "x")]) == (true, []))
    #expect(reads([]) == (true, []))
  }

  @Test func bytesOfEveryLengthDifferExactlyWhereTheyDiffer() {
    // Below 8 bytes one at a time; from 8, words and the last eight bytes as one.
    for length in 1...41 {
      let key = (0..<length).map { UInt8(ascii: "A") + UInt8($0 % 26) }
      func differs(_ token: [UInt8]) -> Bool {
        key.withUnsafeBufferPointer { key in token.withUnsafeBufferPointer { AccessKeys.differs(key, $0) } }
      }
      #expect(!differs(key), "\(length) bytes")
      for place in 0..<length {
        var wrong = key
        wrong[place] ^= 0x20
        #expect(differs(wrong), "\(length) bytes, wrong at \(place)")
      }
    }
  }

  @Test func aKeyOfAnyLengthIsFoundAndAGuessOneByteOffIsNot() throws {
    // 32 bytes (the shortest), 40 (a multiple of 8) and 47: the hash reads the last eight bytes
    // as a word of their own when the length is not a multiple of 8.
    let texts = [32, 40, 47].map { length in
      String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
    }
    let file = zip(["short", "even", "odd"], texts).map { "\($0) \($1)" }.joined(separator: "\n")
    let keys = AccessKeys(try AccessKeyFile.parse(Array(file.utf8), path: "keys.txt"))
    for (name, text) in zip(["short", "even", "odd"], texts) {
      var bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBufferPointer { keys.name(of: $0) } == name)
      bytes[bytes.count - 1] = UInt8(ascii: "Z")
      #expect(bytes.withUnsafeBufferPointer { keys.name(of: $0) } == nil, "\(name), its last byte wrong")
      bytes.removeLast()
      #expect(bytes.withUnsafeBufferPointer { keys.name(of: $0) } == nil, "\(name), one byte short")
    }
  }
}

/// Lookups on several threads while the file is read again: each finds the keys of one reading
/// or the other, and a key in both is always found.
@Suite("Access keys: reloaded while looked up", .tags(.threads))
struct AccessKeyReloadTests {
  static let steady = "steady-0123456789abcdefghijklmnopqrstuvwxyz"
  static let first = "first-0123456789abcdefghijklmnopqrstuvwxyz"
  static let second = "second-0123456789abcdefghijklmnopqrstuvwxyz"

  @Test func aKeyInEveryReadingIsFoundThroughEveryReload() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-reload-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("keys.txt").path
    func write(_ rotating: String, _ key: String) throws {
      try Data("steady \(Self.steady)\n\(rotating) \(key)\n".utf8).write(to: URL(fileURLWithPath: path))
    }
    try write("first", Self.first)
    let keys = try AccessKeys(path: path)
    let lookups = Lookups(keys)
    let first = PosixThread(lookups.run)
    let second = PosixThread(lookups.run)
    let third = PosixThread(lookups.run)
    // The reloads start once every thread is looking keys up.
    while lookups.running.load(ordering: .acquiring) < 3 { sched_yield() }
    for reload in 0..<200 {
      try write(
        reload.isMultiple(of: 2) ? "second" : "first", reload.isMultiple(of: 2) ? Self.second : Self.first)
      try keys.reload()
    }
    lookups.done.store(true, ordering: .releasing)
    first.join()
    second.join()
    third.join()
    #expect(lookups.wrong.withLock { $0 } == [])
    // The last reading is in force.
    #expect(keys.names == ["steady", "first"])
  }

  /// Threads that look the three keys up until `done`, noting what they found that no reading has.
  final class Lookups: Sendable {
    let keys: AccessKeys
    let running = Atomic<Int>(0)
    let done = Atomic<Bool>(false)
    let wrong = Locked<[String]>([])

    init(_ keys: AccessKeys) { self.keys = keys }

    @Sendable func run() {
      func name(_ key: String) -> String? {
        var key = key
        return key.withUTF8 { keys.name(of: $0) }
      }
      running.wrappingAdd(1, ordering: .releasing)
      while !done.load(ordering: .acquiring) {
        let found = (
          name(AccessKeyReloadTests.steady), name(AccessKeyReloadTests.first),
          name(AccessKeyReloadTests.second)
        )
        if found.0 != "steady" || ![nil, "first"].contains(found.1) || ![nil, "second"].contains(found.2) {
          wrong.withLock { $0.append("\(found)") }
        }
      }
    }
  }
}

@Suite("Access keys: who may call", .tags(.threads))
struct AccessKeyGateTests {
  /// Every route that needs a key: each computing endpoint, single and batch, and `/metrics`.
  static var protectedRoutes: [(method: String, path: String)] {
    LayoutAPI.operationPaths.flatMap { [("POST", $0), ("POST", $0 + "/batch")] } + [("GET", "/metrics")]
  }

  @Test(arguments: TestTransportKind.allCases)
  func everyProtectedRouteNeedsAKeyAndTheOthersStayOpen(transport: TestTransportKind) throws {
    let fixture = try AccessKeyFixtures.layoutd(transport: transport)
    for (method, path) in Self.protectedRoutes {
      let refused = try fixture.request(
        method: method, path: path, headers: jsonContentType, body: Array("{}".utf8))
      #expect(refused.status == 401, "\(method) \(path)")
      let body = method == "POST" ? Array((path.hasSuffix("/batch") ? "[]" : ErrorTests.valid).utf8) : nil
      let admitted = try fixture.request(
        method: method, path: path, headers: AccessKeyFixtures.bearer(AccessKeyFixtures.webKey), body: body)
      #expect(admitted.status != 401, "\(method) \(path) with a key")
    }
    // A wrong method on a protected route is refused too: the route, not the method, needs a key.
    #expect(try fixture.request(method: "GET", path: "/avoid", headers: [], body: nil).status == 401)
    for path in ["/healthz", "/readyz", "/", "/layoutd.js", "/layoutd.d.ts", "/openapi.yaml"] {
      #expect(try fixture.request(method: "GET", path: path, headers: [], body: nil).status == 200, "\(path)")
    }
    for path in LayoutAPI.operationPaths {
      let preflight = try fixture.request(
        method: "OPTIONS", path: path,
        headers: [("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST")], body: nil)
      #expect(preflight.status == 204, "OPTIONS \(path)")
      #expect(preflight.headers["Access-Control-Allow-Headers"]?.contains("Authorization") == true)
    }
    // A path without a route is the router's 404, key or not.
    #expect(try fixture.request(method: "POST", path: "/nowhere", headers: [], body: nil).status == 404)
  }

  @Test func theRefusalIsAProblemWithABearerChallenge() throws {
    let fixture = try AccessKeyFixtures.layoutd()
    let missing = try fixture.post("/avoid", ErrorTests.valid)
    #expect(missing.status == 401)
    #expect(missing.headers["Content-Type"] == "application/problem+json")
    #expect(missing.headers["WWW-Authenticate"] == #"Bearer realm="layoutd""#)
    let problem = try missing.jsonObject()
    #expect(problem["type"] as? String == "urn:layoutd:problem:unauthorized")
    #expect(problem["status"] as? Int == 401)
    #expect(problem["title"] as? String == "Unauthorized")
    for header in [
      "Bearer not-a-key-in-force-0123456789abcdefghij", "Bearer", "Bearer ",
      "bearer \(AccessKeyFixtures.ciKey)x",
      "Bearer \(AccessKeyFixtures.ciKey.dropLast())", "Bearer a,b",
    ] {
      let invalid = try fixture.post(
        "/avoid", ErrorTests.valid, headers: jsonContentType + [("Authorization", header)])
      #expect(invalid.status == 401, "\(header)")
      #expect(
        invalid.headers["WWW-Authenticate"] == #"Bearer realm="layoutd", error="invalid_token""#, "\(header)")
    }
    // Another scheme sends no bearer key: the plain challenge.
    let basic = try fixture.post(
      "/avoid", ErrorTests.valid, headers: jsonContentType + [("Authorization", "Basic dXNlcjpwYXNz")])
    #expect(basic.status == 401 && basic.headers["WWW-Authenticate"] == #"Bearer realm="layoutd""#)
  }

  @Test func theSchemeIsReadInAnyCaseAndTheAnswerIsTheOneWithoutKeys() throws {
    let fixture = try AccessKeyFixtures.layoutd()
    let open = HTTPTestService.layoutd()
    let expected = try open.post("/avoid", ErrorTests.valid)
    for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
      for key in [AccessKeyFixtures.ciKey, AccessKeyFixtures.webKey] {
        let admitted = try fixture.post(
          "/avoid", ErrorTests.valid, headers: jsonContentType + [("Authorization", "\(scheme)  \(key)")])
        #expect(admitted.status == 200, "\(scheme)")
        #expect(admitted.body == expected.body)
      }
    }
  }

  @Test func twoAuthorizationFieldsAreRefused() throws {
    let fixture = try AccessKeyFixtures.layoutd()
    let response = try fixture.post(
      "/avoid", ErrorTests.valid,
      headers: AccessKeyFixtures.bearer(AccessKeyFixtures.ciKey) + [
        ("Authorization", "Bearer \(AccessKeyFixtures.webKey)")
      ])
    #expect(response.status == 401)
    #expect(response.headers["WWW-Authenticate"]?.contains("invalid_token") == true)
  }

  @Test func aBrowsersRefusalCarriesTheCORSHeaders() throws {
    let fixture = try AccessKeyFixtures.layoutd()
    let refused = try fixture.post(
      "/avoid", ErrorTests.valid, headers: jsonContentType + [("Origin", "https://app.example")])
    #expect(refused.status == 401)
    #expect(refused.headers["Access-Control-Allow-Origin"] == "*")
  }

  @Test func withoutKeysPreflightsAndMetricsAreAsBefore() throws {
    let open = HTTPTestService.layoutd()
    let preflight = open.request(
      method: "OPTIONS", path: "/avoid",
      headers: [("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST")])
    #expect(preflight.headers["Access-Control-Allow-Headers"]?.contains("Authorization") == false)
    #expect(
      open.request(path: "/metrics").bodyString.contains("layoutd_unauthorized_requests_total") == false)
    #expect(try open.post("/avoid", ErrorTests.valid).status == 200)
  }

  @Test func refusalsAreCountedForTheMetrics() throws {
    let fixture = try AccessKeyFixtures.layoutd()
    for _ in 0..<3 { _ = try fixture.post("/avoid", ErrorTests.valid) }
    _ = try fixture.post(
      "/avoid", ErrorTests.valid, headers: AccessKeyFixtures.bearer("wrong-but-long-enough-0123456789abcdef"))
    _ = try fixture.post(
      "/avoid", ErrorTests.valid, headers: AccessKeyFixtures.bearer(AccessKeyFixtures.ciKey))
    let metrics = try fixture.request(
      method: "GET", path: "/metrics", headers: AccessKeyFixtures.bearer(AccessKeyFixtures.ciKey), body: nil)
    #expect(metrics.bodyString.contains("\nlayoutd_unauthorized_requests_total 4\n"), "\(metrics.bodyString)")
  }

  @Test(arguments: [AccessLog.Format.json, .text])
  func theAccessLogNamesTheKeyAndNeverShowsIt(format: AccessLog.Format) throws {
    let (read, write) = try FileDescriptor.pipe()
    defer { read.close() }
    let log = AccessLog(format: format, descriptor: write)
    let fixture = try AccessKeyFixtures.layoutd(log: log)
    _ = try fixture.post(
      "/avoid", ErrorTests.valid, headers: AccessKeyFixtures.bearer(AccessKeyFixtures.webKey))
    _ = try fixture.post("/avoid", ErrorTests.valid)
    _ = try fixture.post(
      "/avoid", ErrorTests.valid, headers: AccessKeyFixtures.bearer("x" + AccessKeyFixtures.ciKey))
    log.writer.close()
    write.close()
    let lines = String(decoding: try read.readToEnd(), as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    for line in lines {
      #expect(!line.contains(AccessKeyFixtures.webKey) && !line.contains(AccessKeyFixtures.ciKey), "\(line)")
    }
    switch format {
    case .json:
      let objects = try lines.map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      #expect(objects[0]["key"] as? String == "web-app" && objects[0]["status"] as? Int == 200)
      #expect(objects[1]["key"] == nil && objects[1]["unauthorized"] as? String == "missing")
      #expect(objects[2]["key"] == nil && objects[2]["unauthorized"] as? String == "invalid")
    default:
      #expect(lines[0].contains(" 200 ") && lines[0].contains(" key=web-app"))
      #expect(lines[1].contains(" 401 ") && lines[1].contains(" unauthorized=missing"))
      #expect(lines[2].contains(" unauthorized=invalid") && !lines[2].contains(" key="))
    }
  }
}

extension FileDescriptor {
  /// Everything left to read, up to its end.
  fileprivate func readToEnd() throws -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = try chunk.withUnsafeMutableBytes { try read(into: $0) }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }
}

@Suite("Access keys: refused before the body", .tags(.threads))
struct AccessKeyBeforeBodyTests {
  static func server() throws -> HTTPTestServer {
    let options = LayoutdOptions.testing()
    return try HTTPTestServer(
      serving: options.layoutService(accessKeys: try AccessKeyFixtures.keys), configuration: options.server)
  }

  @Test func anUnauthenticatedUploadIsAnsweredBeforeTheRestOfItsBody() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try server.client()
    try client.send(
      "POST /avoid/batch HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 8000000\r\n\r\n"
    )
    try client.send("[" + String(repeating: ErrorTests.valid + ",", count: 20))
    let response = try client.readResponse()
    #expect(response.status == 401)
    #expect(response.headers["Connection"] == "close")
    #expect(client.isClosedByServer())
    #expect(server.gauges.heldBodyBytes == 0)
  }

  @Test func aRequestWithoutHostIsA400BeforeAnyKeyIsAskedFor() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try server.client()
    try client.send(
      "POST /avoid HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(ErrorTests.valid.utf8.count)\r\n\r\n"
        + ErrorTests.valid)
    let response = try client.readResponse()
    // RFC 9112 §3.2: a request without `Host` is refused whoever sends it.
    #expect(response.status == 400)
    #expect(response.headers["WWW-Authenticate"] == nil)
  }

  @Test func aClientWaitingFor100ContinueGetsThe401() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try server.client()
    try client.send(
      "POST /avoid/batch HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 8000000\r\n\r\n")
    let response = try client.readResponse()
    #expect(response.status == 401)
    #expect(client.isClosedByServer())
  }

  @Test func sixtyFourUnauthenticatedUploadsAtOnceHoldNoBody() throws {
    let server = try Self.server()
    defer { server.stop() }
    let clients = try (0..<64).map { _ in try server.client() }
    for client in clients {
      try client.send("POST /avoid/batch HTTP/1.1\r\nHost: test\r\nContent-Length: 8000000\r\n\r\n")
      try client.send(String(repeating: " ", count: 4096))
    }
    for client in clients { #expect(try client.readResponse().status == 401) }
    // Nothing of any body was ever taken from the body budget.
    #expect(server.gauges.heldBodyBytes == 0)
    #expect(server.gauges.bodyMemoryRefusalCount == 0)
    // A request with a key is answered as ever.
    let admitted = try server.client().post(
      "/avoid", ErrorTests.valid, headers: AccessKeyFixtures.bearer(AccessKeyFixtures.ciKey))
    #expect(admitted.status == 200)
  }
}
