import Foundation
import HTTPTesting
import Posix
import Synchronization
import Testing

/// Access keys in the real `layoutd` process: refused files at start, keys rotated by SIGHUP or by
/// a new file while requests keep coming, a broken file that changes nothing, and unauthenticated
/// uploads that cost no memory.
@Suite("Access keys: the process", .serialized, .tags(.threads))
struct AccessKeyProcessTests {
  static let steadyKey = "steady-0123456789abcdefghijklmnopqrstuvwxyz"
  static let oldKey = "old-key-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
  static let newKey = "new-key-ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210"

  /// A file of keys in a folder of its own, replaced the way Kubernetes replaces a mounted Secret:
  /// written beside it, then renamed over it.
  final class KeyFile {
    let folder: URL
    var path: String { folder.appendingPathComponent("keys.txt").path }

    init(_ text: String) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-keys-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try replace(with: text)
    }

    func replace(with text: String) throws {
      let next = folder.appendingPathComponent(".next")
      try Data(text.utf8).write(to: next)
      #expect(rename(next.path, path) == 0)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
  }

  static func status(port: Int, key: String?) throws -> Int {
    var headers = jsonContentType
    if let key { headers.append(("Authorization", "Bearer \(key)")) }
    return try HTTPTestClient(port: port).post("/avoid", ErrorTests.valid, headers: headers).status
  }

  static func start(_ file: KeyFile) throws -> (LayoutdProcess, Int) {
    let layoutd = try LayoutdProcess(["--port", "0", "--log-format", "off", "--api-keys", file.path])
    return (layoutd, try layoutd.waitForPort())
  }

  @Test(arguments: [
    ("ci \(oldKey)\nweb short-key\n", 2, "the key of web is shorter than 32 characters"),
    ("# keys\nci \(oldKey)\nCI \(newKey)\n", 3, "the name must be 1 to 64 of a-z, 0-9 and -"),
    ("ci \(oldKey)\nweb \(oldKey)\n", 2, "the key of web is also the key of ci"),
  ])
  func aFaultyFileStopsTheStartWithExitCode2NamingTheLineAndNoKey(
    text: String, line: Int, reason: String
  ) throws {
    let file = try KeyFile(text)
    let layoutd = try LayoutdProcess(["--port", "0", "--api-keys", file.path])
    #expect(layoutd.waitForExit() == 2)
    let stderr = layoutd.stderr
    #expect(stderr.contains("--api-keys: \(file.path):\(line): \(reason)\n"), "\(stderr)")
    #expect(!stderr.contains("listening on"))
    for key in [Self.oldKey, Self.newKey, "short-key"] { #expect(!stderr.contains(key)) }
  }

  @Test func aMissingFileStopsTheStartAndTheEnvironmentNamesTheFileAsTheFlagDoes() throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-keys-\(UUID())").path
    let layoutd = try LayoutdProcess(["--port", "0"], environment: ["LAYOUTD_API_KEYS": missing])
    #expect(layoutd.waitForExit() == 2)
    #expect(layoutd.stderr.contains("--api-keys: \(missing): cannot be read"), "\(layoutd.stderr)")
  }

