/// Input that is not JSON text (RFC 8259), with the place where it stopped being JSON.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong, without the position, e.g. "expected ',' or '}' after object member".
  public let message: String
  /// Offset of the offending byte from the start of the input.
  public let offset: Int
  /// 1-based line of `offset` (lines end at LF).
  public let line: Int
  /// 1-based column of `offset`, counted in Unicode scalars.
  public let column: Int

  /// Creates an error, working out line and column from `offset` in `input`.
  init(_ message: String, at offset: Int, in input: UnsafeRawBufferPointer) {
    self.message = message
    self.offset = offset
    var line = 1
    var column = 1
    var index = 0
    let limit = min(offset, input.count)
    while index < limit {
      let byte = input[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    self.line = line
    self.column = column
  }

  public var description: String {
    "\(message) at line \(line), column \(column)"
  }
}
