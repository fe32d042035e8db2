/// The answer for every keyboard height along the keyboard's way in (contract §11, answer member
/// `track`): breakpoints of a piecewise-linear function of the keyboard's height.
///
/// A client maps the height it is told each frame to its layout with `value(of:at:)`, with no
/// request at all. Every member array holds one number per breakpoint; two equal consecutive
/// breakpoints mark a jump, where the value before the jump holds at the jump's own height.
public struct KeyboardTrack: Hashable, Sendable {
  /// The breakpoints `0 = h0 ≤ h1 ≤ … ≤ hn = H`: the keyboard's height above the screen's bottom.
  /// A single `0` when the end keyboard does not slide in from the bottom (hidden or undocked).
  public var keyboardHeight: [Double]
  /// The contract §3 overlap at each breakpoint.
  public var overlap: [Double]
  /// The endpoint's members at each breakpoint, in the contract's order: `offsetY` for a translate
  /// answer, `composerOffsetY`, `keyboardInset` … for a chat's (each endpoint names its own).
  public var members: [NamedNumbers]

  /// A track with these breakpoints and values; every array must have as many numbers as
  /// `keyboardHeight`.
  public init(keyboardHeight: [Double], overlap: [Double], members: [NamedNumbers]) {
    self.keyboardHeight = keyboardHeight
    self.overlap = overlap
    self.members = members
  }

  /// A track without breakpoints: what a reader fills in.
  public init() {
    self.init(keyboardHeight: [], overlap: [], members: [])
  }

  /// The values of member `name` at each breakpoint, or nil when the track has no such member.
  public subscript(member name: String) -> [Double]? {
    members.first { $0.name == name }?.values
  }

  /// The members' names, in the track's order.
  public var memberNames: [String] { members.map(\.name) }

  /// Whether both have the same breakpoints and values and the same members, whatever their order
  /// (a decoder need not keep it).
  public static func == (lhs: KeyboardTrack, rhs: KeyboardTrack) -> Bool {
    lhs.keyboardHeight == rhs.keyboardHeight && lhs.overlap == rhs.overlap
      && lhs.members.count == rhs.members.count
      && lhs.members.allSatisfy { rhs[member: $0.name] == $0.values }
  }

  /// Hashes consistently with `==`: the members in the order of their names.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(keyboardHeight)
    hasher.combine(overlap)
    for member in members.sorted(by: { $0.name < $1.name }) { hasher.combine(member) }
  }

  /// contract §11: the value at keyboard height `height` of `values`, one of this track's arrays
  /// (`overlap` or a member's).
  public func value(of values: [Double], at height: Double) -> Double {
    Self.interpolate(values, keyboardHeight: keyboardHeight, at: height)
  }

  /// contract §11: the value at `height` of the piecewise-linear function with breakpoints
  /// `keyboardHeight` and `values` (as many numbers as breakpoints, at least one).
  ///
  /// With one breakpoint, `values[0]`; otherwise, for the smallest `i < n` with
  /// `height ≤ keyboardHeight[i + 1]`, `values[i]` interpolated linearly toward `values[i + 1]`,
  /// or `values[i]` itself where the two breakpoints are equal (a jump). A height outside
  /// `keyboardHeight[0]…keyboardHeight[n]` reads as the nearest end.
  public static func interpolate(_ values: [Double], keyboardHeight: [Double], at height: Double) -> Double {
    precondition(
      !keyboardHeight.isEmpty && values.count == keyboardHeight.count,
      "a track member has one value per breakpoint")
    let last = keyboardHeight.count - 1
    if last == 0 || height <= keyboardHeight[0] { return values[0] }
    // Binary search for the smallest j in 1…n with height ≤ h[j] (n when there is none); i = j − 1.
    var low = 1
    var high = last
    while low < high {
      let middle = (low + high) / 2
      if height <= keyboardHeight[middle] { high = middle } else { low = middle + 1 }
    }
    return segmentValue(values, keyboardHeight, low - 1, height)
  }

  /// The value on the stretch from breakpoint `i` to `i + 1` at `height`, which lies in it.
  private static func segmentValue(
    _ values: [Double], _ keyboardHeight: [Double], _ i: Int, _ height: Double
  ) -> Double {
    let (h0, h1) = (keyboardHeight[i], keyboardHeight[i + 1])
    guard h1 > h0 else { return values[i] }
    let height = min(height, h1)
    return values[i] + (values[i + 1] - values[i]) * (height - h0) / (h1 - h0)
  }
}

/// What a decoded track or answer holds that its contract forbids.
struct AnswerReadError: Error, CustomStringConvertible {
  let description: String
}

extension KeyboardTrack: AnswerObject {
  /// A track has at least one breakpoint and a member, and one value per breakpoint in every array.
  public func checkRead() throws {
    let count = keyboardHeight.count
    guard count > 0, !members.isEmpty, overlap.count == count,
      members.allSatisfy({ $0.values.count == count })
    else {
      throw AnswerReadError(
        description:
          "a track has at least one breakpoint and member, and one value per breakpoint in every array")
    }
  }

  /// Checks that the track carries the members `expected` names, those its endpoint names.
  func check(carries expected: [[String]]) throws {
    guard expected.contains(where: { Set($0) == Set(memberNames) }) else {
      throw AnswerReadError(
        description: "the track carries \(memberNames), not the answer's \(expected.map { $0.description })")
    }
  }

  /// `keyboardHeight`, `overlap` and the members' arrays, in the contract's order.
  public mutating func members<Members: AnswerMembers & ~Copyable>(_ members: inout Members) {
    members.member("keyboardHeight", numbers: &keyboardHeight)
    members.member("overlap", numbers: &overlap)
    members.namedNumbers(&self.members)
  }
}
