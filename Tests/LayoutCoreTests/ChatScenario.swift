import LayoutTesting

@testable import LayoutCore

/// Random but realistic chat screens (contract §12) on a quarter-point grid, so that the arithmetic
/// is exact: a list that ends above the composer or runs under it, a composer resting on the home
/// indicator or grown a few lines, short and long conversations at the newest end, in the history
/// or past either end, ordinary and inverted, with every `lift`.
enum ChatScenario {
  static func random(using rng: inout SplitMix64) -> ChatRequest {
    let device = Scenario.devices.randomElement(using: &rng)!
    let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
    var container = screen
    var bottomSafeArea = device.bottom
    if rng.chance(0.2) {
      // A sheet that stops short of the screen's bottom, or one that runs below it.
      let top = Scenario.grid(0...200, &rng)
      let gap = Scenario.grid(-150...150, &rng)
      container = Rect(x: 0, y: top, width: screen.width, height: screen.height - top - gap)
      if gap != 0 { bottomSafeArea = 0 }
    }
    let height = container.height
    let composerHeight = Scenario.grid(36...160, &rng)
    let composerBottom =
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: height - bottomSafeArea
      case 1: height
      case 2: height - Scenario.grid(0...300, &rng)
      default: height - bottomSafeArea - Scenario.grid(0...20, &rng)
      }
    let composer = Rect(x: 0, y: composerBottom - composerHeight, width: screen.width, height: composerHeight)
    let listTop = rng.chance(0.5) ? 0 : Scenario.grid(0...120, &rng)
    let listBottom =
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: composer.minY
      case 1: height
      case 2: composer.minY - Scenario.grid(0...60, &rng)
      default: Scenario.grid(composer.minY...max(composer.minY, height), &rng)
      }
    let list = Rect(x: 0, y: listTop, width: screen.width, height: max(0, listBottom - listTop))
    let inverted = rng.chance(0.35)
    let screenTop = rng.chance(0.7) ? Scenario.grid(0...59, &rng) : 0
    // A list that runs to the bottom gets the home indicator as its safe area; one that ends
    // above the composer has none, or now and then some.
    let screenBottom =
      list.maxY >= height ? bottomSafeArea : rng.chance(0.2) ? Scenario.grid(0...40, &rng) : 0
    let safeArea =
      inverted ? Insets(top: screenBottom, bottom: screenTop) : Insets(top: screenTop, bottom: screenBottom)
    let contentHeight = rng.chance(0.25) ? Scenario.grid(0...600, &rng) : Scenario.grid(0...6000, &rng)
    let contentInset =
      rng.chance(0.5)
      ? Insets() : Insets(top: Scenario.grid(-20...40, &rng), bottom: Scenario.grid(-20...40, &rng))
    var request = ChatRequest(
      container: container, list: list, composer: composer, contentOffset: .zero,
      contentSize: Size(width: screen.width, height: contentHeight), contentInset: contentInset,
      safeArea: safeArea, lift: ChatLift.allCases.randomElement(using: &rng)!,
      endThreshold: rng.chance(0.6) ? 0 : Scenario.grid(0...120, &rng), inverted: inverted,
      keyboard: Scenario.keyboard(on: screen, &rng), screen: screen,
      undocked: Bool.random(using: &rng) ? .ignore : .avoid)
    switch Int.random(in: 0..<3, using: &rng) {
    case 0: request.keyboardInset = nil
    case 1: request.keyboardInset = Scenario.grid(0...450, &rng)
    default: request.keyboardInset = chat(request).keyboardInset
    }
    // At the newest end now (the end a previous answer left), near it, or anywhere in range and
    // a little past either end.
    let ends = ChatReference.ends(request)
    request.contentOffset.y =
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: ends.newest
      case 1: ends.newest + (inverted ? 1 : -1) * Scenario.grid(0...150, &rng)
      default: Scenario.grid((ends.low - 80)...(ends.high + 80), &rng)
      }
    request.contentOffset.x = rng.chance(0.2) ? Scenario.grid(-10...10, &rng) : 0
    return request
  }
}

