import LayoutTesting
import Testing

@testable import LayoutCore

/// The property checker must catch every broken rule: each test breaks one track one way and
/// expects the checker to name what broke.
@Suite("§11 track checker: it reports every rule a broken track breaks")
struct TrackCheckTests {
  /// A field, its Send button and its label (see TrackTests): a bend at 84, a jump at 137.
  static let request = AvoidRequest(
    container: Rect(x: 0, y: 0, width: 390, height: 844), field: Rect(x: 20, y: 100, width: 350, height: 44),
    keyboard: .height(336), safeArea: Insets(top: 47),
    alsoReveal: [Rect(x: 20, y: 700, width: 350, height: 50), Rect(x: 20, y: 60, width: 350, height: 20)])

  /// The problems the checker finds once `change` has broken the request's track.
  func problems(
    _ change: (inout [Double], inout [Double], inout [Double]) -> Void
  ) throws -> Set<TrackCheck.Problem> {
    let check = try #require(TrackReference.check(Self.request))
    var heights = check.track.keyboardHeight
    var overlap = check.track.overlap
    var offsetY = check.track.members.arrays[0]
    change(&heights, &overlap, &offsetY)
    let broken = TrackCheck(
      track: KeyboardTrack(keyboardHeight: heights, overlap: overlap, members: .translate(offsetY: offsetY)),
      endHeight: check.endHeight, answer: check.answer, answerAt: check.answerAt)
    var rng = SplitMix64(seed: 14)
    return Set(broken.problems(samples: 200, using: &rng))
  }

  func hasInexact(_ problems: Set<TrackCheck.Problem>) -> Bool {
    problems.contains { if case .inexact = $0 { true } else { false } }
  }

  @Test("the track itself keeps every rule")
  func untouched() throws {
    #expect(try problems { _, _, _ in } == [])
    let check = try #require(TrackReference.check(Self.request))
    #expect(check.track.keyboardHeight == [0, 84, 137, 137, 336])
  }

  @Test("a dropped bend makes the stretch around it inexact")
  func droppedBend() throws {
    let found = try problems { h, o, v in
      h.remove(at: 1)
      o.remove(at: 1)
      v.remove(at: 1)
    }
    #expect(hasInexact(found), "\(found)")
  }

  @Test("a breakpoint added on a straight stretch is redundant")
  func redundantBreakpoint() throws {
    let found = try problems { h, o, v in
      h.insert(200, at: 4)
      o.insert(200, at: 4)
      v.insert(0, at: 4)
    }
    #expect(found == [.straight(4)])
  }

  @Test("a shifted value: wrong at its breakpoint and around it")
  func shiftedValue() throws {
    let found = try problems { _, _, v in v[1] = 1 }
    #expect(found.contains(.breakpointValue(1)) && hasInexact(found), "\(found)")
  }

  @Test("a jump whose values are swapped does not hold the value before it")
  func swappedJump() throws {
    let found = try problems { _, _, v in v.swapAt(2, 3) }
    #expect(found.contains(.jumpDoesNotHoldBefore(2)) && hasInexact(found), "\(found)")
  }

  @Test("three equal breakpoints, a jump at H, an empty jump")
  func jumpShapes() throws {
    let three = try problems { h, o, v in
      h.insert(137, at: 3)
      o.insert(137, at: 3)
      v.insert(-20, at: 3)
    }
    #expect(three.contains(.threeEqual(2)), "\(three)")
    let atEnd = try problems { h, o, v in
      h.insert(336, at: 4)
      o.insert(336, at: 4)
      v.insert(-1, at: 4)
    }
    #expect(atEnd.contains(.jumpAtEnd), "\(atEnd)")
    let empty = try problems { h, o, v in
      h.insert(contentsOf: [200, 200], at: 4)
      o.insert(contentsOf: [200, 200], at: 4)
      v.insert(contentsOf: [0, 0], at: 4)
    }
    #expect(empty.contains(.emptyJump(4)), "\(empty)")
  }

  @Test("the ends: not the hidden keyboard's first, not the answer's last, not 0…H")
  func ends() throws {
    #expect(try problems { _, _, v in v[0] = -1 }.contains(.firstIsNotHidden))
    #expect(try problems { _, _, v in v[4] = -1 }.contains(.lastIsNotTheAnswer))
    #expect(try problems { h, _, _ in h[0] = 1 }.contains(.ends))
    #expect(try problems { h, _, _ in h[4] = 335 }.contains(.ends))
  }

  @Test("order, shape and clean numbers")
  func orderShapeAndNumbers() throws {
    #expect(try problems { h, _, _ in h.swapAt(1, 2) }.contains(.decreasing(2)))
    #expect(try problems { _, _, v in v.removeLast() } == [.shape])
    #expect(try problems { _, _, v in v[0] = -0.0 }.contains(.unclean(0)))
    #expect(try problems { _, o, _ in o[1] = .nan }.contains(.unclean(1)))
  }
}
