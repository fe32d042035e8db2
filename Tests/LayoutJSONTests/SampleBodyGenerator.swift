import LayoutTesting

/// Generates `Sample` bodies, valid or with one mutation at one decoded place.
final class SampleBodyGenerator {
  enum Mutation: CaseIterable {
    case none, wrongType, null, remove, outOfRange, lazySyntax, eagerSyntax
  }

  enum Slot {
    case double, float, int, int16, int64, uint32, uint8, string, mode, bool, object, array
  }

  var rng: SplitMix64
  var mutationRNG: SplitMix64
  let mutation: Mutation
  let target: Int
  var slotCount = 0
  /// The kind of every slot, in order.
  var slotKinds: [Slot] = []
  /// The path of the mutated value (names, and `#i` for indices).
  var mutatedPath: [String]?

  init(seed: UInt64, mutation: Mutation = .none, target: Int = -1) {
    rng = SplitMix64(seed: seed)
    mutationRNG = SplitMix64(seed: seed ^ 0xA5A5_A5A5)
    self.mutation = mutation
    self.target = target
  }

  /// Generates a body, and how many mutable places it has.
  static func body(seed: UInt64, mutation: Mutation) -> (body: [UInt8], path: [String]?) {
    let counting = SampleBodyGenerator(seed: seed)
    _ = counting.sample()
    var chooser = SplitMix64(seed: seed &* 31)
    let eligible = counting.slotKinds.indices.filter {
      mutation != .outOfRange || outOfRangeValues(for: counting.slotKinds[$0]) != nil
    }
    let target = mutation == .none ? -1 : chooser.pick(eligible)
    let generator = SampleBodyGenerator(seed: seed, mutation: mutation, target: target)
    let fragment = generator.sample()
    var renderRNG = SplitMix64(seed: seed &+ 7)
    return (fragment.render(using: &renderRNG), generator.mutatedPath)
  }

  // MARK: Slots

