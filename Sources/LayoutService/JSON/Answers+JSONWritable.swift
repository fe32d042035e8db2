import LayoutCore
import LayoutJSON

extension KeyboardAnswer: JSONWritable {
  func write(to writer: inout JSONWriter) {
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
  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("duration")
    writer.number(duration)
    writer.key("curve")
    writer.number(curve)
    writer.key("options")
    writer.number(options)
    writer.key("timingFunction")
    writer.string(timingFunction)
    writer.endObject()
  }
}

extension AvoidAnswer: JSONWritable {
  func write(to writer: inout JSONWriter) {
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
    writer.endObject()
  }
}

extension CaretFollowAnswer: JSONWritable {
  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("keyboard")
    writer.value(keyboard)
    writer.scrollMembers(contentOffset, contentInset, scrollIndicatorInsets)
    writer.key("changed")
    writer.bool(changed)
    writer.key("caretVisible")
    writer.bool(caretVisible)
    writer.endObject()
  }
}

extension JSONWriter {
  /// The members a scroll view applies, shared by `scroll` and caret-follow answers (SPEC §4.2).
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
}
