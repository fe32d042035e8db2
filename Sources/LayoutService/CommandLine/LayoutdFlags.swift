extension LayoutdOptions {
  /// Every flag of `layoutd`, in the order `--help` and README.md list them.
  ///
  /// The parser, the usage text and README.md's table of flags are all read from here, and the
  /// defaults from `LayoutdOptions()`: a new flag is one entry here, naming the setting it
  /// writes.
  static let flags: [LayoutdFlag] = [
    LayoutdFlag(
      "--host", .address, at: \.server.host, environment: ["LAYOUTD_HOST"],
      help: "address to bind",
      documentation: "the address to bind (only this one)"),
    LayoutdFlag(
      "--port", .wholeNumber(0...65535), at: \.server.port, environment: ["LAYOUTD_PORT", "PORT"],
      help: "port, 0 for any free one",
      documentation: "`0` picks a free port; the start-up line names it"),
    LayoutdFlag(
      "--threads", .wholeNumber(0...256), at: \.server.threads,
      help: "worker threads, 0 for one per core",
      documentation:
        "worker threads, `0` for one per core it may run on (its CPU affinity, a cgroup quota such as `docker run --cpus`; epoll(7) event loops; one accept thread spreads connections over them)"
    ),
    LayoutdFlag(
      "--max-body-bytes", .wholeNumber(1...(64 << 20)), at: \.server.maxBodyBytes,
      help: "largest request body; larger gets 413",
      documentation: "larger single-request bodies get 413"),
    LayoutdFlag(
      "--max-batch-bytes", .wholeNumber(1...(1 << 30)), at: \.service.maxBatchBytes,
      environment: ["LAYOUTD_MAX_BATCH_BYTES"],
      help: "largest body of a /batch route\n",
      documentation: "larger batch bodies get 413"),
    LayoutdFlag(
      "--max-body-memory", .wholeNumber((64 << 10)...(64 << 30)), at: \.server.maxBodyMemory,
      environment: ["LAYOUTD_MAX_BODY_MEMORY"],
      help: "request-body and answer bytes held at once over all connections;\nmore gets 503",
      documentation: """
        request-body and answer bytes held at once over all connections; a body that would pass it \
        gets 503 with `Retry-After: 1`, so no client can grow the process past its memory limit \
        ([the budget](docs/operations.md#the-body-budget---max-body-memory))
        """),
    LayoutdFlag(
      "--connection-timeout", .seconds(1...86400), at: \.server.connectionTimeout,
      help: "seconds an idle connection stays open",
      documentation: "seconds an idle connection stays open"),
    LayoutdFlag(
      "--max-connections", .wholeNumber(1...1_000_000), at: \.server.maxConnections,
      help: "open connections at once",
      documentation: "open connections at once"),
    LayoutdFlag(
      "--max-connections-per-client", .wholeNumber(0...1_000_000), at: \.server.perClientConnectionLimit,
      help: "open connections from one address, 0 for no limit",
      documentation: "open connections from one address (0: no limit; raise it behind a proxy)"),
    LayoutdFlag(
      "--max-header-bytes", .wholeNumber(1024...(16 << 20)), at: \.server.maxHeaderBytes,
      help: "one request's line and headers, their bytes and 64 per\nfield; more gets 431",
      documentation:
        "one request's line and headers, their bytes and 64 per field; more gets 431 (414 for the line alone)"
    ),
    LayoutdFlag(
      "--drain-delay", .seconds(0...3600), at: \.drainDelay, environment: ["LAYOUTD_DRAIN_DELAY"],
      help: "seconds after SIGTERM that /readyz answers 503 while every\n"
        + "route still serves, before the listener closes; 0 skips\n",
      documentation: "seconds after SIGTERM that `/readyz` answers 503 while every route still serves"),
    LayoutdFlag(
      "--shutdown-grace", .seconds(0...3600), at: \.server.drainTimeout,
      help: "seconds requests in flight get once the listener closes",
      documentation: "seconds requests in flight get once the listener closes"),
    LayoutdFlag(
      "--log-format", FlagValue<AccessLog.Format>.oneOfTheCases.optional, at: \.logFormat,
      help: "access log on stderr",
      documentation: "the access log on stderr, or `off`",
      defaultDescription: "`text` on a terminal, else `json`"),
    LayoutdFlag(
      "--cors-origin", .origin, appendingTo: \.service.cors.origins,
      help: "an origin allowed by CORS, repeatable",
      documentation: "an origin browsers may call from; repeat for more"),
    LayoutdFlag(
      "--api-keys", FlagValue<String>.path.optional, at: \.service.apiKeys, environment: ["LAYOUTD_API_KEYS"],
      help:
        "a file of access keys, one `NAME KEY` a line: the computing\nroutes and /metrics then need `Authorization: Bearer KEY`;\nSIGHUP or a change to the file reads it again",
      documentation: """
        a file of access keys, one `NAME KEY` a line: the computing routes and `GET /metrics` then \
        need `Authorization: Bearer KEY`; read again on SIGHUP or when the file changes \
        ([access keys](docs/operations.md#access-keys---api-keys))
        """,
      defaultDescription: "none: every route is open"),
    LayoutdFlag(
      "--metrics", .choice([("on", true), ("off", false)]), at: \.service.metrics,
      help: "count requests for GET /metrics",
      documentation: "`off` removes `GET /metrics` and the counting"),
    LayoutdFlag(
      "--decoder", FlagValue<RequestDecoder>.oneOfTheCases.checked(availableDecoder), at: \.service.decoder,
      environment: ["LAYOUTD_DECODER"],
      help: "how bodies are read: the fast parser's document, or\nFoundation's JSONDecoder",
      documentation: """
        `foundation` reads bodies with Foundation's `JSONDecoder` through the models' `Codable` \
        conformance; same answers, ~2.5× the CPU ([why](docs/performance.md#decoders))
        """),
    LayoutdFlag(
      "--health-check", .healthCheck,
      help: """
        ask GET /healthz of the layoutd that --host and --port (or their
        env) name, 0.0.0.0 and :: on 127.0.0.1 and ::1; exit 0 on a 200
        within \(healthCheckSeconds) s, else print why and exit 1
        """,
      documentation: """
        serve nothing: ask `GET /healthz` of the layoutd that `--host`/`--port` (or their \
        environment) name, `0.0.0.0` and `::` on `127.0.0.1` and `::1`; exit 0 on a 200 within \
        \(healthCheckSeconds) s, else print one line and exit 1
        """),
    LayoutdFlag(
      "--version", .answer(.version),
      help: "print the version and exit",
      documentation: "print the version and exit"),
    LayoutdFlag(
      "--help", .answer(.help),
      help: "print this help and exit",
      documentation: "print the usage and exit"),
    LayoutdFlag(
      "--help-markdown", .answer(.flagTable),
      help: "print README.md's synopsis and table of flags and exit",
      documentation: "print this synopsis and table and exit",
      isListed: false),
  ]

  /// What `--health-check` waits for an answer, in whole seconds.
  private static let healthCheckSeconds = Int(HealthCheck.defaultTimeout)

  /// The flags `--health-check` reads (`HealthCheck` asks the server they describe), for the
  /// usage text's and README.md's synopsis of it.
  static let healthCheckFlags: Set<String> = ["--host", "--port"]

  /// `nil` for a decoder this build has, else what is wrong.
  private static func availableDecoder(_ decoder: RequestDecoder, _ text: String) -> String? {
    decoder.isAvailable ? nil : "this build of layoutd has no \(text) decoder"
  }
}