  func slot(_ kind: Slot, _ path: [String], member: Bool = true, _ make: () -> Fragment) -> Fragment? {
    let index = slotCount
    slotCount += 1
    slotKinds.append(kind)
    let normal = make()
    guard index == target else { return normal }
    mutatedPath = path
    switch mutation {
    case .none:
      return normal
    case .null:
      return .raw("null")
    case .remove:
      return member ? nil : .raw("null")
    case .wrongType:
      return .raw(mutationRNG.pick(wrongValues(for: kind)))
    case .outOfRange:
      guard let values = Self.outOfRangeValues(for: kind) else {
        mutatedPath = nil
        return normal
      }
      return .raw(mutationRNG.pick(values))
    case .lazySyntax:
      switch kind {
      case .double, .float, .int, .int16, .int64, .uint32, .uint8:
        return .raw(mutationRNG.pick(["01", "-01", "1.", "1.e3", "1e", "-", "00", "1e+"]))
      case .string, .mode:
        return .raw(
          mutationRNG.pick([
            [0x22, 0x61, 0x01, 0x62, 0x22], Array(#""\x""#.utf8), Array(#""\u12G4""#.utf8),
            Array(#""\ud800""#.utf8), Array(#""\udc00x""#.utf8), [0x22, 0xC0, 0x80, 0x22],
            [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
            [0x22, 0x61, 0xFF, 0x22], [0x22, 0x0A, 0x22],
          ]))
      default:
        return .raw(mutationRNG.pick(["tru", "nul", "NaN"]))
      }
    case .eagerSyntax:
      return .raw(
        mutationRNG.pick([
          "NaN", "+1", ".5", "'x'", "tru", "nul", "/*c*/1", "[1 2]", #"{"a" 1}"#, #"{"a":1 "b":2}"#, "[1,,2]",
          "Infinity", "-Infinity", #"{"a":1"#, "[1", "]", "}", "\"abc", "True", "undefined", "0x10",
        ]))
    }
  }

  private func wrongValues(for kind: Slot) -> [String] {
    let all: [(Slot?, String)] = [
      (.string, "\"x\""), (.double, "1"), (.bool, "true"), (.bool, "false"), (.object, "{}"),
      (.object, #"{"x":1}"#), (.array, "[]"), (.array, "[1]"),
    ]
    var values: [String] = []
    for (valueKind, text) in all {
      switch (kind, valueKind) {
      case (.string, .string), (.mode, .string), (.bool, .bool), (.object, .object), (.array, .array):
        continue
      case (.double, .double), (.float, .double), (.int, .double), (.int16, .double), (.int64, .double),
        (.uint32, .double), (.uint8, .double):
        continue
      default:
        values.append(text)
      }
    }
    if kind == .mode { values.append("\"sideways\"") }
    return values
  }

  static func outOfRangeValues(for kind: Slot) -> [String]? {
    switch kind {
    case .double: ["1e400", "-1e400", "1e-400", "2e-324", "-123e99999"]
    case .float: ["1e39", "-1e39", "1e-50", "3.4028236e38"]
    case .int, .int64: ["7.5", "1e20", "9223372036854775808", "-9223372036854775809", "1e400", "0.5"]
    case .int16: ["32768", "-32769", "1.5", "4e4"]
    case .uint32: ["-1", "4294967296", "0.5"]
    case .uint8: ["300", "-1", "2.5", "256"]
    default: nil
    }
  }

  // MARK: Values

  func doubleText() -> String {
    switch Int.random(in: 0..<12, using: &rng) {
    case 0: return String(Int.random(in: -2000...2000, using: &rng))
    case 1: return Double.random(in: -1000...1000, using: &rng).description
    case 2:
      return rng.pick([
        "1.5e2", "15E-1", "-0", "0.0", "-0.0", "1e300", "5e-324", "2.5e-320", "0.1", "1E+2", "1e-7", "0e10",
        "3.141592653589793238462643383279", "123456789012345678901234567890", "4.9406564584124654e-324",
        "1.7976931348623157e308", "9007199254740993", "0.30000000000000004", "2.2250738585072011e-308",
        "1e22", "1e23", "8.98846567431158e307", "-0e-0", "0.000001", "100000000000000000000000",
      ])
    case 3:
      var bits = Double(bitPattern: rng.next())
      while !bits.isFinite { bits = Double(bitPattern: rng.next()) }
      return bits.description
    case 4:
      let mantissa = Int.random(in: 1...999_999, using: &rng)
      let exponent = Int.random(in: -300...300, using: &rng)
      let sign = exponent < 0 ? "" : rng.pick(["", "+"])
      return "\(rng.chance(0.3) ? "-" : "")\(mantissa)\(rng.pick(["e", "E"]))\(sign)\(exponent)"
    case 5:
      return
        "\(Int.random(in: 0...999, using: &rng)).\(String(UInt64.random(in: 0...UInt64.max, using: &rng)))"
    default: return String(Int.random(in: 0...900, using: &rng))
    }
  }

  func floatText() -> String {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return String(Int.random(in: -100...100, using: &rng))
    case 1: return Float.random(in: -1e6...1e6, using: &rng).description
    case 2:
      return rng.pick(["0.5", "3.25", "-7", "1e-3", "1.5e10", "3.4028235e38", "1e-45", "0.1", "16777217"])
    default: return Double.random(in: -10...10, using: &rng).description
    }
  }

  func integerText(_ range: ClosedRange<Int64>) -> String {
    switch Int.random(in: 0..<6, using: &rng) {
    case 0:
      let forms: [(String, Int64)] = [
        ("7.0", 7), ("1e2", 100), ("-0", 0), ("1E3", 1000), ("2.0e1", 20), ("0", 0), ("100e-2", 1),
        ("-0.0", 0),
        ("-2e1", -20),
      ]
      return rng.pick(forms.filter { range.contains($0.1) }.map(\.0))
    case 1: return String(rng.chance(0.5) ? range.lowerBound : range.upperBound)
    default: return String(Int64.random(in: range, using: &rng))
    }
  }

  func stringToken(_ text: String? = nil) -> Fragment {
    .raw(StringEncoding.encode(text ?? StringEncoding.randomText(&rng), escapeRate: 0.1, &rng))
  }

  /// A valid value for a member nobody decodes.
  func unknownValue(depth: Int = 0) -> Fragment {
    switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &rng) {
    case 0: return stringToken()
    case 1: return .raw(rng.pick(["1e400", "-0", "12345678901234567890123", "true", "false", "null", "0.5"]))
    case 2: return .raw(doubleText())
    case 3: return .raw("null")
    case 4:
      return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in unknownValue(depth: depth + 1) })
    default:
      return .object(
        (0..<Int.random(in: 0...3, using: &rng)).map { index in
          (StringEncoding.encode("u\(index)", escapeRate: 0.1, &rng), unknownValue(depth: depth + 1))
        })
    }
  }

