import Foundation
import Testing

@testable import LayoutCore

@Suite("Encoding: the contract §4.4 and §5 shapes")
struct EncodingTests {
  func object<T: Encodable>(_ value: T) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any] ?? [:]
  }

  let keyboard = KeyboardAnswer(state: .docked, overlap: 336)

  @Test("translate answers carry mode, keyboard, offset, fits")
  func translateShape() throws {
    let answer = AvoidAnswer(keyboard: keyboard, layout: .translate(offset: Point(x: 0, y: -246)), fits: true)
    let json = try object(answer)
    #expect(Set(json.keys) == ["mode", "keyboard", "offset", "fits"])
    #expect(json["mode"] as? String == "translate")
    #expect(Set((json["keyboard"] as? [String: Any] ?? [:]).keys) == ["state", "overlap"])
    #expect(Set((json["offset"] as? [String: Any] ?? [:]).keys) == ["x", "y"])
  }

  @Test("scroll answers carry contentOffset and both insets with all four members")
  func scrollShape() throws {
    let insets = Insets(bottom: 302)
    let answer = AvoidAnswer(
      keyboard: keyboard,
      layout: .scroll(
        contentOffset: Point(x: 0, y: 746), contentInset: insets, scrollIndicatorInsets: insets),
      fits: true)
    let json = try object(answer)
    #expect(
      Set(json.keys) == [
        "mode", "keyboard", "contentOffset", "contentInset", "scrollIndicatorInsets", "fits",
      ])
    #expect(json["mode"] as? String == "scroll")
    for key in ["contentInset", "scrollIndicatorInsets"] {
      let members = json[key] as? [String: Any] ?? [:]
      #expect(Set(members.keys) == ["top", "left", "bottom", "right"], "\(key)")
      #expect((members["top"] as? NSNumber)?.doubleValue == 0)
    }
  }

  @Test("resize answers carry bottomInset, additionalSafeAreaInsets and visible")
  func resizeShape() throws {
    let answer = AvoidAnswer(
      keyboard: keyboard,
      layout: .resize(
        bottomInset: 336, additionalSafeAreaInsets: Insets(bottom: 302),
        visible: Rect(x: 0, y: 0, width: 390, height: 508)),
      fits: false)
    let json = try object(answer)
    #expect(
      Set(json.keys) == ["mode", "keyboard", "bottomInset", "additionalSafeAreaInsets", "visible", "fits"])
    #expect(json["mode"] as? String == "resize")
    #expect(
      Set((json["additionalSafeAreaInsets"] as? [String: Any] ?? [:]).keys) == [
        "top", "left", "bottom", "right",
      ])
    #expect(Set((json["visible"] as? [String: Any] ?? [:]).keys) == ["x", "y", "width", "height"])
  }

  @Test("animation is present only when the request had one")
  func animationPresence() throws {
    let container = Rect(x: 0, y: 0, width: 390, height: 844)
    let field = Rect(x: 20, y: 700, width: 350, height: 44)
    let without = try object(avoid(AvoidRequest(container: container, field: field, keyboard: .height(336))))
    #expect(without["animation"] == nil)
    let with = try object(
      avoid(
        AvoidRequest(
          container: container, field: field, keyboard: .height(336), animation: KeyboardAnimation())))
    let animation = with["animation"] as? [String: Any] ?? [:]
    #expect(
      Set(animation.keys) == ["duration", "curve", "options", "motionDuration", "easing", "timingFunction"])
    let withFrames = try object(
      avoid(
        AvoidRequest(
          container: container, field: field, keyboard: .height(336),
          animation: KeyboardAnimation(frameRate: 60))))
    let framed = withFrames["animation"] as? [String: Any] ?? [:]
    #expect(
      Set(framed.keys) == [
        "duration", "curve", "options", "motionDuration", "easing", "frames", "timingFunction",
      ])
  }

  @Test("the fast path's key order: mode, keyboard, the mode's members, fits, animation")
  func keyOrder() throws {
    let answer = AvoidAnswer(
      keyboard: keyboard, layout: .translate(offset: .zero), fits: true,
      animation: KeyboardAnimation().answer)
    let recorder = KeyRecorder()
    try answer.encode(to: recorder)
    #expect(recorder.keys.keys == ["mode", "keyboard", "offset", "fits", "animation"])
  }

  @Test("caret-follow answers carry exactly contract §5's members")
  func caretShape() throws {
    let answer = CaretFollowAnswer(
      keyboard: keyboard, contentOffset: Point(x: 0, y: 1012), contentInset: Insets(bottom: 336),
      scrollIndicatorInsets: Insets(bottom: 336), changed: true, caretVisible: true)
    let json = try object(answer)
    #expect(
      Set(json.keys) == [
        "keyboard", "contentOffset", "contentInset", "scrollIndicatorInsets", "changed", "caretVisible",
      ])
  }

  @Test("answers decode back to themselves")
  func answerRoundTrip() throws {
    let answers = [
      AvoidAnswer(keyboard: keyboard, layout: .translate(offset: Point(x: 0, y: -246)), fits: true),
      AvoidAnswer(
        keyboard: keyboard,
        layout: .scroll(
          contentOffset: Point(x: 1, y: 2), contentInset: Insets(top: 3),
          scrollIndicatorInsets: Insets(left: 4)),
        fits: false,
        animation: AnimationAnswer(
          duration: 0.3, curve: 1, options: 65536, motionDuration: 0.3, easing: "ease-in",
          frames: MotionFrames([0, 0.5, 1]), timingFunction: "ease-in")),
      AvoidAnswer(
        keyboard: KeyboardAnswer(state: .hidden, overlap: 0),
        layout: .resize(
          bottomInset: 0, additionalSafeAreaInsets: .zero, visible: Rect(x: 0, y: 0, width: 1, height: 2)),
        fits: true),
    ]
    for answer in answers {
      #expect(try JSONDecoder().decode(AvoidAnswer.self, from: JSONEncoder().encode(answer)) == answer)
    }
  }

  @Test("requests round-trip; the keyboard is written as the member it was read from")
  func requestRoundTrip() throws {
    let container = Rect(x: 0, y: 0, width: 390, height: 844)
    let field = Rect(x: 20, y: 700, width: 350, height: 44)
    for keyboard in [KeyboardInput.hidden, .height(336), .frame(Rect(x: 0, y: 508, width: 390, height: 336))]
    {
      let request = AvoidRequest(
        container: container, field: field, keyboard: keyboard, mode: .scroll, contentOffset: .zero,
        contentSize: Size(width: 390, height: 900), animation: KeyboardAnimation(duration: 0.3, curve: 2))
      let data = try JSONEncoder().encode(request)
      #expect(try JSONDecoder().decode(AvoidRequest.self, from: data) == request)
      let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
      switch keyboard {
      case .hidden: #expect(json["keyboard"] is NSNull && json["keyboardHeight"] == nil)
      case .height: #expect(json["keyboard"] == nil && json["keyboardHeight"] != nil)
      case .frame: #expect(json["keyboard"] is [String: Any] && json["keyboardHeight"] == nil)
      case .viewport: #expect(json["viewport"] is [String: Any] && json["keyboard"] == nil)
      }
    }
    let caret = CaretFollowRequest(
      textView: container, caret: field, contentOffset: Point(x: 0, y: 5),
      contentSize: Size(width: 1, height: 2),
      keyboard: .hidden, screen: container, undocked: .avoid, margin: 3, lineHeight: 22)
    #expect(try JSONDecoder().decode(CaretFollowRequest.self, from: JSONEncoder().encode(caret)) == caret)
  }
}

/// An `Encoder` that records the top-level keys in the order they are written.
final class KeyRecorder: Encoder {
  final class Keys {
    var keys: [String] = []
  }

  let keys = Keys()
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Container<Key>(keys: keys))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("not used") }
  func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("not used") }

  struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let keys: Keys
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) throws { keys.keys.append(key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      keys.keys.append(key.stringValue)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    )
      -> KeyedEncodingContainer<NestedKey>
    {
      fatalError("not used")
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      fatalError("not used")
    }
    mutating func superEncoder() -> any Encoder { fatalError("not used") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("not used") }
  }
}
