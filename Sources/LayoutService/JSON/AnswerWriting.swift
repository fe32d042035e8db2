import LayoutCore
import LayoutJSON

/// A value the service writes as JSON with `JSONWriter`, without going through `Encoder`.
///
/// The member names match the `Codable` conformances in `LayoutCore`; tests check that both
/// writings of every answer parse to the same JSON.
package protocol JSONWritable {
  func write(to writer: inout JSONWriter)
}

extension JSONWriter {
  package mutating func value(_ value: some JSONWritable) {
    value.write(to: &self)
  }
}

extension Point: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("x")
    writer.number(x)
    writer.key("y")
    writer.number(y)
    writer.endObject()
  }
}

extension Rect: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("x")
    writer.number(x)
    writer.key("y")
    writer.number(y)
    writer.key("width")
    writer.number(width)
    writer.key("height")
    writer.number(height)
    writer.endObject()
  }
}

extension Insets: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("top")
    writer.number(top)
    writer.key("left")
    writer.number(left)
    writer.key("bottom")
    writer.number(bottom)
    writer.key("right")
    writer.number(right)
    writer.endObject()
  }
}

extension KeyboardAnswer: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("state")
    switch state {
    case .hidden: writer.string("hidden" as StaticString)
    case .docked: writer.string("docked" as StaticString)
    case .undocked: writer.string("undocked" as StaticString)
    }
    writer.key("overlap")
    writer.number(overlap)
    writer.endObject()
  }
}

extension AnimationAnswer: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    if let platform {
      writer.key("platform")
      switch platform {
      case .ios: writer.string("ios" as StaticString)
      case .android: writer.string("android" as StaticString)
      }
    }
    // An Android answer (contract §6.1) has none of UIKit's members.
    if let duration {
      writer.key("duration")
      writer.number(duration)
    }
    if let curve {
      writer.key("curve")
      writer.number(curve)
    }
    if let options {
      writer.key("options")
      writer.number(options)
    }
    writer.key("motionDuration")
    writer.number(motionDuration)
    writer.key("easing")
    writer.string(easing)
    if let frames {
      // Each value is computed as it is written: nothing is stored per request.
      writer.key("frames")
      writer.beginArray()
      for value in frames { writer.number(value) }
      writer.endArray()
    }
    if let timingFunction {
      writer.key("timingFunction")
      writer.string(timingFunction)
    }
    writer.endObject()
  }
}

extension AlsoRevealed: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginArray()
    for value in self { writer.bool(value) }
    writer.endArray()
  }
}

extension KeyboardTrack: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("keyboardHeight")
    writer.numbers(keyboardHeight)
    writer.key("overlap")
    writer.numbers(overlap)
    switch members {
    case .translate(let offsetY):
      writer.key("offsetY")
      writer.numbers(offsetY)
    case .scroll(let contentOffsetY, let contentInsetBottom):
      writer.key("contentOffsetY")
      writer.numbers(contentOffsetY)
      writer.key("contentInsetBottom")
      writer.numbers(contentInsetBottom)
    case .resize(let bottomInset, let additionalSafeAreaBottom, let visibleHeight):
      writer.key("bottomInset")
      writer.numbers(bottomInset)
      writer.key("additionalSafeAreaBottom")
      writer.numbers(additionalSafeAreaBottom)
      writer.key("visibleHeight")
      writer.numbers(visibleHeight)
    case .chat(let composerOffsetY, let keyboardInset, let contentOffsetY, let contentInsetBottom):
      writer.chatTrackMembers(composerOffsetY, keyboardInset, contentOffsetY)
      writer.key("contentInsetBottom")
      writer.numbers(contentInsetBottom)
    case .invertedChat(let composerOffsetY, let keyboardInset, let contentOffsetY, let contentInsetTop):
      writer.chatTrackMembers(composerOffsetY, keyboardInset, contentOffsetY)
      writer.key("contentInsetTop")
      writer.numbers(contentInsetTop)
    }
    writer.endObject()
  }
}

extension AvoidAnswer: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("mode")
    switch layout {
    case .translate(let offset):
      writer.string("translate" as StaticString)
      writer.key("keyboard")
      writer.value(keyboard)
      writer.key("offset")
      writer.value(offset)
    case .scroll(let contentOffset, let contentInset, let scrollIndicatorInsets):
      writer.string("scroll" as StaticString)
      writer.key("keyboard")
      writer.value(keyboard)
      writer.scrollMembers(contentOffset, contentInset, scrollIndicatorInsets)
    case .resize(let bottomInset, let additionalSafeAreaInsets, let visible):
      writer.string("resize" as StaticString)
      writer.key("keyboard")
      writer.value(keyboard)
      writer.key("bottomInset")
      writer.number(bottomInset)
      writer.key("additionalSafeAreaInsets")
      writer.value(additionalSafeAreaInsets)
      writer.key("visible")
      writer.value(visible)
    }
    writer.key("fits")
    writer.bool(fits)
    if let animation {
      writer.key("animation")
      writer.value(animation)
    }
    if let alsoRevealed {
      writer.key("alsoRevealed")
      writer.value(alsoRevealed)
    }
    if let track {
      writer.key("track")
      writer.value(track)
    }
    writer.endObject()
  }
}

extension CaretFollowAnswer: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("keyboard")
    writer.value(keyboard)
    writer.scrollMembers(contentOffset, contentInset, scrollIndicatorInsets)
    writer.key("changed")
    writer.bool(changed)
    writer.key("caretVisible")
    writer.bool(caretVisible)
    if let track {
      writer.key("track")
      writer.value(track)
    }
    writer.endObject()
  }
}

extension ChatAnswer: JSONWritable {
  package func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("keyboard")
    writer.value(keyboard)
    writer.key("composerOffset")
    writer.value(composerOffset)
    writer.key("keyboardInset")
    writer.number(keyboardInset)
    writer.scrollMembers(contentOffset, contentInset, scrollIndicatorInsets)
    writer.key("atEnd")
    writer.bool(atEnd)
    if let animation {
      writer.key("animation")
      writer.value(animation)
    }
    if let track {
      writer.key("track")
      writer.value(track)
    }
    writer.endObject()
  }
}

extension JSONWriter {
  /// The members a scroll view applies, shared by `scroll`, caret-follow and chat answers (contract §4.2).
  fileprivate mutating func scrollMembers(
    _ contentOffset: Point, _ contentInset: Insets, _ scrollIndicatorInsets: Insets
  ) {
    key("contentOffset")
    value(contentOffset)
    key("contentInset")
    value(contentInset)
    key("scrollIndicatorInsets")
    value(scrollIndicatorInsets)
  }

  /// The members a chat track starts with, inverted or not (contract §12).
  fileprivate mutating func chatTrackMembers(
    _ composerOffsetY: [Double], _ keyboardInset: [Double], _ contentOffsetY: [Double]
  ) {
    key("composerOffsetY")
    numbers(composerOffsetY)
    key("keyboardInset")
    numbers(keyboardInset)
    key("contentOffsetY")
    numbers(contentOffsetY)
  }

  /// An array of numbers: a track's breakpoints or one of its members (contract §11).
  fileprivate mutating func numbers(_ values: [Double]) {
    beginArray()
    for value in values { number(value) }
    endArray()
  }
}
