/// The rects a `POST /avoid` request also keeps in view with its field (contract §4.5, member
/// `alsoReveal`), most important first.
///
/// At most `capacity` rects, stored inline in a tuple: a request holds them without a heap
/// allocation, and the type needs nothing newer than the iOS 15 / macOS 12 standard library.
public struct AlsoReveal: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  /// The most rects a request may list: 16.
  public static let capacity = 16

  /// Room for `capacity` rects. A tuple of one element type is laid out like a C array, `stride`
  /// bytes apart; the rects from `count` on are unused and stay zero.
  fileprivate typealias Storage = (
    Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect
  )
  private var rects: Storage = (
    .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero,
    .zero
  )
  /// How many rects are stored.
  public private(set) var count = 0

  /// No rects: `"alsoReveal": []`.
  public init() {}

  /// The rects of `sequence`, or nil when it holds more than `capacity`.
  public init?(_ sequence: some Sequence<Rect>) {
    for rect in sequence {
      guard count < Self.capacity else { return nil }
      append(rect)
    }
  }

  /// The listed rects; more than `capacity` is a programming error.
  public init(arrayLiteral elements: Rect...) {
    for rect in elements { append(rect) }
  }

  /// Adds a rect at the end; the list must hold fewer than `capacity`.
  public mutating func append(_ rect: Rect) {
    precondition(count < Self.capacity, "alsoReveal holds at most \(Self.capacity) rects")
    let offset = count * MemoryLayout<Rect>.stride
    withUnsafeMutableBytes(of: &rects) { $0.storeBytes(of: rect, toByteOffset: offset, as: Rect.self) }
    count += 1
  }

  /// The first rect's index: 0.
  public var startIndex: Int { 0 }
  /// One past the last rect's index: `count`.
  public var endIndex: Int { count }

  /// Rect `position`, in the request's order; `position` must be below `count`.
  ///
  /// Picks the tuple element by a switch: a pointer to the storage of a value that is not `inout`
  /// would first copy all 16 rects.
  public subscript(position: Int) -> Rect {
    precondition(position >= 0 && position < count, "index out of range")
    switch position {
    case 0: return rects.0
    case 1: return rects.1
    case 2: return rects.2
    case 3: return rects.3
    case 4: return rects.4
    case 5: return rects.5
    case 6: return rects.6
    case 7: return rects.7
    case 8: return rects.8
    case 9: return rects.9
    case 10: return rects.10
    case 11: return rects.11
    case 12: return rects.12
    case 13: return rects.13
    case 14: return rects.14
    case 15: return rects.15
    default: preconditionFailure("index out of range")
    }
  }

  /// The rects in order, read from the iterator's own copy of the storage.
  public struct Iterator: IteratorProtocol, Sendable {
    fileprivate var rects: Storage
    fileprivate let count: Int
    fileprivate var position = 0

    /// The next rect, or nil after the last; reads through a pointer scoped to the call.
    public mutating func next() -> Rect? {
      guard position < count else { return nil }
      let offset = position * MemoryLayout<Rect>.stride
      position += 1
      return withUnsafeBytes(of: &rects) { $0.load(fromByteOffset: offset, as: Rect.self) }
    }
  }

  /// An iterator over the rects in order.
  public func makeIterator() -> Iterator {
    Iterator(rects: rects, count: count)
  }

  /// Whether both list the same rects in the same order; unused storage is not compared.
  public static func == (lhs: AlsoReveal, rhs: AlsoReveal) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Hashes the listed rects, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for rect in self { hasher.combine(rect) }
  }
}

/// One boolean per `alsoReveal` rect, in order (contract §4.5, answer member `alsoRevealed`):
/// whether the rect joined the target the answer reveals.
///
/// Stored inline as bits, like `AlsoReveal`: an answer holds them without a heap allocation.
public struct AlsoRevealed: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  private var bits: UInt16 = 0
  /// How many booleans are stored.
  public private(set) var count = 0

  /// No booleans: the answer to `"alsoReveal": []`.
  public init() {}

  /// The listed booleans; more than `AlsoReveal.capacity` is a programming error.
  public init(arrayLiteral elements: Bool...) {
    for value in elements { append(value) }
  }

  /// Adds a boolean at the end; the list must hold fewer than `AlsoReveal.capacity`.
  mutating func append(_ value: Bool) {
    precondition(count < AlsoReveal.capacity, "alsoRevealed holds at most \(AlsoReveal.capacity) values")
    if value { bits |= 1 << UInt16(count) }
    count += 1
  }

  /// The first boolean's index: 0.
  public var startIndex: Int { 0 }
  /// One past the last boolean's index: `count`.
  public var endIndex: Int { count }

  /// Whether rect `position` of `alsoReveal` was kept in view; `position` must be below `count`.
  public subscript(position: Int) -> Bool {
    precondition(position >= 0 && position < count, "index out of range")
    return bits & (1 << UInt16(position)) != 0
  }
}

extension AlsoReveal {
  /// contract §4.5: the target grown from `field` through these rects, in order, and which rects
  /// joined it.
  ///
  /// Each rect joins when `fits` — the mode's own `fits` with the union as its field — holds
  /// for the union with the target so far; a rect that does not fit is skipped and the later
  /// ones are still tried. Written once for every mode.
  func grow(_ field: Rect, fits: (Rect) -> Bool) -> (target: Rect, alsoRevealed: AlsoRevealed) {
    var target = field
    var revealed = AlsoRevealed()
    for rect in self {
      let union = target.union(rect)
      let joins = fits(union)
      if joins { target = union }
      revealed.append(joins)
    }
    return (target, revealed)
  }
}

extension AlsoReveal: Encodable {
  /// Encodes the rects as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for rect in self { try container.encode(rect) }
  }
}

extension AlsoRevealed: AnswerArray {
  /// The booleans `elements` lists; more than `AlsoReveal.capacity` is corrupted data.
  public init(answerElements elements: [Bool]) throws {
    guard elements.count <= AlsoReveal.capacity else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "alsoRevealed holds at most \(AlsoReveal.capacity) values"))
    }
    self.init()
    for value in elements { append(value) }
  }
}
