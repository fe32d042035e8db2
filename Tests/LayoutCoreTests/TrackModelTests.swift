import Foundation
import Testing

@testable import LayoutCore

@Suite("§11 track: the request member, the answer's shape and the interpolation rule")
struct TrackModelTests {
  /// The worked example's track: a jump at 137.
  let track = KeyboardTrack(
    keyboardHeight: [0, 84, 137, 137, 336], overlap: [0, 84, 137, 137, 336],
    members: .translate(offsetY: [0, 0, -53, 0, 0]))

  @Test("interpolation: straight between breakpoints, the value before a jump at its own height")
  func interpolation() {
    let offsetY = track.members.arrays[0]
    #expect(track.value(of: offsetY, at: 0) == 0)
    #expect(track.value(of: offsetY, at: 84) == 0)
    #expect(track.value(of: offsetY, at: 110.5) == -26.5)
    #expect(track.value(of: offsetY, at: 137) == -53)
    #expect(track.value(of: offsetY, at: 137.25) == 0)
    #expect(track.value(of: track.overlap, at: 200) == 200)
    #expect(track.value(of: track.overlap, at: 336) == 336)
    // Outside 0…H: the nearest end.
    #expect(track.value(of: track.overlap, at: -5) == 0)
    #expect(track.value(of: track.overlap, at: 400) == 336)
  }

  @Test("interpolation: one breakpoint, a jump at 0, and the smallest i at a repeated last height")
  func interpolationCorners() {
    #expect(KeyboardTrack.interpolate([580], keyboardHeight: [0], at: 0) == 580)
    #expect(KeyboardTrack.interpolate([580], keyboardHeight: [0], at: 100) == 580)
    let jumpAtZero = [0.0, -6, -306]
    #expect(KeyboardTrack.interpolate(jumpAtZero, keyboardHeight: [0, 0, 300], at: 0) == 0)
    #expect(KeyboardTrack.interpolate(jumpAtZero, keyboardHeight: [0, 0, 300], at: 150) == -156)
    // A jump at H (which §11 rules out): at H itself the value before the jump.
    #expect(KeyboardTrack.interpolate([0, 100, 0], keyboardHeight: [0, 300, 300], at: 300) == 100)
    #expect(KeyboardTrack.interpolate([0, 100, 0], keyboardHeight: [0, 300, 300], at: 150) == 50)
  }

  @Test("interpolation past h_n: the value at h_n, which after equal last breakpoints is the one before")
  func interpolationPastTheEnd() {
    // At h_n = 300 the smallest i with 300 <= h_{i+1} is 0: v_1 = 100, not the 0 after the jump;
    // a height past h_n reads as h_n (§11 defines values on 0…H only, and never jumps at H).
    #expect(KeyboardTrack.interpolate([0, 100, 0], keyboardHeight: [0, 300, 300], at: 400) == 100)
    #expect(KeyboardTrack.interpolate([0, 100, 0], keyboardHeight: [0, 300, 300], at: .infinity) == 100)
    #expect(KeyboardTrack.interpolate([0, 100, 50], keyboardHeight: [0, 300, 400], at: 500) == 50)
  }