  @Test(.timeLimit(.minutes(3)))
  func keysRotatedBySIGHUPWhileRequestsComeBreakNoRequest() throws {
    let file = try KeyFile("steady \(Self.steadyKey)\nold \(Self.oldKey)\n")
    let (layoutd, port) = try Self.start(file)
    #expect(layoutd.stderr.contains("2 access keys in force from \(file.path): steady, old"))

    // Two clients keep sending with the key every version of the file holds.
    let stop = Atomic(false)
    // A pthread mutex (`Locked`), which ThreadSanitizer sees: `Mutex` it does not.
    let statuses = Locked<[Int: Int]>([:])
    let ended = (0..<2).map { _ in DispatchSemaphore(value: 0) }
    for end in ended {
      Thread {
        defer { end.signal() }
        guard let client = try? HTTPTestClient(port: port) else { return }
        while !stop.load(ordering: .acquiring) {
          let answer = try? client.post(
            "/avoid", ErrorTests.valid, headers: AccessKeyFixtures.bearer(Self.steadyKey))
          statuses.withLock { $0[answer?.status ?? 0, default: 0] += 1 }
        }
      }.start()
    }

    for round in 0..<6 {
      let (gone, coming) = round.isMultiple(of: 2) ? (Self.oldKey, Self.newKey) : (Self.newKey, Self.oldKey)
      try file.replace(with: "steady \(Self.steadyKey)\nrotated \(coming)\n")
      layoutd.signal(SIGHUP)
      #expect(waitUntil(seconds: 20) { (try? Self.status(port: port, key: coming)) == 200 })
      #expect(try Self.status(port: port, key: gone) == 401)
    }
    stop.store(true, ordering: .releasing)
    for end in ended { #expect(end.wait(timeout: .now() + 30) == .success) }

    let seen = statuses.withLock { $0 }
    print("access keys: statuses of the requests sent through 6 rotations: \(seen)")
    #expect(seen.keys.sorted() == [200], "statuses under rotation: \(seen)")
    #expect(seen[200, default: 0] > 0)
    #expect(
      waitUntil(seconds: 20) {
        layoutd.stderr.contains("SIGHUP: 2 access keys in force from \(file.path): steady, rotated")
      })
    for key in [Self.steadyKey, Self.oldKey, Self.newKey] { #expect(!layoutd.stderr.contains(key)) }
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func aBrokenOrMissingFileOnReloadKeepsTheKeysInForce() throws {
    let file = try KeyFile("ci \(Self.oldKey)\n")
    let (layoutd, port) = try Self.start(file)

    try file.replace(with: "ci \(Self.oldKey)\nweb too-short\n")
    layoutd.signal(SIGHUP)
    #expect(
      waitUntil(seconds: 20) {
        layoutd.stderr.contains(
          "\(file.path):2: the key of web is shorter than 32 characters; the keys in force stay")
      }, "\(layoutd.stderr)")
    #expect(try Self.status(port: port, key: Self.oldKey) == 200)
    #expect(try Self.status(port: port, key: nil) == 401)

    try FileManager.default.removeItem(atPath: file.path)
    layoutd.signal(SIGHUP)
    #expect(
      waitUntil(seconds: 20) {
        layoutd.stderr.contains(
          "\(file.path): cannot be read: No such file or directory; the keys in force stay")
      }, "\(layoutd.stderr)")
    #expect(try Self.status(port: port, key: Self.oldKey) == 200)
    #expect(!layoutd.stderr.contains("too-short"))
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit() == 0)
  }

  @Test(.timeLimit(.minutes(2)))
  func aNewFileIsReadWithoutASignal() throws {
    let file = try KeyFile("ci \(Self.oldKey)\n")
    let (layoutd, port) = try Self.start(file)
    try file.replace(with: "ci \(Self.newKey)\n")
    // Looked at every 2 s: 20 s bound a failure only. The line is written once the keys are in force.
    #expect(
      waitUntil(seconds: 20) {
        layoutd.stderr.contains("\(file.path) changed: 1 access key in force from \(file.path): ci")
      }, "\(layoutd.stderr)")
    #expect(try Self.status(port: port, key: Self.newKey) == 200)
    #expect(try Self.status(port: port, key: Self.oldKey) == 401)
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit() == 0)
  }

  @Test(.timeLimit(.minutes(3)))
  func sixtyFourUnauthenticatedFullUploadsLeaveResidentMemoryFlat() throws {
    let file = try KeyFile("ci \(Self.oldKey)\n")
    let (layoutd, port) = try Self.start(file)
    let pid = layoutd.process.processIdentifier
    #expect(try Self.status(port: port, key: Self.oldKey) == 200)
    let before = try BatchMemoryTests.memory("VmRSS", pid)

    // Each client sends its headers, then as much of its 8 MiB body as the server takes.
    let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 10)
    let clients = try (0..<64).map { _ in try HTTPTestClient(port: port, timeout: 30) }
    for client in clients {
      try client.send("POST /avoid/batch HTTP/1.1\r\nHost: test\r\nContent-Length: \(8 << 20)\r\n\r\n")
    }
    for client in clients {
      for _ in 0..<128 where !client.sendMetClosedConnection { try client.send(chunk) }
      #expect(try client.readResponse().status == 401)
    }
    let after = try BatchMemoryTests.memory("VmRSS", pid)
    let peak = try BatchMemoryTests.memory("VmHWM", pid)
    print("access keys: VmRSS before \(before) kB, after 64 refused uploads \(after) kB, peak \(peak) kB")
    // 512 MiB were offered; a few MiB of connection memory and thread stacks at most were taken.
    #expect(peak - before < 16 * 1024, "VmRSS \(before) kB, then \(after) kB, peak \(peak) kB")
    #expect(try Self.status(port: port, key: Self.oldKey) == 200)
    layoutd.signal(SIGTERM)
    #expect(layoutd.waitForExit() == 0)
  }
}
