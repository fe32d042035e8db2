import Foundation
import HTTPTesting
import LayoutCore
import LayoutTesting
import Testing

/// contract §6 over HTTP: the fast path writes the motion, its easing and its frames as the core and
/// Foundation's encoder do, and the fast decoder validates `frameRate` as `Codable` does.
@Suite("§6 animation over HTTP")
struct AnimationServiceTests {
  static func body(_ animation: String) -> String {
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboard":{"x":0,"y":508,"width":390,"height":336},"#
      + #""field":{"x":20,"y":700,"width":350,"height":44},"animation":\#(animation)}"#
  }

  func animation(_ response: TestResponse) throws -> [String: Any] {
    #expect(response.status == 200, "\(response.bodyString)")
    return try #require(try response.jsonObject()["animation"] as? [String: Any])
  }

  @Test("answers with frames equal the core's, written by Foundation, for every curve and many rates")
  func framesMatchTheCore() throws {
    let fixture = HTTPTestService.layoutd()
    var generator = SplitMix64(seed: 66)
    for index in 0..<200 {
      let duration = index % 10 == 0 ? 0 : Double(generator.next() % 2000) / 1000 + 0.0001
      let curve = Int(generator.next() % 16)
      let frameRate = Int(generator.next() % 240) + 1
      let text = Self.body(#"{"duration":\#(duration),"curve":\#(curve),"frameRate":\#(frameRate)}"#)
      let request = try JSONDecoder().decode(AvoidRequest.self, from: Data(text.utf8))
      let expected = try JSONSerialization.jsonObject(with: JSONEncoder().encode(avoid(request)))
      let response = try fixture.post("/avoid", text)
      let differences = JSONComparison.differences(try response.json(), expected, unpinned: [])
      #expect(differences.isEmpty, "\(text): \(differences.prefix(3))")
    }
  }

  @Test("curve 7 at 120 frames a second: 61 values of the spring's closed form, the last exactly 1")
  func springFrames() throws {
    let fixture = HTTPTestService.layoutd()
    let answer = try animation(try fixture.post("/avoid", Self.body(#"{"curve":7,"frameRate":120}"#)))
    #expect(answer["motionDuration"] as? Double == 0.5)
    #expect((answer["easing"] as? String)?.hasPrefix("linear(0, ") == true)
    #expect(answer["timingFunction"] as? String == "cubic-bezier(0.38, 0.7, 0.125, 1)")
    let frames = try #require(answer["frames"] as? [Double])
    #expect(frames.count == 61)
    let omega = (1000.0 / 3).squareRoot()
    for (k, value) in frames.enumerated().dropLast() {
      let t = Double(k) / 120
      #expect(abs(value - (1 - exp(-omega * t) * (1 + omega * t))) < 1e-12, "frame \(k)")
    }
    #expect(frames.last == 1)
  }

  @Test("no frameRate, no frames; duration 0 gives motionDuration 0 and frames [1]")
  func framesOnlyWhenAsked() throws {
    let fixture = HTTPTestService.layoutd()
    let without = try animation(try fixture.post("/avoid", Self.body(#"{"duration":0.25,"curve":2}"#)))
    #expect(without["frames"] == nil)
    #expect(without["easing"] as? String == "ease-out")
    let instant = try animation(
      try fixture.post("/avoid", Self.body(#"{"duration":0,"curve":7,"frameRate":60}"#)))
    #expect(instant["motionDuration"] as? Double == 0)
    #expect(instant["frames"] as? [Double] == [1])
  }

  @Test("every answer carries the same curve-7 easing string")
  func oneSpringEasing() throws {
    let fixture = HTTPTestService.layoutd()
    var easings = Set<String>()
    for duration in ["0.25", "0.4", "2"] {
      let answer = try animation(
        try fixture.post("/avoid", Self.body(#"{"duration":\#(duration),"curve":7}"#)))
      easings.insert(try #require(answer["easing"] as? String))
    }
    #expect(easings == [Motion.springEasing])
  }

  @Test(
    "frameRate errors are 422 problems at /animation/frameRate",
    arguments: [
      (#"{"frameRate":"60"}"#, "wrong-type"), (#"{"frameRate":60.5}"#, "not-an-integer"),
      (#"{"frameRate":0}"#, "out-of-range"), (#"{"frameRate":241}"#, "out-of-range"),
      (#"{"frameRate":240,"duration":10.01,"curve":0}"#, "too-many"),
      (#"{"frameRate":241,"duration":100,"curve":0}"#, "out-of-range"),
      (#"{"frameRate":1e400}"#, "not-finite"),
    ])
  func frameRateErrors(animation: String, rule: String) throws {
    let fixture = HTTPTestService.layoutd()
    let response = try fixture.post("/avoid", Self.body(animation))
    #expect(response.status == 422, "\(animation)")
    #expect(response.headers["Content-Type"] == "application/problem+json")
    let problem = try response.jsonObject()
    #expect(problem["type"] as? String == "urn:layoutd:problem:\(rule)", "\(animation)")
    #expect(problem["pointer"] as? String == "/animation/frameRate", "\(animation)")
    let codable = try? JSONDecoder().decode(AvoidRequest.self, from: Data(Self.body(animation).utf8))
    #expect(codable == nil, "Codable accepted \(animation)")
  }

  @Test("ten seconds at 240 frames a second is 2,401 values")
  func mostFrames() throws {
    let fixture = HTTPTestService.layoutd()
    let answer = try animation(
      try fixture.post("/avoid", Self.body(#"{"frameRate":240,"duration":10,"curve":3}"#)))
    let frames = try #require(answer["frames"] as? [Double])
    #expect(frames.count == 2401)
    #expect(frames[1200] == 0.5)
    #expect(frames.last == 1)
  }
}

/// `GET /layoutd.js` serves the web client module embedded from `Assets/layoutd.js`.
@Suite("GET /layoutd.js")
struct ClientModuleRouteTests {
  static let fileOnDisk = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets/layoutd.js")

  @Test func servesTheModuleAsJavaScript() throws {
    let fixture = HTTPTestService.layoutd()
    let response = fixture.request(method: "GET", path: "/layoutd.js")
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
    #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    #expect(response.body == Array(try Data(contentsOf: Self.fileOnDisk)))
  }

  @Test func theModuleExportsTheClientAndImportsNothing() throws {
    let module = try String(contentsOf: Self.fileOnDisk, encoding: .utf8)
    for name in ["avoid", "caretFollow", "animateAnswer"] {
      #expect(module.contains("export function \(name)("), "\(name)")
    }
    #expect(!module.split(separator: "\n").contains { $0.hasPrefix("import") })
    #expect(!module.contains("http://") && !module.contains("https://"))
  }

  @Test func thePlaygroundMayLoadIt() throws {
    let fixture = HTTPTestService.layoutd()
    let response = fixture.request(method: "GET", path: "/")
    #expect(response.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
    #expect(response.bodyString.contains(#"from "/layoutd.js""#))
  }

  @Test func postIsNotAllowed() throws {
    let fixture = HTTPTestService.layoutd()
    #expect(try fixture.post("/layoutd.js", "{}").status == 405)
  }
}
