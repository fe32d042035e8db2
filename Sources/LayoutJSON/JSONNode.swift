/// The kind of a node in a parsed document.
enum JSONNodeKind: UInt8 {
  case object
  case array
  case string
  case number
  case `true`
  case `false`
  case null
}

/// One entry of the flat node array a document is parsed into.
///
/// Object members are laid out as a name node (a string) followed by the value's nodes;
/// array elements follow their array; a container's `end` is the index one past its last
/// descendant, so siblings are reached without recursion.
struct JSONNode {
  /// Flag of a string whose bytes contain at least one escape sequence.
  static let escaped: UInt8 = 1
  /// Flag of a number written without fraction and exponent.
  static let integral: UInt8 = 2
  /// Flag of a `null` made up for a member that is absent (`superDecoder(forKey:)`).
  static let synthetic: UInt8 = 4

  var kind: JSONNodeKind
  var flags: UInt8
  /// Index of the enclosing container, or -1 for the document's value.
  var parent: Int32
  /// Strings and numbers: offset of the first byte (after the opening quote for strings).
  /// Containers: number of members or elements. Synthetic nodes: index of their key.
  var start: UInt32
  /// Strings and numbers: offset one past the last byte (before the closing quote).
  /// Containers: index one past the last descendant node.
  var end: UInt32

  init(kind: JSONNodeKind, flags: UInt8 = 0, parent: Int32, start: UInt32 = 0, end: UInt32 = 0) {
    self.kind = kind
    self.flags = flags
    self.parent = parent
    self.start = start
    self.end = end
  }

  /// What Foundation's messages call this kind of value.
  var typeDescription: String {
    switch kind {
    case .object: "a dictionary"
    case .array: "an array"
    case .string: "a string"
    case .number: "number"
    case .true, .false: "bool"
    case .null: "null"
    }
  }
}
