// swift-tools-version:6.0
// 6.0, the newest the package needs: the Swift 6 language mode, the URL-based PackagePlugin API of
// Plugins/EmbedAssets and the Synchronization module.
import PackageDescription

let package = Package(
  name: "layoutd",
  // For the apps that link LayoutCore: it needs nothing newer than the iOS 15 / macOS 12 standard
  // library (scripts/checks/15-availability proves it). Linux ignores this list; the other targets
  // run only there: they import Glibc, link libmicrohttpd and use Synchronization's Atomic and
  // Mutex, which Apple platforms have only from iOS 18 / macOS 15.
  platforms: [.iOS(.v15), .macOS(.v12)],
  products: [
    // The geometry core and its Codable models: a Swift app can link it and get the
    // service's answers without a network call.
    .library(name: "LayoutCore", targets: ["LayoutCore"]),
    .executable(name: "layoutd", targets: ["layoutd"]),
  ],
  targets: [
    .systemLibrary(
      name: "CMicroHTTPD",
      path: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]
    ),
    // Pure geometry and the request/answer models: the standard library and the C library's math
    // (Glibc, Musl or Darwin), nothing else (LayoutCoreTests checks every import).
    .target(name: "LayoutCore"),
    // The one home of the system: every system call through one seam that retries EINTR and
    // captures errno, typed descriptors and errors, sockets, locks ThreadSanitizer sees, threads
    // and per-thread slots, the clocks, signals and process facts.
    .target(name: "Posix", dependencies: ["CGlibcShims"]),
    // The glibc and Linux headers the Glibc module leaves out (<malloc.h>, <sys/epoll.h>); only
    // Posix imports it.
    .systemLibrary(name: "CGlibcShims"),
    // Strict JSON over bytes: a parser whose objects are read in place, and a byte writer.
    // Knows no layout.
    .target(name: "LayoutJSON", dependencies: ["Posix"]),
    // HTTP on libmicrohttpd, in folders by concern: Server/ (HTTPServer, its listener and
    // state), Connections/ (libmicrohttpd's callbacks, framing, the close watcher), Engine/ (a
    // request's life and the service it serves), Routing/, Messages/. Knows no keyboards; writes
    // problem documents with LayoutJSON's string escaper.
    .target(name: "MicroHTTP", dependencies: ["CMicroHTTPD", "LayoutJSON", "Posix"]),
    // The test harness: a service answered through an engine of its own with no server
    // (`HTTPTestService`), and a server on 127.0.0.1 answering over a connection (a small blocking
    // HTTP/1.1 client) and through its engine, for both HTTP suites.
    .target(name: "HTTPTesting", dependencies: ["MicroHTTP", "Posix"]),
    // The service: routes, handlers (single and batch), the two request decoders, problem
    // answers, command-line options, drain and operations.
    .target(
      name: "LayoutService",
      dependencies: ["LayoutCore", "LayoutJSON", "MicroHTTP", "LayoutAssets", "LayoutDiagram", "Posix"]),
    // SVG diagrams of answers: the layout before and after, to scale. Depends on the core only.
    .target(name: "LayoutDiagram", dependencies: ["LayoutCore"]),
    // Files embedded at build time: openapi.yaml and everything under Assets/. The symlink
    // Sources/LayoutAssets/Assets -> ../../Assets makes adding or removing an asset re-plan the
    // build (SwiftPM watches target folders only); it is excluded from the target's sources.
    .target(name: "LayoutAssets", exclude: ["Assets"], plugins: ["EmbedAssets"]),
    .plugin(name: "EmbedAssets", capability: .buildTool(), dependencies: ["EmbedAssetsTool"]),
    .executableTarget(name: "EmbedAssetsTool"),
    .executableTarget(name: "layoutd", dependencies: ["LayoutService", "Posix"]),
    // libFuzzer target over the request decoder and the handlers (scripts/checks/50-fuzz builds
    // it with `--sanitize fuzzer -Xswiftc -DFUZZING`); a plain build replays corpus files.
    .executableTarget(
      name: "LayoutFuzz", dependencies: ["LayoutService", "LayoutCore", "LayoutJSON", "MicroHTTP"]),
    // Benchmarks (`make bench`): the hot path beside Foundation's coders, with allocations
    // counted by a malloc interposer that only this executable links.
    .target(name: "CMallocCounter", path: "bench/CMallocCounter"),
    .executableTarget(
      name: "LayoutBench",
      dependencies: ["LayoutCore", "LayoutDiagram", "LayoutService", "CMallocCounter", "Posix"],
      path: "bench/LayoutBench"),

    // Test support shared by the suites: the contract's worked examples, JSON comparison.
    .target(name: "LayoutTesting", path: "Tests/LayoutTesting"),
    .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "LayoutTesting"]),
    .testTarget(
      name: "LayoutJSONTests", dependencies: ["LayoutJSON", "LayoutCore", "LayoutService", "LayoutTesting"]),
    .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP", "HTTPTesting", "Posix"]),
    .testTarget(name: "LayoutAssetsTests", dependencies: ["LayoutAssets"]),
    .testTarget(name: "LayoutDiagramTests", dependencies: ["LayoutDiagram", "LayoutCore", "LayoutTesting"]),
    .testTarget(
      name: "LayoutServiceTests",
      dependencies: ["LayoutService", "HTTPTesting", "LayoutTesting", "layoutd", "Posix"]),
  ]
)