/// Contract §12 as its text words it, formula by formula, written apart from the core's own
/// arrangement of them: what the property tests compare the core with.
enum ChatReference {
  /// `rise`, `covered`, `newInset` with the keyboard covering `overlap` points.
  static func inset(_ r: ChatRequest, overlap: Double) -> (rise: Double, covered: Double, newInset: Double) {
    let keyboardTop = r.container.height - overlap
    let rise = max(0, r.composer.maxY - keyboardTop)
    let covered = max(0, r.list.maxY - (r.composer.minY - rise))
    let s = r.inverted ? r.safeArea.top : r.safeArea.bottom
    return (rise, covered, max(0, covered - s))
  }

  /// The `keyboardInset` sent, or what the request answers with the keyboard hidden.
  static func keyboardInset(_ r: ChatRequest) -> Double {
    r.keyboardInset ?? inset(r, overlap: 0).newInset
  }

  /// The offset that shows the newest message now (`end0`), and the list's range now.
  static func ends(_ r: ChatRequest) -> (newest: Double, low: Double, high: Double) {
    let (V, S, k) = (r.list.height, r.contentSize.height, keyboardInset(r))
    if r.inverted {
      let end0 = -(r.contentInset.top + k + r.safeArea.top)
      return (end0, end0, max(end0, S + r.contentInset.bottom + r.safeArea.bottom - V))
    }
    let minY = -(r.contentInset.top + r.safeArea.top)
    let end0 = max(minY, S + r.contentInset.bottom + k + r.safeArea.bottom - V)
    return (end0, minY, end0)
  }

  /// The answer's members: `[overlap, composerOffset.y, keyboardInset, contentOffset.y]`, the
  /// content inset and `atEnd`.
  static func answer(_ r: ChatRequest) -> (values: [Double], contentInset: Insets, atEnd: Bool) {
    let overlap =
      KeyboardContext(keyboard: r.keyboard, screen: r.screen, undocked: r.undocked).keyboardAnswer(
        over: r.container
      )
      .overlap
    let (rise, _, newInset) = inset(r, overlap: overlap)
    let k = keyboardInset(r)
    let d = newInset - k
    let (V, S, y) = (r.list.height, r.contentSize.height, r.contentOffset.y)
    var contentInset = r.contentInset
    let atEnd: Bool
    let offset: Double
    if r.inverted {
      let top0 = r.contentInset.top + k + r.safeArea.top
      let top = r.contentInset.top + newInset + r.safeArea.top
      let bottom = r.contentInset.bottom + r.safeArea.bottom
      let (end0, end) = (-top0, -top)
      let maxY = max(end, S + bottom - V)
      atEnd = y <= end0 + r.endThreshold
      let moved: Double =
        switch r.lift {
        case .always: y - d
        case .whenAtEnd: atEnd ? end : y
        case .persistent: d > 0 ? y - d : y
        case .never: y
        }
      offset = min(max(moved, end), maxY)
      contentInset.top += newInset
    } else {
      let top = r.contentInset.top + r.safeArea.top
      let bottom0 = r.contentInset.bottom + k + r.safeArea.bottom
      let bottom = r.contentInset.bottom + newInset + r.safeArea.bottom
      let minY = -top
      let end0 = max(minY, S + bottom0 - V)
      let end = max(minY, S + bottom - V)
      atEnd = y >= end0 - r.endThreshold
      let moved: Double =
        switch r.lift {
        case .always: y + d
        case .whenAtEnd: atEnd ? end : y
        case .persistent: d > 0 ? y + d : y
        case .never: y
        }
      offset = min(max(moved, minY), end)
      contentInset.bottom += newInset
    }
    return ([overlap, -rise, newInset, offset], contentInset, atEnd)
  }
}
