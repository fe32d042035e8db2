import Dispatch
import Glibc
import HTTPTesting
import MicroHTTP
import Posix
import Synchronization
import Testing

@Suite("Server lifecycle", .tags(.threads))
struct LifecycleTests {
  @Test func portZeroBindsARealPort() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    #expect(server.port > 0)
    #expect(try HTTPTestClient(port: server.port).request(path: "/fixed").status == 200)
  }

  @Test func bindingATakenPortThrowsAddressInUse() throws {
    let first = try HTTPTestServer()
    defer { first.stop() }
    #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: first.port)) {
      try HTTPTestServer { $0.port = first.port }
    }
    #expect(try HTTPTestClient(port: first.port).request(path: "/fixed").status == 200)
  }

  @Test(arguments: ["example.com", "256.1.1.1", ""])
  func hostThatIsNoAddressLiteralIsRejected(host: String) {
    #expect(throws: HTTPServerError.invalidAddress(host: host, port: 0)) {
      try HTTPTestServer { $0.host = host }
    }
  }

  @Test func portOutOfRangeIsRejected() {
    #expect(throws: HTTPServerError.invalidAddress(host: "127.0.0.1", port: 70_000)) {
      try HTTPTestServer { $0.port = 70_000 }
    }
  }

  @Test func ipv6LoopbackIsServed() throws {
    let server = try HTTPTestServer { $0.host = "[::1]" }
    defer { server.stop() }
    #expect(try HTTPTestClient(host: "::1", port: server.port).request(path: "/fixed").status == 200)
    // Only the address asked for is bound.
    #expect(throws: HTTPTestClientError.cannotConnect(errno: ECONNREFUSED)) {
      try HTTPTestClient(host: "127.0.0.1", port: server.port)
    }
  }

  @Test func localhostMeansIPv4Loopback() throws {
    let server = try HTTPTestServer { $0.host = "localhost" }
    defer { server.stop() }
    #expect(try HTTPTestClient(host: "127.0.0.1", port: server.port).request(path: "/fixed").status == 200)
  }

  /// The listener hands connections to libmicrohttpd's workers by socket number, so
  /// connections open at once are served by more than one worker thread (libmicrohttpd's own
  /// accepting could give them all to the worker that woke first).
  @Test func connectionsAreSpreadOverTheWorkerThreads() throws {
    let threads = Locked<Set<UInt>>([])
    var router = Router()
    router.add(.get, "/thread") { _, response in
      _ = threads.withLock { $0.insert(UInt(pthread_self())) }
      response.write("ok")
    }
    let server = try HTTPTestServer(router: router) { $0.threads = 2 }
    defer { server.stop() }
    // The server's socket for each client is numbered right after the client's own (this
    // process holds both), and each client is served before the next connects: without more,
    // all would share a parity. An extra descriptor before every other client shifts the
    // numbering, so the 16 sockets, held open together, have both parities whatever else the
    // process opens meanwhile (other tests run alongside).
    var placeholders: [Int32] = []
    defer { placeholders.forEach { close($0) } }
    var clients: [HTTPTestClient] = []
    for index in 0..<16 {
      if index % 2 == 1 { placeholders.append(open("/dev/null", O_RDONLY)) }
      let client = try HTTPTestClient(port: server.port)
      #expect(try client.request(path: "/thread").status == 200)
      clients.append(client)
    }
    #expect(threads.withLock { $0.count } == 2)
  }

  @Test func requestStateOfAbortedRequestsIsReleased() throws {
    let server = try HTTPTestServer { $0.drainTimeout = 0.1 }
    for _ in 0..<3 {
      let leaving = try HTTPTestClient(port: server.port)
      try leaving.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 500\r\n\r\n0123456789")
      #expect(waitUntil { server.gauges.liveRequestCount >= 1 })
      leaving.close()
      #expect(waitUntil { server.gauges.liveRequestCount == 0 })
    }
    let answered = try HTTPTestClient(port: server.port)
    #expect(try answered.request(path: "/fixed").status == 200)
    #expect(waitUntil { server.gauges.liveRequestCount == 0 })
    let lingering = try HTTPTestClient(port: server.port)
    try lingering.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 500\r\n\r\n")
    #expect(waitUntil { server.gauges.liveRequestCount >= 1 })
    server.stop()
    #expect(server.gauges.liveRequestCount == 0)
    server.stop()
  }

  @Test func quiescedServerRefusesConnectsButFinishesRequestsInFlight() throws {
    let held = HeldHandler()
    let server = try HTTPTestServer(router: held.adding(reply: "slow reply"))
    defer { server.stop() }
    let inFlight = try HTTPTestClient(port: server.port)
    try inFlight.send(HTTPTestClient.encode(method: "GET", path: "/slow", host: "test"))
    #expect(held.waitUntilEntered())
    server.quiesce()
    #expect(throws: HTTPTestClientError.cannotConnect(errno: ECONNREFUSED)) {
      try HTTPTestClient(port: server.port)
    }
    held.release.signal()
    let response = try inFlight.readResponse()
    #expect(response.status == 200)
    #expect(response.bodyString == "slow reply")
  }

  @Test func stopLetsARequestInFlightFinish() throws {
    let held = HeldHandler()
    // The drain timeout is far beyond the test: `stop()` may return only once the request is
    // answered.
    let server = try HTTPTestServer(router: held.adding(to: Router(), reply: "done")) {
      $0.drainTimeout = 120
    }
    let client = try HTTPTestClient(port: server.port, timeout: 30)
    try client.send(HTTPTestClient.encode(method: "GET", path: "/slow", host: "test"))
    #expect(held.waitUntilEntered())
    let stopped = DispatchSemaphore(value: 0)
    let returned = Atomic<Bool>(false)
    DispatchQueue.global().async {
      server.stop()
      returned.store(true, ordering: .sequentiallyConsistent)
      stopped.signal()
    }
    // `stop()` has begun once connects are refused; it waits for the held request.
    #expect(waitUntil { (try? HTTPTestClient(port: server.port)) == nil })
    #expect(server.gauges.liveRequestCount == 1)
    let stopReturned = returned.load(ordering: .sequentiallyConsistent)
    #expect(!stopReturned)
    held.release.signal()
    #expect(try client.readResponse().bodyString == "done")
    // 30 s only bounds a failure.
    #expect(stopped.wait(timeout: .now() + 30) == .success)
  }

  @Test func middlewareIsToldOfEveryRequestOnce() throws {
    let records = Locked<[CompletedRequest]>([])
    let server = try HTTPTestServer(
      requestIDs: RequestIDPolicy(),
      observers: [TestObserver(onEnd: { record in records.withLock { $0.append(record) } })])
    let client = try HTTPTestClient(port: server.port)
    _ = try client.request(method: "POST", path: "/echo", headers: [("X-Request-ID", "abc-1")], body: "12345")
    _ = try client.request(path: "/missing")
    _ = try client.request(method: "PUT", path: "/fixed")
    let headAnswer = try client.request(method: "HEAD", path: "/fixed")
    #expect(waitUntil { server.gauges.liveRequestCount == 0 })
    let leaving = try HTTPTestClient(port: server.port)
    try leaving.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 50\r\n\r\n0123456789")
    #expect(waitUntil { server.gauges.liveRequestCount >= 1 })
    leaving.close()
    server.stop()
    let seen = records.withLock { $0 }
    #expect(seen.count == 5)
    let echo = try #require(seen.first { $0.requestID?.description == "abc-1" })
    #expect(echo.method == .post)
    #expect(echo.route == TestRoutes.routeID("/echo"))
    #expect(echo.status == 200)
    #expect(echo.bytesIn == 5)
    #expect(echo.bytesOut == 5)
    #expect(echo.completed)
    let missing = try #require(seen.first { $0.path == "/missing" })
    #expect(missing.route == nil)
    #expect(missing.status == 404)
    let refused = try #require(seen.first { $0.method == .put })
    #expect(refused.status == 405)
    #expect(refused.route == TestRoutes.routeID("/fixed"))
    // HEAD: the answer's length is announced, but no body bytes go out.
    let head = try #require(seen.first { $0.method == .head })
    #expect(head.status == 200)
    #expect(Int(headAnswer.headers["Content-Length"] ?? "") ?? 0 > 0)
    #expect(head.bytesOut == 0)
    let aborted = try #require(seen.first { !$0.completed })
    #expect(aborted.method == .post)
    #expect(aborted.route == TestRoutes.routeID("/echo"))
    #expect(aborted.status == 0)
    #expect(aborted.bytesIn <= 10)
  }

  @Test func eachRequestOnAConnectionStartsAsNew() throws {
    // The requests of a connection share one state, cleared between them: nothing of one
    // request (its id, trace, route, body, status) may reach the next.
    let records = Locked<[CompletedRequest]>([])
    let server = try HTTPTestServer(
      requestIDs: RequestIDPolicy(),
      observers: [TestObserver(onEnd: { record in records.withLock { $0.append(record) } })])
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    /// Sends a POST /echo whose body arrives in two pieces, so that it is kept in the state.
    func echoInPieces(_ body: String, headers: String = "") throws -> TestResponse {
      let received = server.gauges.receivedBodyByteCount
      try client.send(
        "POST /echo HTTP/1.1\r\nHost: test\r\n\(headers)Content-Length: \(body.utf8.count)\r\n\r\n")
      try client.send(String(body.prefix(3)))
      #expect(waitUntil { server.gauges.receivedBodyByteCount >= received + 3 })
      try client.send(String(body.dropFirst(3)))
      return try client.readResponse()
    }
    let traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    let first = try echoInPieces("12345", headers: "X-Request-ID: abc-1\r\ntraceparent: \(traceparent)\r\n")
    #expect(first.bodyString == "12345")
    #expect(try client.request(path: "/missing").status == 404)
    let again = try echoInPieces("abcdefg")
    #expect(again.bodyString == "abcdefg")
    let fixed = try client.request(path: "/fixed")
    #expect(fixed.status == 200)
    try client.send("POST /echo HTTP/1.1\r\nHost: test\r\nContent-Length: 50\r\n\r\n0123456789")
    #expect(
      waitUntil { server.gauges.liveRequestCount == 1 && server.gauges.receivedBodyByteCount >= 22 })
    client.close()
    #expect(waitUntil { records.withLock { $0.count } == 5 })
    let seen = records.withLock { $0 }
    try #require(seen.count == 5)
    #expect(seen[0].requestID?.description == "abc-1")
    #expect(seen[0].trace != nil)
    #expect(seen[0].bytesIn == 5)
    for (record, path) in zip(seen.dropFirst(), ["/missing", "/echo", "/fixed", "/echo"]) {
      #expect(record.path == path)
      #expect(record.trace == nil)
      #expect(record.requestID != nil)
      #expect(record.requestID?.description != "abc-1")
    }
    #expect(seen[1].route == nil)
    #expect(seen[1].method == .get)
    #expect(seen[1].bytesIn == 0)
    #expect(seen[2].bytesIn == 7)
    #expect(seen[2].bytesOut == 7)
    #expect(seen[3].route == TestRoutes.routeID("/fixed"))
    #expect(seen[3].bytesIn == 0)
    #expect(fixed.headers["X-Request-Id"] == seen[3].requestID?.description)
    #expect(Set(seen.map { $0.requestID?.description ?? "" }).count == 5)
    // The last one left mid-body: nothing answered it.
    #expect(!seen[4].completed)
    #expect(seen[4].status == 0)
    #expect(seen[4].bytesOut == 0)
    #expect(seen[4].bytesIn == 10)
  }
}
