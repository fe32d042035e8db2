import Foundation
import HTTPTesting
import LayoutCore
import LayoutTesting
import Testing

/// contract §4.5 over HTTP: `alsoRevealed` in answers, and every `alsoReveal` rule as a 422 with its
/// pointer, read by the service's own decoder.
@Suite("alsoReveal over HTTP")
struct AlsoRevealHTTPTests {
  static let rect = #"{"x":20,"y":748,"width":350,"height":16}"#

  /// A /avoid body with `"alsoReveal": value` (a form on a phone, the field at 380).
  static func body(_ value: String) -> String {
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"bottom":34},"#
      + #""keyboard":{"x":0,"y":508,"width":390,"height":336},"field":{"x":20,"y":380,"width":350,"height":44},"#
      + #""alsoReveal":"# + value + "}"
  }

  static func rects(_ count: Int) -> String {
    "[" + Array(repeating: rect, count: count).joined(separator: ",") + "]"
  }

  @Test("the field, its error text and the Send button: both revealed, the view moves 22 up")
  func formAnswer() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post(
      "/avoid",
      Self.body(#"[{"x":20,"y":428,"width":350,"height":16},{"x":20,"y":470,"width":350,"height":50}]"#))
    #expect(response.status == 200, "\(response.bodyString)")
    let answer = try response.jsonObject()
    #expect(answer["alsoRevealed"] as? [Bool] == [true, true])
    #expect((answer["offset"] as? [String: Any])?["y"] as? Double == -22)
    #expect(answer["fits"] as? Bool == true)
    // The last member, after fits.
    #expect(
      response.bodyString.hasSuffix(#""fits":true,"alsoRevealed":[true,true]}"#), "\(response.bodyString)")
  }

  @Test("[] answers alsoRevealed []; null and absence answer no alsoRevealed; 16 are accepted")
  func emptyNullAndFull() throws {
    let fixture = try HTTPTestServer.layoutd()
    let empty = try fixture.post("/avoid", Self.body("[]")).jsonObject()
    #expect(empty["alsoRevealed"] as? [Bool] == [])
    let null = try fixture.post("/avoid", Self.body("null")).jsonObject()
    #expect(null["alsoRevealed"] == nil && null["fits"] as? Bool == true)
    let full = try fixture.post("/avoid", Self.body(Self.rects(16))).jsonObject()
    #expect((full["alsoRevealed"] as? [Bool])?.count == 16)
  }

  @Test(arguments: [
    (rects(17), "/alsoReveal", "too-many"),
    (rect, "/alsoReveal", "wrong-type"),
    ("true", "/alsoReveal", "wrong-type"),
    ("[\(rect),\(rect),null]", "/alsoReveal/2", "wrong-type"),
    ("[\(rect),7]", "/alsoReveal/1", "wrong-type"),
    (#"[{"x":0,"y":0,"width":1}]"#, "/alsoReveal/0/height", "missing-member"),
    (
      "[\(rect),\(rect),{\"x\":0,\"y\":0,\"width\":1,\"height\":\"16\"}]", "/alsoReveal/2/height",
      "wrong-type"
    ),
    ("[\(rect),\(rect),{\"x\":0,\"y\":0,\"width\":1,\"height\":-1}]", "/alsoReveal/2/height", "negative"),
    (#"[{"x":0,"y":-2e9,"width":1,"height":1}]"#, "/alsoReveal/0/y", "out-of-range"),
    (#"[{"x":0,"y":0,"width":1e400,"height":1}]"#, "/alsoReveal/0/width", "not-finite"),
    ("[\(rect),{\"x\":0,\"y\":0,\"y\":1,\"width\":1,\"height\":1}]", "/alsoReveal/1/y", "duplicate-member"),
  ])
  func violationsAre422WithPointer(value: String, pointer: String, rule: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post("/avoid", Self.body(value))
    #expect(response.status == 422, "\(response.bodyString)")
    #expect(response.headers["Content-Type"] == "application/problem+json")
    let problem = try response.jsonObject()
    #expect(problem["pointer"] as? String == pointer, "\(response.bodyString)")
    #expect(problem["type"] as? String == "urn:layoutd:problem:\(rule)")
    #expect((problem["detail"] as? String)?.isEmpty == false)
  }

  @Test(
    "the service's answers with alsoReveal equal Foundation's decoding, the core and JSONEncoder",
    arguments: ["translate", "scroll", "resize"])
  func answersMatchTheCore(mode: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let endpoints = EndpointTests()
    var generator = SplitMix64(seed: 4500 &+ UInt64(mode.utf8.count))
    var disagreements: [String] = []
    func grid(_ range: ClosedRange<Double>) -> Double {
      (Double.random(in: range, using: &generator) * 4).rounded() / 4
    }
    for _ in 0..<200 {
      var body = endpoints.request(&generator, mode: mode)
      let field = try #require(body["field"] as? [String: Double])
      let y = try #require(field["y"])
      body["alsoReveal"] = (0..<Int(generator.next() % 7)).map { _ in
        [
          "x": 16, "y": y + grid(-120...240), "width": grid(0...300), "height": grid(0...80),
        ]
      }
      if let disagreement = try endpoints.disagreement(
        fixture, path: "/avoid", body: body, request: AvoidRequest.self, compute: avoid)
      {
        disagreements.append(disagreement)
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(2))")
  }

  @Test("a bad alsoReveal does not hurt the next request on the same connection")
  func badThenGood() throws {
    let fixture = try HTTPTestServer.layoutd()
    let client = try fixture.client()
    #expect(try client.post("/avoid", Self.body(Self.rects(40))).status == 422)
    let good = try client.post("/avoid", Self.body(Self.rects(2)))
    #expect(good.status == 200)
    #expect(try good.jsonObject()["alsoRevealed"] as? [Bool] == [true, true])
  }

  @Test("/caret-follow has no alsoReveal: an unknown member, ignored")
  func caretFollowIgnoresIt() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post(
      "/caret-follow",
      #"{"textView":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":336,"#
        + #""caret":{"x":120,"y":1500,"width":2,"height":20},"contentOffset":{"x":0,"y":1000},"#
        + #""contentSize":{"width":390,"height":3000},"alsoReveal":"[nonsense]"}"#)
    #expect(response.status == 200, "\(response.bodyString)")
    #expect(try response.jsonObject()["alsoRevealed"] == nil)
  }
}
