import Testing

@testable import LayoutCore

@Suite("§5.1 reveal")
struct RevealTests {
  // Viewport [y + 50, y + 450]: 400 points tall.

  @Test("a visible target leaves y as it is")
  func visible() {
    #expect(ScrollTarget(min: 200, max: 300).reveal(from: 100, top: 50, bottomEdge: 450) == 100)
    // touching both edges: [150, 550] at y 100
    #expect(ScrollTarget(min: 150, max: 550).reveal(from: 100, top: 50, bottomEdge: 450) == 100)
  }

  @Test("a target below the viewport aligns its bottom")
  func below() {
    // 700 - 450 = 250
    #expect(ScrollTarget(min: 600, max: 700).reveal(from: 100, top: 50, bottomEdge: 450) == 250)
  }

  @Test("a target above the viewport aligns its top")
  func above() {
    // 20 - 50 = -30
    #expect(ScrollTarget(min: 20, max: 60).reveal(from: 100, top: 50, bottomEdge: 450) == -30)
  }

  @Test("a target taller than the viewport aligns its top, wherever it is")
  func taller() {
    // 500 > 400: 1000 - 50 = 950, even though it sticks out below
    #expect(ScrollTarget(min: 1000, max: 1500).reveal(from: 100, top: 50, bottomEdge: 450) == 950)
    // already covering the viewport: still aligns its top, 0 - 50
    #expect(ScrollTarget(min: 0, max: 1000).reveal(from: 100, top: 50, bottomEdge: 450) == -50)
  }

  @Test("an empty or negative viewport makes every target of positive height taller")
  func emptyViewport() {
    // viewport [y + 300, y + 300]: 10 > 0 → 400 - 300
    #expect(ScrollTarget(min: 400, max: 410).reveal(from: 0, top: 300, bottomEdge: 300) == 100)
    // viewport [y + 300, y + 200]: 10 > -100 → 400 - 300
    #expect(ScrollTarget(min: 400, max: 410).reveal(from: 0, top: 300, bottomEdge: 200) == 100)
  }
}
