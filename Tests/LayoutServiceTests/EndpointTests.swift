import Foundation
import HTTPTesting
import LayoutCore
import LayoutTesting
import Posix
import Testing

@testable import LayoutService

/// Answers over HTTP equal what `LayoutCore` computes and what Foundation's `JSONEncoder`
/// writes for it, for requests across every mode and keyboard kind.
@Suite("Endpoints agree with the core")
struct EndpointTests {
  static let devices: [(width: Double, height: Double, top: Double, bottom: Double)] = [
    (390, 844, 47, 34), (375, 667, 20, 0), (430, 932, 59, 34), (820, 1180, 24, 20), (1024, 1366, 24, 20),
  ]

  func keyboard(_ generator: inout SplitMix64, width: Double, height: Double) -> Any {
    switch generator.next() % 5 {
    case 0: return NSNull()
    case 1: return ["x": 0, "y": height, "width": width, "height": 336]
    case 2: return ["x": 40, "y": generator.number(200...600), "width": 320, "height": 260]
    case 3:
      let keyboardHeight = generator.pick([55.0, 216, 291, 336, 398])
      return ["x": 0, "y": height - keyboardHeight, "width": width, "height": keyboardHeight]
    default:
      return ["x": 0, "y": height - 300, "width": width, "height": 300]
    }
  }

  func request(_ generator: inout SplitMix64, mode: String) -> [String: Any] {
    let device = generator.pick(Self.devices)
    let fieldY = generator.number(0...(device.height * 2))
    var body: [String: Any] = [
      "mode": mode,
      "container": ["x": 0, "y": 0, "width": device.width, "height": device.height],
      "safeArea": ["top": device.top, "bottom": device.bottom],
      "keyboard": keyboard(&generator, width: device.width, height: device.height),
      "field": ["x": 16, "y": fieldY, "width": device.width - 32, "height": generator.number(20...200)],
      "margin": generator.number(0...24),
      "undocked": generator.pick(["ignore", "avoid"]),
    ]
    if mode == "scroll" {
      body["contentOffset"] = ["x": 0, "y": generator.number(-100...2000)]
      body["contentSize"] = ["width": device.width, "height": generator.number(0...4000)]
      body["contentInset"] = ["top": generator.number(-10...30), "bottom": generator.number(0...40)]
    }
    if generator.next() % 3 == 0 {
      body["animation"] = ["duration": generator.number(0...1), "curve": Int(generator.next() % 16)]
    }
    return body
  }

  func caretRequest(_ generator: inout SplitMix64) -> [String: Any] {
    let device = generator.pick(Self.devices)
    return [
      "textView": ["x": 0, "y": 0, "width": device.width, "height": device.height],
      "safeArea": ["top": device.top, "bottom": device.bottom],
      "keyboard": keyboard(&generator, width: device.width, height: device.height),
      "caret": ["x": 30, "y": generator.number(0...3000), "width": 2, "height": generator.number(0...24)],
      "contentOffset": ["x": 0, "y": generator.number(0...2500)],
      "contentSize": ["width": device.width, "height": generator.number(0...3200)],
      "margin": generator.number(0...16),
      "lineHeight": generator.number(0...30),
    ]
  }

  func chatRequest(_ generator: inout SplitMix64) -> [String: Any] {
    let device = generator.pick(Self.devices)
    let composerHeight = generator.number(36...120)
    let listHeight = device.height - device.bottom - composerHeight
    var body: [String: Any] = [
      "container": ["x": 0, "y": 0, "width": device.width, "height": device.height],
      "list": ["x": 0, "y": 0, "width": device.width, "height": listHeight],
      "composer": ["x": 0, "y": listHeight, "width": device.width, "height": composerHeight],
      "safeArea": ["top": device.top],
      "keyboard": keyboard(&generator, width: device.width, height: device.height),
      "contentOffset": ["x": 0, "y": generator.number(-100...3000)],
      "contentSize": ["width": device.width, "height": generator.number(0...4000)],
      "lift": generator.pick(["always", "whenAtEnd", "persistent", "never"]),
      "inverted": generator.next() % 2 == 0,
      "endThreshold": generator.number(0...40),
      "undocked": generator.pick(["ignore", "avoid"]),
    ]
    if generator.next() % 2 == 0 { body["keyboardInset"] = generator.number(0...400) }
    if generator.next() % 3 == 0 {
      body["animation"] = ["duration": generator.number(0...1), "curve": Int(generator.next() % 16)]
    }
    if generator.next() % 4 == 0 { body["track"] = true }
    return body
  }

