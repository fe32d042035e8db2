// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "layoutd",
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
    // Pure geometry and the request/answer models. Standard library only.
    .target(name: "LayoutCore"),
    // A fast JSON codec over bytes (a Decoder and a byte writer). Knows no layout.
    .target(name: "LayoutJSON"),
    // HTTP on libmicrohttpd. Knows no keyboards.
    .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
    // A small blocking HTTP/1.1 client over loopback sockets, for tests and benchmarks.
    .target(name: "HTTPTesting"),
    // The service: routes, handlers, problem answers, command-line options.
    .target(name: "LayoutService", dependencies: ["LayoutCore", "LayoutJSON", "HTTPServer"]),
    .executableTarget(name: "layoutd", dependencies: ["LayoutService"]),

    // Test support shared by the suites: the contract's worked examples, JSON comparison.
    .target(name: "LayoutTesting", path: "Tests/LayoutTesting"),
    .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore", "LayoutTesting"]),
    .testTarget(name: "LayoutJSONTests", dependencies: ["LayoutJSON", "LayoutCore", "LayoutTesting"]),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPTesting"]),
    .testTarget(name: "LayoutServiceTests", dependencies: ["LayoutService", "HTTPTesting", "LayoutTesting", "layoutd"]),
  ]
)
