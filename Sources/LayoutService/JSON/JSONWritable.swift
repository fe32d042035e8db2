import LayoutJSON

/// A value the service writes as JSON with `JSONWriter`, without going through `Encoder`.
///
/// The member names match the `Codable` conformances in `LayoutCore`; tests check that both
/// writings of every answer parse to the same JSON.
protocol JSONWritable {
  func write(to writer: inout JSONWriter)
}

extension JSONWriter {
  mutating func value(_ value: some JSONWritable) {
    value.write(to: &self)
  }
}
