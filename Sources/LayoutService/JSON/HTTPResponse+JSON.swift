import HTTPServer
import LayoutJSON

extension HTTPResponse {
  /// Writes `value` as the JSON body, reusing the body's capacity.
  mutating func writeJSON(_ value: some JSONWritable) {
    var writer = JSONWriter(reusing: takeBody())
    value.write(to: &writer)
    body = writer.bytes
  }

  /// Moves the body out, leaving an empty one, so its buffer is uniquely referenced.
  private mutating func takeBody() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &body)
    return taken
  }
}
