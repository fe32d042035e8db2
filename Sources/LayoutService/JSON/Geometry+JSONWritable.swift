import LayoutCore
import LayoutJSON

extension Point: JSONWritable {
  func write(to writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("x")
    writer.number(x)
    writer.key("y")
    writer.number(y)
    writer.endObject()
  }
}

extension Rect: JSONWritable {
  func write(to writer: inout JSONWriter) {
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
  func write(to writer: inout JSONWriter) {
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