  @Test("the request member: true, false, null and absent; anything else is a wrong type at /track")
  func requestMember() throws {
    let keyboard = #""keyboardHeight": 336"#
    #expect(try Decoding.decode(AvoidRequest.self, Requests.avoid(keyboard + #", "track": true"#)).track)
    #expect(try !Decoding.decode(AvoidRequest.self, Requests.avoid(keyboard + #", "track": false"#)).track)
    #expect(try !Decoding.decode(AvoidRequest.self, Requests.avoid(keyboard + #", "track": null"#)).track)
    #expect(try !Decoding.decode(AvoidRequest.self, Requests.avoid(keyboard)).track)
    #expect(
      try Decoding.decode(CaretFollowRequest.self, Requests.caret(#""keyboard": null, "track": true"#)).track)
    for value in ["1", "0", #""yes""#, #""true""#, "[]", "{}"] {
      let error = Decoding.error(AvoidRequest.self, Requests.avoid(keyboard + #", "track": "# + value))
      #expect(error?.kind == .wrongType, "\(value)")
      #expect(error?.pointer == "/track", "\(value)")
      #expect(error?.detail == "`track` must be true or false.", "\(value)")
      let caret = Decoding.error(
        CaretFollowRequest.self, Requests.caret(#""keyboard": null, "track": "# + value))
      #expect(caret?.pointer == "/track", "\(value)")
    }
  }

  @Test("requests and answers with a track round-trip through Codable, in every mode")
  func roundTrip() throws {
    for mode in AvoidMode.allCases {
      let request = AvoidRequest(
        container: Rect(x: 0, y: 0, width: 390, height: 844),
        field: Rect(x: 20, y: 700, width: 350, height: 44),
        keyboard: .height(336), safeArea: Insets(bottom: 34), mode: mode, contentOffset: .zero,
        contentSize: Size(width: 390, height: 2000), track: true)
      let decoded = try JSONDecoder().decode(AvoidRequest.self, from: JSONEncoder().encode(request))
      #expect(decoded == request)
      let answer = avoid(request)
      #expect(answer.track?.memberNames == [NamedNumbers].names(of: mode))
      #expect(try JSONDecoder().decode(AvoidAnswer.self, from: JSONEncoder().encode(answer)) == answer)
    }
    let caret = CaretFollowRequest(
      textView: Rect(x: 0, y: 0, width: 390, height: 844), caret: Rect(x: 100, y: 700, width: 2, height: 20),
      contentOffset: .zero, contentSize: Size(width: 390, height: 2000), keyboard: .height(336), track: true)
    #expect(try JSONDecoder().decode(CaretFollowRequest.self, from: JSONEncoder().encode(caret)) == caret)
    let answer = caretFollow(caret)
    #expect(try JSONDecoder().decode(CaretFollowAnswer.self, from: JSONEncoder().encode(answer)) == answer)
  }

  @Test("encoding: the contract's member names per mode; no track member unless asked for")
  func shape() throws {
    func keys(_ mode: AvoidMode, track: Bool) throws -> Set<String>? {
      let request = AvoidRequest(
        container: Rect(x: 0, y: 0, width: 390, height: 844),
        field: Rect(x: 20, y: 700, width: 350, height: 44),
        keyboard: .height(336), mode: mode, contentOffset: .zero, contentSize: Size(width: 390, height: 2000),
        track: track)
      let json =
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(avoid(request))) as? [String: Any]
      return (json?["track"] as? [String: Any]).map { Set($0.keys) }
    }
    #expect(try keys(.translate, track: true) == ["keyboardHeight", "overlap", "offsetY"])
    #expect(
      try keys(.scroll, track: true) == ["keyboardHeight", "overlap", "contentOffsetY", "contentInsetBottom"])
    #expect(
      try keys(.resize, track: true) == [
        "keyboardHeight", "overlap", "bottomInset", "additionalSafeAreaBottom", "visibleHeight",
      ])
    #expect(try keys(.translate, track: false) == nil)
  }

  @Test("decoding a track: arrays of unequal length, none, or another mode's members are refused")
  func decodingRefusals() {
    func answer(_ track: String, mode: String = "translate") -> String {
      #"{"mode":""# + mode + #"","keyboard":{"state":"docked","overlap":1},"offset":{"x":0,"y":0},"#
        + #""contentOffset":{"x":0,"y":0},"contentInset":{},"scrollIndicatorInsets":{},"#
        + #""bottomInset":0,"additionalSafeAreaInsets":{},"visible":{"x":0,"y":0,"width":1,"height":1},"#
        + #""fits":true,"track":"# + track + "}"
    }
    func decodes(_ json: String) -> Bool {
      (try? JSONDecoder().decode(AvoidAnswer.self, from: Data(json.utf8))) != nil
    }
    #expect(decodes(answer(#"{"keyboardHeight":[0,1],"overlap":[0,1],"offsetY":[0,0]}"#)))
    #expect(!decodes(answer(#"{"keyboardHeight":[0,1],"overlap":[0],"offsetY":[0,0]}"#)))
    #expect(!decodes(answer(#"{"keyboardHeight":[],"overlap":[],"offsetY":[]}"#)))
    #expect(!decodes(answer(#"{"keyboardHeight":[0],"overlap":[0]}"#)))
    #expect(!decodes(answer(#"{"keyboardHeight":[0],"overlap":[0],"offsetY":[0]}"#, mode: "scroll")))
    #expect(
      decodes(
        answer(
          #"{"keyboardHeight":[0],"overlap":[0],"contentOffsetY":[0],"contentInsetBottom":[0]}"#,
          mode: "scroll")))
  }
}