  /// An object with the given members (nil = removed), shuffled, with unknown members mixed in.
  func object(_ members: [(String, Fragment?)]) -> Fragment {
    var encoded: [(name: [UInt8], value: Fragment)] = []
    for (name, value) in members {
      if let value { encoded.append((StringEncoding.encode(name, escapeRate: 0.05, &rng), value)) }
    }
    for index in 0..<Int.random(in: 0...2, using: &rng) {
      encoded.append((StringEncoding.encode("x_\(index)", escapeRate: 0.1, &rng), unknownValue()))
    }
    encoded.shuffle(using: &rng)
    return .object(encoded)
  }

  /// An optional member: absent (no slot), null, or a value.
  func optional(_ name: String, _ path: [String], _ kind: Slot, _ make: () -> Fragment) -> (String, Fragment?)
  {
    let roll = Double.random(in: 0..<1, using: &rng)
    if roll < 0.2 { return (name, nil) }
    if roll < 0.35 { return (name, slot(kind, path + [name]) { .raw("null") }) }
    return (name, slot(kind, path + [name], make))
  }

  func frame(_ path: [String]) -> Fragment {
    object(
      ["x", "y", "width", "height"].map { name in
        (name, slot(.double, path + [name]) { .raw(doubleText()) })
      })
  }

  func array(
    _ path: [String], count: ClosedRange<Int>, _ kind: Slot, _ make: @escaping ([String]) -> Fragment
  ) -> Fragment {
    .array(
      (0..<Int.random(in: count, using: &rng)).map { index in
        let elementPath = path + ["#\(index)"]
        return slot(kind, elementPath, member: false) { make(elementPath) } ?? .raw("null")
      })
  }

  func inner(_ path: [String]) -> Fragment {
    object([
      optional("count", path, .int16) { .raw(self.integerText(-32768...32767)) },
      optional("flag", path, .bool) { .raw(self.rng.chance(0.5) ? "true" : "false") },
      (
        "tags",
        slot(.array, path + ["tags"]) {
          self.array(path + ["tags"], count: 0...3, .string) { _ in self.stringToken() }
        }
      ),
      optional("big", path, .int64) { .raw(self.integerText(Int64.min...Int64.max)) },
      optional("unsigned", path, .uint32) { .raw(self.integerText(0...4_294_967_295)) },
    ])
  }

  func sample() -> Fragment {
    object([
      ("name", slot(.string, ["name"]) { self.stringToken() }),
      ("mode", slot(.mode, ["mode"]) { self.stringToken(self.rng.pick(["translate", "scroll", "resize"])) }),
      ("frame", slot(.object, ["frame"]) { self.frame(["frame"]) }),
      optional("optionalFrame", [], .object) { self.frame(["optionalFrame"]) },
      (
        "values",
        slot(.array, ["values"]) {
          self.array(["values"], count: 0...4, .double) { _ in .raw(self.doubleText()) }
        }
      ),
      ("count", slot(.int, ["count"]) { .raw(self.integerText(-1_000_000...1_000_000)) }),
      optional("small", [], .uint8) { .raw(self.integerText(0...255)) },
      optional("ratio", [], .float) { .raw(self.floatText()) },
      ("inner", slot(.object, ["inner"]) { self.inner(["inner"]) }),
      optional("items", [], .array) {
        self.array(["items"], count: 0...3, .object) { self.inner($0) }
      },
      ("enabled", slot(.bool, ["enabled"]) { .raw(self.rng.chance(0.5) ? "true" : "false") }),
      optional("note", [], .string) { self.stringToken() },
      optional("matrix", [], .array) {
        self.array(["matrix"], count: 0...2, .array) { _ in
          .array((0..<Int.random(in: 0...2, using: &self.rng)).map { _ in .raw(self.doubleText()) })
        }
      },
      optional("flags", [], .array) {
        .array(
          (0..<Int.random(in: 0...3, using: &self.rng)).map { _ in
            .raw(self.rng.pick(["true", "false", "null"]))
          })
      },
    ])
  }
}
