import Foundation
import LayoutJSON
import LayoutTesting
import Testing

/// `JSONRecordTemplateCache`: a document that differs from one the thread has read only in its
/// numbers is read by its shape's template, and the record it makes is, member for member and
/// byte place for byte place, the one the reader makes of the same bytes; anything else is read
/// by the reader.
@Suite struct RecordTemplateTests {
  /// The record made of `body`, by the templates (which learn from it) or by the reader alone.
  ///
  /// The body ends where a page that cannot be read begins: a read past its end stops the
  /// process (and so fails the test) rather than going unseen.
  static func record(_ body: [UInt8], usingTemplates: Bool) -> String? {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let size = (body.count / page + 2) * page
    guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      base != MAP_FAILED, mprotect(base + (size - page), page, PROT_NONE) == 0
    else { fatalError("no guarded memory: \(String(cString: strerror(errno)))") }
    defer { munmap(base, size) }
    let start = base + (size - page - body.count)
    body.withUnsafeBytes {
      start.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(start), byteCount: body.count)
    }
    return JSONRecord.recordDescription(
      UnsafeRawBufferPointer(start: start, count: body.count), usingTemplates: usingTemplates)
  }

  /// Reads `body` by the templates and by the reader; returns whether a template read it.
  static func readBothWays(_ body: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    // The reader first: it leaves the templates as they were (the record then holds no
    // template's document, as after a document no template read).
    let reference = record(body, usingTemplates: false)
    let before = JSONRecord.templateReads
    let templated = record(body, usingTemplates: true)
    let read = JSONRecord.templateReads > before
    #expect(
      templated == reference, "read differently:\n\(String(decoding: body, as: UTF8.self))",
      sourceLocation: sourceLocation)
    return read
  }

  /// Reads `body` until a template reads it: after a run of documents no template read, a
  /// template is made of one document in a few.
  static func learn(_ body: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    for _ in 0..<(2 * 4 + 2) where readBothWays(body, sourceLocation: sourceLocation) { return }
    Issue.record("no template read \(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
  }

  /// Numbers as clients write them, and a few they rarely do: each is valid JSON.
  static let numbers = [
    "0", "-0", "7", "12", "-12.5", "390", "844.25", "1e3", "2E-2", "0.1", "-0.0", "1.5e+2",
    "123456789012345678", "1e400", "-1e400", "1e-400", "0e4", "5.0000000000000001",
  ]

  /// `body` with each number token replaced by `replacement(index, token)`.
  static func renumbered(_ body: [UInt8], _ replacement: (Int, String) -> String) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    var count = 0
    var inString = false
    while index < body.count {
      let byte = body[index]
      if inString {
        result.append(byte)
        if byte == UInt8(ascii: "\\") {
          index += 1
          if index < body.count { result.append(body[index]) }
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") { inString = true }
      if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        var end = index
        while end < body.count, Array("0123456789+-.eE".utf8).contains(body[end]) { end += 1 }
        result += Array(replacement(count, String(decoding: body[index..<end], as: UTF8.self)).utf8)
        count += 1
        index = end
        continue
      }
      result.append(byte)
      index += 1
    }
    return result
  }

  /// Plain bodies of many shapes: the worked examples written compactly and pretty-printed, and
  /// with their members in other orders, with unknown members and whitespace. (Not an example
  /// with a member name longer than a record reads, 18 bytes, should one be added.)
  static func bodies(seed: UInt64) throws -> [[UInt8]] {
    let examples = try GoldenExamples.loadSingle().filter { example in
      !((try? JSONSerialization.jsonObject(with: example.request)).map(hasLongName) ?? true)
    }
    var generator = ExampleBodyGenerator(rng: SplitMix64(seed: seed))
    var bodies: [[UInt8]] = []
    for example in examples {
      let request = try JSONSerialization.jsonObject(with: example.request)
      bodies.append(
        Array(try JSONSerialization.data(withJSONObject: request, options: [.withoutEscapingSlashes])))
      bodies.append(Array(try JSONSerialization.data(withJSONObject: request, options: [.prettyPrinted])))
      for mutation in [ExampleBodyGenerator.Mutation.none, .unknownMember] {
        for _ in 0..<4 {
          // The generator writes escapes now and then: those bodies are not plain.
          let body = generator.body(from: request, mutation: mutation).body
          if record(body, usingTemplates: false) != nil { bodies.append(body) }
        }
      }
    }
    return bodies
  }

  /// Whether a member name anywhere in `value` is longer than 18 bytes.
  static func hasLongName(_ value: Any) -> Bool {
    switch value {
    case let object as [String: Any]: object.contains { $0.key.utf8.count > 18 || hasLongName($0.value) }
    case let array as [Any]: array.contains(where: hasLongName)
    default: false
    }
  }

  @Test func aDocumentWithOnlyItsNumbersChangedIsReadByTheTemplateAlike() throws {
    var rng = SplitMix64(seed: 7)
    var read = 0
    var plain = 0
    for body in try Self.bodies(seed: 11) {
      try #require(Self.record(body, usingTemplates: false) != nil)
      plain += 1
      Self.learn(body)
      for _ in 0..<12 {
        let variant = Self.renumbered(body) { _, token in
          Bool.random(using: &rng) ? token : Self.numbers.randomElement(using: &rng)!
        }
        if Self.readBothWays(variant) { read += 1 }
      }
    }
    #expect(plain > 20)
    #expect(read == plain * 12, "the templates read \(read) of \(plain * 12) renumbered bodies")
  }

  @Test(arguments: [false, true])
  func stringsAfterNumbersThatGrowOrShrinkMoveWithThem(namesNumbered: Bool) {
    let body = Array(
      #"{"a":1,"mode":"scroll","b":{"c":22,"s":"xy","d":[3,{"e":4,"t":"z"},"w"]},"u":"end","n":null,"f":false}"#
        .utf8)
    if namesNumbered {
      // Strings in named slots are in the record's order (the document's object first, so `u`
      // before `s`), not the bytes'; a string among the others is in the bytes' order.
      let read = body.withUnsafeBytes { bytes in
        JSONRecord.withRead(bytes) { object in
          for name: StaticString in ["mode", "s", "t", "u"] { _ = object.contains(name) }
          return true
        }
      }
      #expect(read == true)
    }
    Self.learn(body)
    for numbers in [["1234", "0", "5.5", "-7e2"], ["0", "1", "2", "3"], ["-0.125", "99999", "1", "1e3"]] {
      let variant = Self.renumbered(body) { index, _ in numbers[index % numbers.count] }
      #expect(Self.readBothWays(variant), "\(String(decoding: variant, as: UTF8.self))")
    }
  }

  @Test func aDocumentOfAnotherShapeIsReadByTheReader() {
    let body = Array(
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"margin":10,"mode":"resize"}"#.utf8)
    let text = String(decoding: body, as: UTF8.self)
    Self.learn(body)
    // Each differs from the template outside its numbers, or puts no number in a hole.
    let variants: [String] = [
      text.replacingOccurrences(of: "\"y\"", with: "\"z\""),
      text.replacingOccurrences(of: "resize", with: "scroll"),
      text.replacingOccurrences(of: ",\"margin\"", with: ", \"margin\""),
      text.replacingOccurrences(of: "10", with: "null"),
      text.replacingOccurrences(of: "10", with: "true"),
      text.replacingOccurrences(of: "10", with: "\"10\""),
      text.replacingOccurrences(of: "10", with: "[10]"),
      text.replacingOccurrences(of: "10", with: "{}"),
      text.replacingOccurrences(of: "390", with: "0390"),
      text.replacingOccurrences(of: "390", with: "390."),
      text.replacingOccurrences(of: "390", with: "-"),
      text.replacingOccurrences(of: "390", with: ".5"),
      text.replacingOccurrences(of: "390", with: "3e"),
      text.replacingOccurrences(of: "390", with: "+390"),
      text.replacingOccurrences(of: "390", with: "390x"),
      text.replacingOccurrences(of: "390", with: "3 90"),
      text.replacingOccurrences(of: "\"margin\":10", with: "\"margin\":10,\"margin\":11"),
      text + " ",
      text + "}",
      String(text.dropLast()),
      String(text.dropLast(12)),
      text.replacingOccurrences(of: "}", with: ",\"x\":1}"),
    ]
    for variant in variants {
      Self.learn(body)
      #expect(!Self.readBothWays(Array(variant.utf8)), "a template read \(variant)")
    }
  }

  @Test func aNumberThatBeginsAsTheTemplatesOrEndsTheDocumentIsReadAlike() {
    // The template's bytes are compared a word at a time for as long as they agree: a number
    // that begins with the template's digits but goes on, one that shares only its first digits,
    // numbers side by side, and numbers near the end, where fewer than a word of bytes is left.
    let bodies = [
      #"{"a":{"x":390,"y":844,"w":1,"h":22},"b":[3,44,555,6666,77777],"c":12345678,"d":9}"#,
      #"{"width":390,"height":844}"#,
      #"{"a":1}"#,
      #"{"abcdefgh":12,"ijklmnop":34,"qrstuvwx":56}"#,
    ].map { Array($0.utf8) }
    for body in bodies {
      let text = String(decoding: body, as: UTF8.self)
      var tokens: [String] = []
      _ = Self.renumbered(body) { _, token in
        tokens.append(token)
        return token
      }
      for (place, token) in tokens.enumerated() {
        let first = String(token.prefix(1))
        for replacement in [
          token + "1", token + "0", token + ".5", token + "e1", first, first + "9", String(token.dropLast()),
          "9" + token, "-" + token,
        ] {
          Self.learn(body)
          let variant = Self.renumbered(body) { index, token in index == place ? replacement : token }
          // A one-digit number without its digit is no number: the reader's to refuse.
          #expect(
            Self.readBothWays(variant) == !replacement.isEmpty, "\(text) with \(replacement) for \(token)")
        }
      }
      // The same bytes cut short, or followed by more: never read by the template.
      for length in 0..<body.count {
        Self.learn(body)
        #expect(!Self.readBothWays(Array(body.prefix(length))), "\(text) cut to \(length) bytes")
      }
      Self.learn(body)
      #expect(!Self.readBothWays(body + Array("1".utf8)))
    }
  }

  @Test func manyShapesAtOnceAreStillReadAlike() throws {
    var rng = SplitMix64(seed: 3)
    let bodies = try Self.bodies(seed: 5)
    try #require(bodies.count > 8)
    // Shapes in runs, in turn and at random, more of them than templates: the record holds the
    // last template's document, another's, or none; the least recently used template is
    // replaced, and after a run of misses only the last one is tried. Each body's record is
    // made by the reader first, so that nothing but templates reads in between.
    var sequence: [[UInt8]] = []
    for round in 0..<300 {
      let shape: [UInt8]
      switch round % 3 {
      case 0: shape = bodies[round / 30 % bodies.count]
      case 1: shape = bodies[round / 60 % 3]
      default: shape = bodies.randomElement(using: &rng)!
      }
      sequence.append(
        Self.renumbered(shape) { _, token in
          Bool.random(using: &rng) ? token : Self.numbers.randomElement(using: &rng)!
        })
    }
    let references = sequence.map { Self.record($0, usingTemplates: false) }
    let before = JSONRecord.templateReads
    for (body, reference) in zip(sequence, references) {
      #expect(
        Self.record(body, usingTemplates: true) == reference,
        "read differently:\n\(String(decoding: body, as: UTF8.self))")
    }
    #expect(
      JSONRecord.templateReads - before > 50, "templates read \(JSONRecord.templateReads - before) of 300")
    // Back to one shape: a template reads it again.
    Self.learn(bodies[0])
    #expect(Self.readBothWays(Self.renumbered(bodies[0]) { _, _ in "42" }))
  }

  @Test func oneShapeAfterAnotherIsReadFromTheRecordItLeft() {
    // The record holds the document of the template that read last: the next document of its
    // shape changes only its numbers and strings; one of another shape restores its own.
    let shapes = [
      #"{"a":1,"s":"x","b":{"c":2}}"#, #"{"b":{"c":2},"a":1,"s":"xyz"}"#, #"{"d":[1,2,{"e":3}],"f":"g"}"#,
    ].map { Array($0.utf8) }
    var sequence: [[UInt8]] = []
    for index in [0, 0, 0, 1, 1, 0, 2, 1, 2, 2, 0, 1, 0, 2] {
      sequence.append(
        Self.renumbered(shapes[index]) { count, _ in ["7", "-12.5", "1e3", "0"][(count + sequence.count) % 4]
        })
    }
    let references = sequence.map { Self.record($0, usingTemplates: false) }
    for shape in shapes { Self.learn(shape) }
    let before = JSONRecord.templateReads
    for (body, reference) in zip(sequence, references) {
      #expect(
        Self.record(body, usingTemplates: true) == reference, "\(String(decoding: body, as: UTF8.self))")
    }
    #expect(JSONRecord.templateReads - before == sequence.count)
  }

  @Test func numbersThatKeepTheirLengthChangeOnlyTheirHolesAndTheLastDocumentsAreUndone() {
    // A client's run of requests: one shape, a few numbers changing each time, most of the same
    // length as the template's (the record then changes only those holes and the ones the last
    // document changed), now and then one longer or shorter (every hole and string moves).
    let body = Array(
      #"{"a":{"x":10,"y":20,"w":30,"h":40},"s":"mid","k":336,"b":[50,60],"t":"end","m":7}"#.utf8)
    let changes: [[Int: String]] = [
      [:], [5: "291"], [5: "346", 0: "11"], [1: "21"], [5: "336"], [6: "51", 7: "61"], [:],
      [5: "1000"], [5: "216"], [2: "33"], [5: "12"], [8: "9"], [:], [0: "99", 8: "5"], [3: "4"],
    ]
    let sequence = changes.map { change in
      Self.renumbered(body) { index, token in change[index] ?? token }
    }
    let references = sequence.map { Self.record($0, usingTemplates: false) }
    Self.learn(body)
    let before = JSONRecord.templateReads
    for (body, reference) in zip(sequence, references) {
      #expect(
        Self.record(body, usingTemplates: true) == reference, "\(String(decoding: body, as: UTF8.self))")
    }
    #expect(JSONRecord.templateReads - before == sequence.count)
  }

  @Test func documentsTooLargeToKeepAreReadByTheReaderEveryTime() {
    let manyMembers = "{" + (0..<129).map { "\"m\($0)\":\($0)" }.joined(separator: ",") + "}"
    let fewMembers = "{" + (0..<128).map { "\"m\($0)\":\($0)" }.joined(separator: ",") + "}"
    let longString = #"{"a":1,"s":""# + String(repeating: "x", count: 4096) + #""}"#
    for body in [manyMembers, longString] {
      for _ in 0..<10 { #expect(!Self.readBothWays(Array(body.utf8)), "a template read \(body.prefix(40))") }
    }
    Self.learn(Array(fewMembers.utf8))
  }

  @Test func aNameNumberedAfterTheTemplateWasMadeIsReadIntoItsSlot() {
    // A name no lookup has asked for is kept among the others; once a lookup numbers it, the
    // reader puts it in a slot, so a template made before must not read the next document.
    let body = Array(#"{"a":1,"aNameOnlyHere":2}"#.utf8)
    Self.learn(body)
    let found = body.withUnsafeBytes { bytes in
      JSONRecord.withRead(bytes) { object in object.contains("aNameOnlyHere") }
    }
    #expect(found == true)
    let renumbered = Array(#"{"a":5,"aNameOnlyHere":6}"#.utf8)
    #expect(!Self.readBothWays(renumbered), "a template made before the name had a number read it")
    #expect(Self.readBothWays(renumbered))
  }
}
