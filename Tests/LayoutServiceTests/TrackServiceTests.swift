import Foundation
import HTTPTesting
import LayoutCore
import LayoutTesting
import Testing

@testable import LayoutService

/// contract §11 over HTTP: `track` in answers of both endpoints and of batch items, with each
/// decoder, and the request member's rules as 422s with their pointers.
@Suite("track over HTTP")
struct TrackServiceTests {
  /// The worked translate example (field 700…744 under a 336-point keyboard), with `extra` members.
  static func avoid(_ extra: String = "") -> String {
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"#
      + #""keyboard":{"x":0,"y":508,"width":390,"height":336},"field":{"x":20,"y":700,"width":350,"height":44},"#
      + #""margin":10"# + extra + "}"
  }

  /// The worked caret-follow example, with `extra` members.
  static func caret(_ extra: String = "") -> String {
    #"{"textView":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":336,"#
      + #""caret":{"x":100,"y":700,"width":2,"height":20},"contentOffset":{"x":0,"y":0},"#
      + #""contentSize":{"width":390,"height":2000}"# + extra + "}"
  }

  @Test(
    "the track is the answer's last member, its numbers written as the rest",
    arguments: RequestDecoder.allCases)
  func trackIsWritten(decoder: RequestDecoder) throws {
    let fixture = HTTPTestService.layoutd(decoder: decoder)
    let translate = try fixture.post("/avoid", Self.avoid(#","track":true"#))
    #expect(translate.status == 200, "\(translate.bodyString)")
    #expect(
      translate.bodyString
        == #"{"mode":"translate","keyboard":{"state":"docked","overlap":336},"offset":{"x":0,"y":-246},"#
        + #""fits":true,"track":{"keyboardHeight":[0,90,336],"overlap":[0,90,336],"offsetY":[0,0,-246]}}"#)
    let caret = try fixture.post("/caret-follow", Self.caret(#","track":true"#))
    #expect(
      caret.bodyString.hasSuffix(
        #""caretVisible":true,"track":{"keyboardHeight":[0,124,336],"overlap":[0,124,336],"#
          + #""contentOffsetY":[0,0,212],"contentInsetBottom":[0,124,336]}}"#), "\(caret.bodyString)")
  }

  @Test(
    "without track, with false or null: the same bytes as before, no track member",
    arguments: RequestDecoder.allCases)
  func noTrackChangesNoByte(decoder: RequestDecoder) throws {
    let fixture = HTTPTestService.layoutd(decoder: decoder)
    let expected =
      #"{"mode":"translate","keyboard":{"state":"docked","overlap":336},"offset":{"x":0,"y":-246},"fits":true}"#
    for extra in ["", #","track":false"#, #","track":null"#] {
      let response = try fixture.post("/avoid", Self.avoid(extra))
      #expect(response.status == 200)
      #expect(response.bodyString == expected, "\(extra)")
    }
    let plain = try fixture.post("/caret-follow", Self.caret()).bodyString
    #expect(!plain.contains("track"))
    #expect(try fixture.post("/caret-follow", Self.caret(#","track":null"#)).bodyString == plain)
  }

  @Test(
    "a track that is not a boolean is a wrong type at /track, and /2/track in a batch",
    arguments: ["1", #""yes""#, "[]", "{}", "0"], RequestDecoder.allCases)
  func notABoolean(value: String, decoder: RequestDecoder) throws {
    let fixture = HTTPTestService.layoutd(decoder: decoder)
    for (path, body) in [
      ("/avoid", Self.avoid(#","track":"# + value)), ("/caret-follow", Self.caret(#","track":"# + value)),
    ] {
      let response = try fixture.post(path, body)
      #expect(response.status == 422, "\(path) \(value): \(response.bodyString)")
      let problem = try response.jsonObject()
      #expect(problem["type"] as? String == "urn:layoutd:problem:wrong-type")
      #expect(problem["pointer"] as? String == "/track")
    }
    let batch = try fixture.post(
      "/avoid/batch",
      "["
        + [Self.avoid(), Self.avoid(#","track":true"#), Self.avoid(#","track":"# + value)].joined(
          separator: ",") + "]")
    let elements = try #require(try batch.json() as? [[String: Any]])
    #expect(elements.count == 3)
    #expect(elements[0]["track"] == nil && elements[0]["status"] == nil)
    #expect(elements[1]["track"] != nil)
    #expect(elements[2]["pointer"] as? String == "/2/track")
    #expect(elements[2]["type"] as? String == "urn:layoutd:problem:wrong-type")
  }

  @Test(
    "a batch item asks for its own track; the others answer as without", arguments: RequestDecoder.allCases)
  func batchItems(decoder: RequestDecoder) throws {
    let fixture = HTTPTestService.layoutd(decoder: decoder)
    let items = [Self.caret(), Self.caret(#","track":true"#), Self.caret(#","track":false"#)]
    let batch = try fixture.post("/caret-follow/batch", "[" + items.joined(separator: ",") + "]")
    #expect(batch.status == 200)
    let elements = try #require(try batch.json() as? [Any])
    for (index, item) in items.enumerated() {
      let single = try fixture.post("/caret-follow", item).json()
      let differences = JSONComparison.differences(elements[index], single, unpinned: [])
      #expect(differences.isEmpty, "item \(index): \(differences)")
    }
    #expect((elements[1] as? [String: Any])?["track"] != nil)
  }

  @Test(
    "tracked answers equal the core's through JSONEncoder, in every mode, with companions",
    arguments: ["translate", "scroll", "resize"], RequestDecoder.allCases)
  func answersMatchTheCore(mode: String, decoder: RequestDecoder) throws {
    let fixture = HTTPTestService.layoutd(decoder: decoder)
    let endpoints = EndpointTests()
    var generator = SplitMix64(seed: 1700 &+ UInt64(mode.utf8.count))
    var disagreements: [String] = []
    for index in 0..<150 {
      var body = endpoints.request(&generator, mode: mode)
      body["track"] = true
      if index % 2 == 0, let field = body["field"] as? [String: Double], let y = field["y"] {
        body["alsoReveal"] = [
          ["x": 16, "y": y + 60, "width": 200, "height": 40],
          ["x": 16, "y": y - 30, "width": 80, "height": 20],
        ]
      }
      if let disagreement = try endpoints.disagreement(
        fixture, path: "/avoid", body: body, request: AvoidRequest.self, compute: LayoutCore.avoid)
      {
        disagreements.append(disagreement)
      }
      var caret = endpoints.caretRequest(&generator)
      caret["track"] = true
      if let disagreement = try endpoints.disagreement(
        fixture, path: "/caret-follow", body: caret, request: CaretFollowRequest.self,
        compute: caretFollow)
      {
        disagreements.append(disagreement)
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(2))")
  }
}