  func expectAgreement<Request: Decodable, Answer: Encodable>(
    _ fixture: HTTPTestServer, path: String, body: [String: Any], request: Request.Type,
    compute: (Request) -> Answer
  ) throws {
    let disagreement = try disagreement(
      fixture, path: path, body: body, request: request, compute: compute)
    #expect(disagreement == nil, "\(disagreement ?? "")")
  }

  /// How the service's answer to `body`, sent by `transport`, differs from the core's, or nil
  /// when they agree.
  func disagreement<Request: Decodable, Answer: Encodable>(
    _ transport: some HTTPTestTransport, path: String, body: [String: Any], request: Request.Type,
    compute: (Request) -> Answer
  ) throws -> String? {
    let data = try JSONSerialization.data(withJSONObject: body)
    let expected = try JSONSerialization.jsonObject(
      with: JSONEncoder().encode(compute(JSONDecoder().decode(Request.self, from: data))))
    let response = try transport.request(
      method: "POST", path: path, headers: jsonContentType, body: Array(data))
    let text = String(decoding: data, as: UTF8.self)
    guard response.status == 200 else { return "\(text): status \(response.status)" }
    let differences = JSONComparison.differences(try response.json(), expected)
    return differences.isEmpty ? nil : "\(text): \(differences)"
  }

  @Test(arguments: ["translate", "scroll", "resize"], RequestDecoder.allCases)
  func avoidAnswersMatchTheCore(mode: String, decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    var generator = SplitMix64(seed: 7 &+ UInt64(mode.utf8.count))
    for _ in 0..<300 {
      try expectAgreement(
        fixture, path: "/avoid", body: request(&generator, mode: mode), request: AvoidRequest.self,
        compute: avoid)
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func caretFollowAnswersMatchTheCore(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    var generator = SplitMix64(seed: 42)
    for _ in 0..<300 {
      try expectAgreement(
        fixture, path: "/caret-follow", body: caretRequest(&generator), request: CaretFollowRequest.self,
        compute: caretFollow)
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func chatAnswersMatchTheCore(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    var generator = SplitMix64(seed: 12)
    for _ in 0..<300 {
      try expectAgreement(
        fixture, path: "/chat", body: chatRequest(&generator), request: ChatRequest.self, compute: chat)
    }
  }

  /// 8 clients at once, 500 requests each over keep-alive, both endpoints, every answer checked.
  @Test(arguments: RequestDecoder.allCases)
  func concurrentClientsEachGetTheirOwnAnswers(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let port = fixture.port
    let failures = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      do {
        let client = try HTTPTestClient(port: port, timeout: 10)
        var generator = SplitMix64(seed: 1000 &+ UInt64(thread))
        for index in 0..<500 {
          let disagreement: String?
          if index % 2 == 0 {
            let mode = generator.pick(["translate", "scroll", "resize"])
            disagreement = try self.disagreement(
              client, path: "/avoid", body: request(&generator, mode: mode), request: AvoidRequest.self,
              compute: avoid)
          } else {
            disagreement = try self.disagreement(
              client, path: "/caret-follow", body: caretRequest(&generator),
              request: CaretFollowRequest.self, compute: caretFollow)
          }
          if let disagreement {
            failures.withLock { $0.append("client \(thread): \(disagreement)") }
          }
        }
      } catch {
        failures.withLock { $0.append("client \(thread): \(error)") }
      }
    }
    let found = failures.withLock { $0 }
    #expect(found.isEmpty, "\(found.prefix(5))")
  }

  @Test func healthz() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = fixture.request(path: "/healthz")
    #expect(response.status == 200)
    #expect(try response.jsonObject()["status"] as? String == "ok")
    #expect(response.headers["Content-Type"] == "application/json")
  }

  @Test(arguments: RequestDecoder.allCases)
  func answersNeverHoldNegativeZero(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    // The field is not covered: the offset is 0 and must be written as 0, not -0.
    let response = try fixture.post(
      "/avoid",
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":300,"#
        + #""field":{"x":-0,"y":-0,"width":10,"height":10},"margin":-0}"#)
    #expect(response.status == 200)
    #expect(!response.bodyString.contains("-0"), "\(response.bodyString)")
  }
}

extension SplitMix64 {
  /// A number in `range`, on a quarter-point grid.
  fileprivate mutating func number(_ range: ClosedRange<Double>) -> Double {
    (Double.random(in: range, using: &self) * 4).rounded() / 4
  }
}
