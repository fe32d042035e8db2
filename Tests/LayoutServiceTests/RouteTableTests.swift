import Foundation
import HTTPTesting
import MicroHTTP
import Testing

@testable import LayoutService

/// The route table is the one list of routes: `openapi.yaml` describes exactly its paths and
/// methods, and what names the computing endpoints names the table's.
@Suite("The route table")
struct RouteTableTests {
  /// The methods `openapi.yaml` describes on each path, lowercased, read from its `paths:`
  /// block: a path is a key indented by two spaces, a method one indented by four.
  static func openAPIRoutes() throws -> [String: Set<String>] {
    let text = try String(contentsOf: OpenAPIRouteTests.fileOnDisk, encoding: .utf8)
    let methods: Set<String> = ["get", "head", "post", "put", "patch", "delete", "options", "trace"]
    var routes: [String: Set<String>] = [:]
    var inPaths = false
    var path: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" "), !line.isEmpty {
        inPaths = line == "paths:"
        path = nil
        continue
      }
      guard inPaths else { continue }
      if line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
        let key = String(line.dropFirst(2).dropLast())
        path = key.hasPrefix("'") ? String(key.dropFirst().dropLast()) : key
        routes[path!] = []
      } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
        let key = String(line.dropFirst(4).dropLast())
        if methods.contains(key) { routes[path, default: []].insert(key) }
      }
    }
    return routes
  }

  /// The methods the router answers on each path (its `Allow`), lowercased.
  static func routedRoutes(_ service: RoutedService) -> [String: Set<String>] {
    var routes: [String: Set<String>] = [:]
    for path in service.routes.paths {
      let allow = service.routes.allowedMethods(for: path) ?? ""
      routes[path] = Set(
        allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }
    return routes
  }

  @Test func openAPIDescribesEveryRouteAndNoOther() throws {
    let described = try Self.openAPIRoutes()
    #expect(described.count >= 13)
    let routed = Self.routedRoutes(LayoutAPI.service())
    #expect(Set(described.keys) == Set(routed.keys))
    for (path, methods) in routed {
      #expect(described[path] == methods, "\(path)")
    }
  }

  @Test func theComputingEndpointsAreTheTablesEachWithItsBatchRoute() {
    #expect(LayoutAPI.operationPaths == ["/avoid", "/caret-follow", "/chat", "/sheet"])
    let routed = Self.routedRoutes(LayoutAPI.service())
    for path in LayoutAPI.operationPaths {
      #expect(routed[path] == ["options", "post"], "\(path)")
      #expect(routed[path + "/batch"] == ["options", "post"], "\(path)/batch")
      #expect(LayoutdOptions.usage.contains("POST \(path)"), "the usage text names \(path)")
    }
  }

  @Test func withoutMetricsTheMetricsRouteIsAbsentAndTheRestStay() {
    let with = Self.routedRoutes(LayoutAPI.service())
    let without = Self.routedRoutes(LayoutAPI.service(.init(metrics: false)))
    #expect(with[ServiceMetrics.path] == ["get", "head"])
    #expect(without[ServiceMetrics.path] == nil)
    #expect(without.count == with.count - 1)
  }

  @Test func everyPreflightAnswersWithTheAllowOfItsPath() throws {
    let server = HTTPTestService.layoutd()
    let routes = server.engine.routes
    var preflights = 0
    for path in routes.paths {
      let allow = try #require(routes.allowedMethods(for: path))
      guard allow.contains("OPTIONS") else { continue }
      preflights += 1
      let answer = server.request(method: "OPTIONS", path: path)
      #expect(answer.status == 204, "\(path)")
      #expect(answer.headers.values(for: "Allow") == [allow], "\(path)")
      let refused = server.request(method: "DELETE", path: path)
      #expect(refused.status == 405, "\(path)")
      #expect(refused.headers.values(for: "Allow") == [allow], "\(path)")
    }
    #expect(preflights == 2 * LayoutAPI.operationPaths.count)
  }

  @Test func optionsForTheWholeServerAllowsEveryMethodOfEveryRoute() throws {
    let server = HTTPTestService.layoutd()
    let answer = server.request(method: "OPTIONS", path: "*")
    #expect(answer.status == 200)
    let everyMethod = Set(Self.routedRoutes(LayoutAPI.service()).values.flatMap { $0 })
    #expect(everyMethod == ["get", "head", "options", "post"])
    #expect(answer.headers.values(for: "Allow") == ["GET, HEAD, OPTIONS, POST"])
    #expect(answer.body.isEmpty)
  }
}

extension LayoutAPI {
  /// Every computing endpoint's route and its batch route, as the route table has them: what the
  /// suites that try each of them take as arguments.
  static let computingRoutes = operationPaths.flatMap { [$0, $0 + "/batch"] }
}
