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
  /// The members at each breakpoint: the `/avoid` mode's, or `/chat`'s.
  public var members: Members

  /// A track with these breakpoints and values; every array must have as many numbers as
  /// `keyboardHeight`.
  public init(keyboardHeight: [Double], overlap: [Double], members: Members) {
    self.keyboardHeight = keyboardHeight
    self.overlap = overlap
    self.members = members
  }

  /// The members a track carries besides `keyboardHeight` and `overlap`, per mode (contract §11)
  /// and for `/chat` (contract §12).
  public enum Members: Hashable, Sendable {
    /// translate: `offsetY`, the answer's `offset.y`.
    case translate(offsetY: [Double])
    /// scroll and `/caret-follow`: `contentOffsetY` (`contentOffset.y`) and `contentInsetBottom`
    /// (`contentInset.bottom`, which `scrollIndicatorInsets` equals).
    case scroll(contentOffsetY: [Double], contentInsetBottom: [Double])
    /// resize: `bottomInset`, `additionalSafeAreaBottom` (`additionalSafeAreaInsets.bottom`) and
    /// `visibleHeight` (`visible.height`).
    case resize(bottomInset: [Double], additionalSafeAreaBottom: [Double], visibleHeight: [Double])
    /// `/chat`: `composerOffsetY` (`composerOffset.y`), `keyboardInset`, `contentOffsetY`
    /// (`contentOffset.y`) and `contentInsetBottom` (`contentInset.bottom`).
    case chat(
      composerOffsetY: [Double], keyboardInset: [Double], contentOffsetY: [Double],
      contentInsetBottom: [Double])
    /// `/chat` with `inverted`: as `chat`, but `contentInsetTop` (`contentInset.top`), the edge the
    /// inset is added to.
    case invertedChat(
      composerOffsetY: [Double], keyboardInset: [Double], contentOffsetY: [Double], contentInsetTop: [Double])
    /// `/sheet`: `sheetY` (`sheet.y`) and `sheetHeight` (`sheet.height`), and `contentOffsetY`
    /// (`contentOffset.y`) when the request has a field (contract §14).
    case sheet(sheetY: [Double], sheetHeight: [Double], contentOffsetY: [Double]?)

    /// The `/avoid` mode whose members these are; `/caret-follow` tracks carry `scroll`'s, and
    /// `/chat` tracks none.
    public var mode: AvoidMode? {
      switch self {
      case .translate: .translate
      case .scroll: .scroll
      case .resize: .resize
      case .chat, .invertedChat, .sheet: nil
      }
    }

    /// Every member array, in the order the contract lists them.
    public var arrays: [[Double]] {
      switch self {
      case .translate(let offsetY): [offsetY]
      case .scroll(let contentOffsetY, let contentInsetBottom): [contentOffsetY, contentInsetBottom]
      case .resize(let bottomInset, let additionalSafeAreaBottom, let visibleHeight):
        [bottomInset, additionalSafeAreaBottom, visibleHeight]
      case .chat(let composerOffsetY, let keyboardInset, let contentOffsetY, let contentInsetBottom):
        [composerOffsetY, keyboardInset, contentOffsetY, contentInsetBottom]
      case .invertedChat(let composerOffsetY, let keyboardInset, let contentOffsetY, let contentInsetTop):
        [composerOffsetY, keyboardInset, contentOffsetY, contentInsetTop]
      case .sheet(let sheetY, let sheetHeight, let contentOffsetY):
        [sheetY, sheetHeight] + (contentOffsetY.map { [$0] } ?? [])
      }
    }

    /// Which members a track carries: the case without its arrays.
    enum Kind {
      case translate, scroll, resize, chat, invertedChat, sheet, sheetWithField

      /// The kind of an `/avoid` track in `mode`.
      init(_ mode: AvoidMode) {
        switch mode {
        case .translate: self = .translate
        case .scroll: self = .scroll
        case .resize: self = .resize
        }
      }

      /// How many member arrays the track carries besides `keyboardHeight` and `overlap`.
      var memberCount: Int {
        switch self {
        case .translate: 1
        case .scroll: 2
        case .resize: 3
        case .chat, .invertedChat: 4
        case .sheet: 2
        case .sheetWithField: 3
        }
      }
    }
  }

  /// A track in a box: what answers store, so that an answer holds one reference for it.
  final class Storage: Hashable, Sendable {
    let track: KeyboardTrack

    init(_ track: KeyboardTrack) {
      self.track = track
    }

    static func == (lhs: Storage, rhs: Storage) -> Bool { lhs.track == rhs.track }

    func hash(into hasher: inout Hasher) { hasher.combine(track) }
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

extension KeyboardTrack: Decodable, AnswerObject {
  enum CodingKeys: String, CodingKey {
    case keyboardHeight, overlap, offsetY, contentOffsetY, contentInsetBottom, bottomInset
    case additionalSafeAreaBottom, visibleHeight
    case composerOffsetY, keyboardInset, contentInsetTop
    case sheetY, sheetHeight
  }

  /// Decodes the flat contract §11 object; the member arrays present pick the kind (`sheetY` a
  /// `/sheet` track; `composerOffsetY` a `/chat` track, inverted with `contentInsetTop`; else
  /// `offsetY`, `contentOffsetY`, or `bottomInset`), and every array must be as long as
  /// `keyboardHeight`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    keyboardHeight = try container.decode([Double].self, forKey: .keyboardHeight)
    overlap = try container.decode([Double].self, forKey: .overlap)
    if container.contains(.sheetY) {
      members = .sheet(
        sheetY: try container.decode([Double].self, forKey: .sheetY),
        sheetHeight: try container.decode([Double].self, forKey: .sheetHeight),
        contentOffsetY: try container.decodeIfPresent([Double].self, forKey: .contentOffsetY))
    } else if container.contains(.composerOffsetY) {
      let composerOffsetY = try container.decode([Double].self, forKey: .composerOffsetY)
      let keyboardInset = try container.decode([Double].self, forKey: .keyboardInset)
      let contentOffsetY = try container.decode([Double].self, forKey: .contentOffsetY)
      if container.contains(.contentInsetTop) {
        members = .invertedChat(
          composerOffsetY: composerOffsetY, keyboardInset: keyboardInset, contentOffsetY: contentOffsetY,
          contentInsetTop: try container.decode([Double].self, forKey: .contentInsetTop))
      } else {
        members = .chat(
          composerOffsetY: composerOffsetY, keyboardInset: keyboardInset, contentOffsetY: contentOffsetY,
          contentInsetBottom: try container.decode([Double].self, forKey: .contentInsetBottom))
      }
    } else if container.contains(.offsetY) {
      members = .translate(offsetY: try container.decode([Double].self, forKey: .offsetY))
    } else if container.contains(.contentOffsetY) {
      members = .scroll(
        contentOffsetY: try container.decode([Double].self, forKey: .contentOffsetY),
        contentInsetBottom: try container.decode([Double].self, forKey: .contentInsetBottom))
    } else {
      members = .resize(
        bottomInset: try container.decode([Double].self, forKey: .bottomInset),
        additionalSafeAreaBottom: try container.decode([Double].self, forKey: .additionalSafeAreaBottom),
        visibleHeight: try container.decode([Double].self, forKey: .visibleHeight))
    }
    let count = keyboardHeight.count
    guard count > 0, overlap.count == count, members.arrays.allSatisfy({ $0.count == count }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .keyboardHeight, in: container,
        debugDescription: "a track has at least one breakpoint and one value per breakpoint in every array")
    }
  }

  /// Writes `keyboardHeight`, `overlap` and the member arrays, in the contract's order.
  @inlinable
  public func writeMembers<Writer: AnswerWriter & ~Copyable>(to writer: inout Writer) {
    writer.member("keyboardHeight", numbers: keyboardHeight)
    writer.member("overlap", numbers: overlap)
    switch members {
    case .translate(let offsetY):
      writer.member("offsetY", numbers: offsetY)
    case .scroll(let contentOffsetY, let contentInsetBottom):
      writer.member("contentOffsetY", numbers: contentOffsetY)
      writer.member("contentInsetBottom", numbers: contentInsetBottom)
    case .resize(let bottomInset, let additionalSafeAreaBottom, let visibleHeight):
      writer.member("bottomInset", numbers: bottomInset)
      writer.member("additionalSafeAreaBottom", numbers: additionalSafeAreaBottom)
      writer.member("visibleHeight", numbers: visibleHeight)
    case .chat(let composerOffsetY, let keyboardInset, let contentOffsetY, let contentInsetBottom):
      writer.member("composerOffsetY", numbers: composerOffsetY)
      writer.member("keyboardInset", numbers: keyboardInset)
      writer.member("contentOffsetY", numbers: contentOffsetY)
      writer.member("contentInsetBottom", numbers: contentInsetBottom)
    case .invertedChat(let composerOffsetY, let keyboardInset, let contentOffsetY, let contentInsetTop):
      writer.member("composerOffsetY", numbers: composerOffsetY)
      writer.member("keyboardInset", numbers: keyboardInset)
      writer.member("contentOffsetY", numbers: contentOffsetY)
      writer.member("contentInsetTop", numbers: contentInsetTop)
    case .sheet(let sheetY, let sheetHeight, let contentOffsetY):
      writer.member("sheetY", numbers: sheetY)
      writer.member("sheetHeight", numbers: sheetHeight)
      writer.member("contentOffsetY", numbers: contentOffsetY)
    }
  }
}
