import Foundation
import LayoutCore
import Testing

@Suite("Decoding valid requests: values and defaults")
struct DecodingTests {
  @Test("a minimal /avoid request gets every default")
  func avoidDefaults() throws {
    let request = try Decoding.decode(
      AvoidRequest.self,
      #"""
      {"container": {"x": 0, "y": 0, "width": 390, "height": 844},
       "field": {"x": 20, "y": 700, "width": 350, "height": 44},
       "keyboard": {"x": 0, "y": 508, "width": 390, "height": 336}}
      """#)
    #expect(request.container == Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(request.field == Rect(x: 20, y: 700, width: 350, height: 44))
    #expect(request.keyboard == .frame(Rect(x: 0, y: 508, width: 390, height: 336)))
    #expect(request.screen == nil)
    #expect(request.undocked == .ignore)
    #expect(request.safeArea == .zero)
    #expect(request.margin == 10)
    #expect(request.mode == .translate)
    #expect(request.contentOffset == nil)
    #expect(request.contentSize == nil)
    #expect(request.contentInset == .zero)
    #expect(request.animation == nil)
  }

  @Test("a full /avoid request keeps every value; unknown members are ignored")
  func avoidFull() throws {
    let request = try Decoding.decode(
      AvoidRequest.self,
      #"""
      {"container": {"x": 1, "y": 2, "width": 3, "height": 4, "z": 9},
       "field": {"x": 5, "y": 6, "width": 7, "height": 8},
       "keyboardHeight": 300, "screen": {"x": 0, "y": 0, "width": 390, "height": 844},
       "undocked": "avoid", "safeArea": {"top": 47, "bottom": 34}, "margin": 4, "mode": "scroll",
       "contentOffset": {"x": 0, "y": -47}, "contentSize": {"width": 390, "height": 2000},
       "contentInset": {"top": -20, "right": 3}, "animation": {"duration": 0.4, "curve": 7.0},
       "future": [1, {"a": null}]}
      """#)
    #expect(request.container == Rect(x: 1, y: 2, width: 3, height: 4))
    #expect(request.field == Rect(x: 5, y: 6, width: 7, height: 8))
    #expect(request.keyboard == .height(300))
    #expect(request.screen == Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(request.undocked == .avoid)
    #expect(request.safeArea == Insets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(request.margin == 4)
    #expect(request.mode == .scroll)
    #expect(request.contentOffset == Point(x: 0, y: -47))
    #expect(request.contentSize == Size(width: 390, height: 2000))
    #expect(request.contentInset == Insets(top: -20, left: 0, bottom: 0, right: 3))
    #expect(request.animation == KeyboardAnimation(duration: 0.4, curve: 7))
  }

  @Test("an empty animation object gets duration 0.25 and curve 7")
  func animationDefaults() throws {
    let request = try Decoding.decode(
      AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": {}"#))
    #expect(request.animation == KeyboardAnimation(duration: 0.25, curve: 7))
  }

  @Test("a minimal /caret-follow request gets margin 0 and lineHeight 0")
  func caretDefaults() throws {
    let request = try Decoding.decode(CaretFollowRequest.self, Requests.caret(#""keyboardHeight": 336"#))
    #expect(request.textView == Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(request.caret == Rect(x: 120, y: 1500, width: 2, height: 20))
    #expect(request.contentOffset == Point(x: 0, y: 1000))
    #expect(request.contentSize == Size(width: 390, height: 3000))
    #expect(request.keyboard == .height(336))
    #expect(request.margin == 0)
    #expect(request.lineHeight == 0)
    #expect(request.contentInset == .zero)
    #expect(request.safeArea == .zero)
    #expect(request.screen == nil)
    #expect(request.undocked == .ignore)
  }

  @Test("\"keyboard\": null is a hidden keyboard; a missing keyboard is an error")
  func keyboardNullVersusMissing() throws {
    let hidden = try Decoding.decode(AvoidRequest.self, Requests.avoid(#""keyboard": null"#))
    #expect(hidden.keyboard == .hidden)
    let missing = Decoding.error(AvoidRequest.self, Requests.avoid(#""keybaord": null"#))
    #expect(missing?.kind == .noKeyboard)
    #expect(missing?.pointer == "/keyboard")
  }

  @Test("-0 is valid and reads as 0")
  func negativeZero() throws {
    let request = try Decoding.decode(
      AvoidRequest.self, Requests.avoid(#""keyboardHeight": -0, "margin": -0.0, "safeArea": {"top": -0}"#))
    #expect(request.keyboard == .height(0))
    #expect(request.margin == 0 && request.margin.sign == .plus)
    #expect(request.safeArea.top.sign == .plus)
    guard case .height(let height) = request.keyboard else { return }
    #expect(height.sign == .plus)
  }

  @Test("a null optional member takes its default")
  func nullOptional() throws {
    let request = try Decoding.decode(
      AvoidRequest.self,
      Requests.avoid(#""keyboard": null, "margin": null, "mode": null, "safeArea": null, "animation": null"#))
    #expect(request.margin == 10)
    #expect(request.mode == .translate)
    #expect(request.safeArea == .zero)
    #expect(request.animation == nil)
    let animation = try Decoding.decode(
      AvoidRequest.self, Requests.avoid(#""keyboard": null, "animation": {"duration": null, "curve": null}"#))
    #expect(animation.animation == KeyboardAnimation(duration: 0.25, curve: 7))
  }

  @Test("a null required member is a wrong type, not a missing one")
  func nullRequired() {
    let error = Decoding.error(
      AvoidRequest.self, Requests.avoid(#""keyboard": {"x": null, "y": 0, "width": 1, "height": 1}"#))
    #expect(error?.kind == .wrongType)
    #expect(error?.pointer == "/keyboard/x")
  }

  @Test("numbers at the ±1e9 limit are accepted")
  func limits() throws {
    let request = try Decoding.decode(
      AvoidRequest.self,
      Requests.avoid(#""keyboard": {"x": -1e9, "y": 1000000000, "width": 0, "height": 1e9}"#))
    #expect(request.keyboard == .frame(Rect(x: -1e9, y: 1e9, width: 0, height: 1e9)))
  }
}

/// Request bodies with the required members filled in.
enum Requests {
  static let container = #""container": {"x": 0, "y": 0, "width": 390, "height": 844}"#
  static let field = #""field": {"x": 20, "y": 700, "width": 350, "height": 44}"#

  /// An /avoid body with `container`, `field` and `members`.
  static func avoid(_ members: String) -> String {
    "{\(container), \(field), \(members)}"
  }

  /// A /caret-follow body with `textView`, `caret`, `contentOffset`, `contentSize` and `members`.
  static func caret(_ members: String) -> String {
    #"""
    {"textView": {"x": 0, "y": 0, "width": 390, "height": 844},
     "caret": {"x": 120, "y": 1500, "width": 2, "height": 20},
     "contentOffset": {"x": 0, "y": 1000}, "contentSize": {"width": 390, "height": 3000},
    """# + members + "}"
  }
}

@Suite("Contract names: each enumeration's spellings read back exactly")
struct ContractNameTests {
  /// Every spelling with one byte changed at each place, cut short by one, one byte longer, and
  /// in upper case: none of them is a case.
  static func nearMisses(_ spelling: String) -> [String] {
    let bytes = Array(spelling.utf8)
    var misses = (0..<bytes.count).map { index in
      var changed = bytes
      changed[index] ^= 0x01
      return String(decoding: changed, as: UTF8.self)
    }
    misses += [String(spelling.dropLast()), spelling + "x", "x" + spelling, spelling.uppercased()]
    return misses.filter { $0 != spelling }
  }

  static func check<Value: ContractName>(_: Value.Type) {
    for value in Value.allCases {
      #expect(Value(rawValue: value.rawValue) == value)
      for miss in nearMisses(value.rawValue) where !Value.allCases.contains(where: { $0.rawValue == miss }) {
        #expect(Value(rawValue: miss) == nil, "\(miss) is not a \(Value.self)")
      }
    }
    #expect(Value(rawValue: "") == nil)
  }

  @Test("every case of every enumeration, spellings of 3 to 16 bytes, and their near misses")
  func everySpelling() {
    // "ios" (3 bytes), "avoid" (5), "translate" (9), "resizes-content" (15), "overlays-content" (16).
    Self.check(AvoidMode.self)
    Self.check(UndockedPolicy.self)
    Self.check(KeyboardState.self)
    Self.check(AnimationPlatform.self)
    Self.check(ChatLift.self)
    Self.check(SheetKeyboardBehavior.self)
    Self.check(InteractiveWidget.self)
  }
}

/// Decoding through Foundation's `JSONDecoder`, with every failure as a `LayoutValidationError`.
enum Decoding {
  static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: Data(json.utf8))
    } catch let error as DecodingError {
      throw LayoutValidationError(error)
    }
  }

  /// The validation error decoding `json` gives; nil when it decodes.
  static func error<T: Decodable>(_ type: T.Type, _ json: String) -> LayoutValidationError? {
    do {
      _ = try decode(type, json)
      return nil
    } catch let error as LayoutValidationError {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }
}
