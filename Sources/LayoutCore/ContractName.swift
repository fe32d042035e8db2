/// An enumeration of values the contract spells out (`"translate"`, `"docked"`, …): each case's
/// spelling is written once, as a literal, in `contractName`.
///
/// `rawValue`, `init?(rawValue:)`, `init?(spelling:)` and `Codable` come from it, and answers are
/// written with the literal itself, never a `String` made at run time. Not `RawRepresentable`:
/// equality and hashing stay the enumeration's own, by case, rather than by comparing spellings.
/// `allCases` is the synthesized array, so that a reading that runs unspecialized iterates an
/// `Array` it can inline rather than any `Collection` (whose element reads allocate there).
public protocol ContractName: CaseIterable, Codable, Hashable, Sendable where AllCases == [Self] {
  /// The case as the contract spells it.
  var contractName: StaticString { get }
}

extension ContractName {
  /// The contract's spelling of the case.
  public var rawValue: String { contractName.description }

  /// The case the contract spells `rawValue`, or nil when there is none (the spelling is exact: case
  /// counts).
  public init?(rawValue: String) {
    var rawValue = rawValue
    guard let match = rawValue.withUTF8({ Self(spelling: UnsafeRawBufferPointer($0)) }) else { return nil }
    self = match
  }

  /// The case the contract spells with the UTF-8 bytes `spelling`, or nil when there is none:
  /// compared with each literal in place (the length first, then eight bytes at a time), no
  /// `String` made.
  @inlinable
  public init?(spelling: UnsafeRawBufferPointer) {
    for value in Self.allCases {
      let matches = value.contractName.withUTF8Buffer { literal in
        let name = UnsafeRawBufferPointer(literal)
        guard name.count == spelling.count else { return false }
        var index = 0
        while name.count &- index >= 8 {
          guard
            name.loadUnaligned(fromByteOffset: index, as: UInt64.self)
              == spelling.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          else { return false }
          index &+= 8
        }
        while index < name.count {
          guard name[index] == spelling[index] else { return false }
          index &+= 1
        }
        return true
      }
      if matches {
        self = value
        return
      }
    }
    return nil
  }

  /// Decodes the string that spells a case; any other string is corrupted data.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let spelling = try container.decode(String.self)
    guard let value = Self(rawValue: spelling) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(spelling) is not one of \(Self.spellings)")
    }
    self = value
  }

  /// Encodes the case's spelling as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// Every spelling, quoted, for sentences: `"ios" or "android"`.
  static var spellings: String {
    let names = allCases.map { "\"\($0.rawValue)\"" }
    guard let last = names.last, names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }
}
