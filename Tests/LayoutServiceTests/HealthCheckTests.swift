import Foundation
import Testing

@testable import LayoutService

/// `layoutd --health-check`: its flag, the address it asks, and the binary run against a real
/// layoutd, a refused port, a server that answers 503 and one that never answers.
@Suite("Health check", .serialized)
struct HealthCheckTests {
  @Test func theFlagKeepsEveryOtherOptionAndAnyOrder() throws {
    var expected = LayoutdOptions()
    #expect(try LayoutdOptions.parse(arguments: ["--health-check"]) == .healthCheck(expected))
    expected.server.host = "0.0.0.0"
    expected.server.port = 9000
    #expect(
      try LayoutdOptions.parse(arguments: ["--host", "0.0.0.0", "--health-check", "--port=9000"])
        == .healthCheck(expected))
    expected.server.host = "::1"
    expected.server.port = 7001
    #expect(
      try LayoutdOptions.parse(
        arguments: ["--health-check"],
        environment: ["LAYOUTD_HOST": "::1", "PORT": "7000", "LAYOUTD_PORT": "7001"])
        == .healthCheck(expected))
    #expect(try LayoutdOptions.parse(arguments: ["--health-check", "--help"]) == .help)
    #expect(throws: UsageError("--health-check takes no value")) {
      try LayoutdOptions.parse(arguments: ["--health-check=yes"])
    }
    #expect(throws: UsageError("--port: expected a whole number from 0 to 65535, got 'x'")) {
      try LayoutdOptions.parse(arguments: ["--health-check", "--port", "x"])
    }
    #expect(LayoutdOptions.usage.contains("--health-check"))
  }

  @Test(arguments: [
    ("127.0.0.1", "127.0.0.1"), ("localhost", "127.0.0.1"), ("0.0.0.0", "127.0.0.1"),
    ("127.0.0.2", "127.0.0.2"), ("::", "::1"), ("[::]", "::1"), ("0:0:0:0:0:0:0:0", "::1"),
    ("::1", "::1"), ("[fe80::1]", "fe80::1"),
  ])
  func theServersHostIsAskedWithWildcardsOnLoopback(host: String, asked: String) {
    var options = LayoutdOptions()
    options.server.host = host
    options.server.port = 8080
    #expect(HealthCheck(options: options).host == asked)
  }

  @Test func theURLPutsAnIPv6HostInBrackets() {
    var options = LayoutdOptions()
    options.server.host = "::"
    options.server.port = 8080
    #expect(HealthCheck(options: options).url == "http://[::1]:8080/healthz")
  }

  @Test func portZeroAndANameAreFailuresWithoutAConnect() {
    var options = LayoutdOptions()
    options.server.port = 0
    #expect(HealthCheck(options: options).check() == .noPort)
    options.server.port = 8080
    options.server.host = "example.com"
    #expect(HealthCheck(options: options).check() == .invalidHost)
  }

  @Test(.timeLimit(.minutes(3)))
  func aRunningLayoutdIsHealthyByFlagByEnvironmentAndThroughTheWildcard() throws {
    let server = try LayoutdProcess(["--port", "0", "--log-format", "off"])
    let port = try server.waitForPort()
    for (arguments, environment) in [
      (["--health-check", "--port", String(port)], [:]),
      (["--health-check"], ["LAYOUTD_PORT": String(port)]),
      (["--health-check"], ["PORT": String(port), "LAYOUTD_HOST": "0.0.0.0"]),
    ] {
      let check = try LayoutdProcess(arguments, environment: environment)
      #expect(check.waitForExit() == 0, "\(arguments) \(environment): \(check.stderr)")
      #expect(check.stderr.isEmpty)
      #expect(check.stdout.isEmpty)
    }
    server.signal(SIGTERM)
    #expect(server.waitForExit() == 0, "\(server.stderr)")
  }

  @Test(.timeLimit(.minutes(3)))
  func aPortNobodyListensOnIsOneLineAndExit1() throws {
    // Bound but not listening: the port stays ours, and a connect to it is refused.
    let bound = try TestListener(listening: false)
    let check = try LayoutdProcess(["--health-check", "--port", String(bound.port)])
    #expect(check.waitForExit() == 1)
    #expect(
      check.stderr
        == "layoutd: health check http://127.0.0.1:\(bound.port)/healthz: connect: Connection refused\n")
  }

  @Test(.timeLimit(.minutes(3)))
  func a503IsExit1AndTheRequestIsAPlainGetOfHealthz() throws {
    let server = try TestListener(listening: true)
    let check = try LayoutdProcess(["--health-check", "--port", String(server.port)])
    let head = try server.answerOne(
      "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    #expect(check.waitForExit() == 1)
    #expect(head.hasPrefix("GET /healthz HTTP/1.1\r\n"), "\(head)")
    #expect(head.contains("\r\nHost: 127.0.0.1:\(server.port)\r\n"), "\(head)")
    #expect(check.stderr.hasSuffix(": answered 503 Service Unavailable\n"), "\(check.stderr)")
    #expect(check.stderr.split(separator: "\n").count == 1)
  }

  @Test(.timeLimit(.minutes(3)))
  func aServerThatNeverAnswersIsExit1WhenTheDeadlinePasses() throws {
    // Listening but never accepting: the kernel completes the connect and takes the request,
    // and no answer ever comes.
    let server = try TestListener(listening: true)
    let check = try LayoutdProcess(["--health-check", "--port", String(server.port)])
    #expect(check.waitForExit(seconds: 20) == 1, "not bounded: \(check.stderr)")
    #expect(
      check.stderr.hasSuffix(": no answer within 2 s (waiting for the status line)\n"), "\(check.stderr)")
  }
}

/// A TCP socket on 127.0.0.1 and an ephemeral port, listening or only bound.
private final class TestListener {
  let descriptor: Int32
  let port: Int

  struct Failure: Error {
    var call: String
    var code: Int32
  }

  init(listening: Bool) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, size) == 0 && getsockname(descriptor, $0, &size) == 0
      }
    }
    guard bound, !listening || listen(descriptor, 4) == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(call: "bind/listen", code: code)
    }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit {
    close(descriptor)
  }

  /// Accepts one connection (within 10 s), reads its request head (within 5 s), sends `reply`
  /// and closes; returns the head.
  func answerOne(_ reply: String) throws -> String {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 10_000) == 1 else { throw Failure(call: "poll", code: ETIMEDOUT) }
    let connection = accept(descriptor, nil, nil)
    guard connection >= 0 else { throw Failure(call: "accept", code: errno) }
    defer { close(connection) }
    var limit = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var head: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1024)
    while !String(decoding: head, as: UTF8.self).contains("\r\n\r\n") {
      let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw Failure(call: "recv", code: count == 0 ? 0 : errno) }
      head += chunk[..<count]
    }
    let bytes = Array(reply.utf8)
    _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    return String(decoding: head, as: UTF8.self)
  }
}
