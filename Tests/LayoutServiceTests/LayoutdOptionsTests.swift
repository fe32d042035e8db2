import MicroHTTP
import Testing

@testable import LayoutService

@Suite("Command line")
struct LayoutdOptionsTests {
  private func options(
    _ arguments: [String], environment: [String: String] = [:]
  ) throws -> LayoutdOptions {
    guard case .run(let options) = try LayoutdOptions.parse(arguments: arguments, environment: environment)
    else {
      Issue.record("expected a run command for \(arguments)")
      return LayoutdOptions()
    }
    return options
  }

  @Test func defaults() throws {
    let parsed = try options([])
    #expect(parsed.server.host == "127.0.0.1")
    #expect(parsed.server.port == 8080)
    #expect(parsed.server.maxBodyBytes == 65536)
    #expect(parsed.server.connectionTimeout == 10)
    #expect(parsed.server.maxConnections == 1024)
    #expect(parsed.server.perClientConnectionLimit == 256)
    #expect(parsed.server.maxHeaderBytes == 16384)
    #expect(parsed.server.drainTimeout == 10)
    #expect(parsed.drainDelay == 5)
    #expect(parsed.service.cors.origins == ["*"])
    #expect(parsed.logFormat == nil)
    #expect(parsed.service.decoder == .fast)
  }

  @Test func decoderFromFlagOrEnvironment() throws {
    #expect(try options(["--decoder", "foundation"]).service.decoder == .foundation)
    #expect(try options(["--decoder=fast"]).service.decoder == .fast)
    #expect(try options([], environment: ["LAYOUTD_DECODER": "foundation"]).service.decoder == .foundation)
    #expect(
      try options(["--decoder", "fast"], environment: ["LAYOUTD_DECODER": "foundation"]).service.decoder
        == .fast)
    #expect(throws: UsageError("--decoder: expected fast or foundation, got 'simd'")) {
      try LayoutdOptions.parse(arguments: ["--decoder", "simd"])
    }
    #expect(throws: UsageError("LAYOUTD_DECODER: expected fast or foundation, got 'Foundation'")) {
      try LayoutdOptions.parse(arguments: [], environment: ["LAYOUTD_DECODER": "Foundation"])
    }
  }

  @Test func flagsWithSeparateAndInlineValues() throws {
    let parsed = try options([
      "--host", "0.0.0.0", "--port=9000", "--threads", "3", "--max-body-bytes=1024",
      "--connection-timeout", "5", "--log-format", "json", "--cors-origin", "https://a.example",
      "--cors-origin=https://b.example", "--shutdown-grace", "2",
    ])
    #expect(parsed.server.host == "0.0.0.0")
    #expect(parsed.server.port == 9000)
    #expect(parsed.server.threads == 3)
    #expect(parsed.server.maxBodyBytes == 1024)
    #expect(parsed.server.connectionTimeout == 5)
    #expect(parsed.logFormat == .json)
    #expect(parsed.service.cors.origins == ["https://a.example", "https://b.example"])
    #expect(parsed.server.drainTimeout == 2)
  }

  @Test func drainDelayComesFromItsFlagOrTheEnvironment() throws {
    #expect(try options(["--drain-delay", "0"]).drainDelay == 0)
    #expect(try options(["--drain-delay=12"]).drainDelay == 12)
    #expect(try options([], environment: ["LAYOUTD_DRAIN_DELAY": "7"]).drainDelay == 7)
    #expect(try options(["--drain-delay", "1"], environment: ["LAYOUTD_DRAIN_DELAY": "7"]).drainDelay == 1)
    #expect(throws: UsageError.self) { try options(["--drain-delay", "-1"]) }
    #expect(throws: UsageError.self) { try options([], environment: ["LAYOUTD_DRAIN_DELAY": "soon"]) }
    #expect(LayoutdOptions.usage.contains("--drain-delay"))
  }

  @Test func withoutFlagsTheServerAndServiceHaveTheirOwnDefaults() throws {
    let layoutd = try options([])
    #expect(layoutd.server == HTTPServer.Configuration())
    #expect(layoutd.service == LayoutAPI.Settings())
    #expect(layoutd.server.threads == 0, "one worker per core, chosen when the server starts")
  }

  @Test func helpAndVersion() throws {
    #expect(try LayoutdOptions.parse(arguments: ["--help"]) == .help)
    #expect(try LayoutdOptions.parse(arguments: ["--port", "1", "--version"]) == .version)
  }

  @Test func environmentFillsWhatFlagsLeaveOut() throws {
    #expect(try options([], environment: ["PORT": "7000"]).server.port == 7000)
    #expect(try options([], environment: ["PORT": "7000", "LAYOUTD_PORT": "7001"]).server.port == 7001)
    #expect(try options(["--port", "7002"], environment: ["LAYOUTD_PORT": "7001"]).server.port == 7002)
    #expect(try options([], environment: ["LAYOUTD_HOST": "::1"]).server.host == "::1")
    #expect(
      try options(["--host", "127.0.0.2"], environment: ["LAYOUTD_HOST": "::1"]).server.host == "127.0.0.2")
  }

  @Test(arguments: [
    (["--prot", "1"], "unknown option '--prot'"),
    (["--port"], "--port needs a value"),
    (["--port", "http"], "--port: expected a whole number from 0 to 65535, got 'http'"),
    (["--port", "70000"], "--port: expected a whole number from 0 to 65535, got '70000'"),
    (["--max-body-bytes", "0"], "--max-body-bytes: expected a whole number from 1 to 67108864, got '0'"),
    (["--log-format", "xml"], "--log-format: expected off, text or json, got 'xml'"),
    (["serve"], "unexpected argument 'serve'"),
    (["--host", "999.1.1.1"], "--host: expected localhost or an IPv4 or IPv6 address, got '999.1.1.1'"),
    (["--host", "example.com"], "--host: expected localhost or an IPv4 or IPv6 address, got 'example.com'"),
    (
      ["--cors-origin", "https://a.example/"],
      "--cors-origin: expected an origin such as https://example.com or http://localhost:3000 (no path, one per flag) or *, got 'https://a.example/'"
    ),
    (
      ["--cors-origin", "example.com"],
      "--cors-origin: expected an origin such as https://example.com or http://localhost:3000 (no path, one per flag) or *, got 'example.com'"
    ),
    (
      ["--cors-origin", "https://a.example,https://b.example"],
      "--cors-origin: expected an origin such as https://example.com or http://localhost:3000 (no path, one per flag) or *, got 'https://a.example,https://b.example'"
    ),
  ])
  func badFlagsNameTheFlag(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) {
      try LayoutdOptions.parse(arguments: arguments)
    }
  }

  @Test func badEnvironmentNamesTheVariable() {
    #expect(throws: UsageError("PORT: expected a whole number from 0 to 65535, got 'eighty'")) {
      try LayoutdOptions.parse(arguments: [], environment: ["PORT": "eighty"])
    }
    // Where another variable wins, too.
    #expect(throws: UsageError("PORT: expected a whole number from 0 to 65535, got 'eighty'")) {
      try LayoutdOptions.parse(arguments: [], environment: ["PORT": "eighty", "LAYOUTD_PORT": "7001"])
    }
  }

  @Test func aFlagGivenLeavesItsVariablesUnread() throws {
    let environment = ["PORT": "abc", "LAYOUTD_PORT": "tcp://10.0.0.1:80", "LAYOUTD_DRAIN_DELAY": "soon"]
    #expect(try options(["--port", "0", "--drain-delay", "1"], environment: environment).server.port == 0)
    #expect(try LayoutdOptions.parse(arguments: ["--help"], environment: environment) == .help)
  }

  @Test func originsAreLowercasedAsBrowsersSendThemAndHostsReadInAnyCase() throws {
    let parsed = try options(["--cors-origin", "HTTPS://A.Example:8443", "--host", "LOCALHOST"])
    #expect(parsed.service.cors.origins == ["https://a.example:8443"])
    #expect(parsed.server.host == "LOCALHOST")
    #expect(
      try options(["--cors-origin", "http://[::1]:3000"]).service.cors.origins == ["http://[::1]:3000"])
  }

  @Test func aKubernetesServiceLinkIsNotAPort() throws {
    // What Kubernetes sets in every pod of a namespace with a Service named `layoutd`.
    let link = ["LAYOUTD_PORT": "tcp://10.96.0.12:80", "LAYOUTD_SERVICE_PORT": "80"]
    #expect(try options([], environment: link).server.port == 8080)
    #expect(try options([], environment: link.merging(["PORT": "9000"]) { $1 }).server.port == 9000)
  }
}
