import Foundation
import LayoutJSON
import LayoutService
import LayoutTesting
import Testing

@testable import LayoutCore

/// `JSONRecord`, the one-pass reader the service tries first: whatever it reads, it reads as
/// Foundation's decoder and the general parser do, and it reads the plain bodies requests are.
/// (What it gives up on is read by the general parser, whose answers the other differential
/// tests pin.)
@Suite struct RecordReaderTests {
  /// What the record made of a body: a model, or nothing (it gave up, or a rule failed: the
  /// service then reads the body again with the general parser).
  static func read<Request: ValidatingDecodable>(_ request: Request.Type, _ body: [UInt8]) -> String? {
    let value = try? body.withUnsafeBytes { bytes in
      try JSONRecord.withRead(bytes) { try Request(validating: $0) }
    }
    return value.flatMap { $0 }.map { String(describing: $0) }
  }

  @Test(arguments: ExampleBodyGenerator.Mutation.allCases)
  func whatTheRecordReadsFoundationReadsAlike(mutation: ExampleBodyGenerator.Mutation) throws {
    let examples = try GoldenExamples.loadSingle()
    try #require(!examples.isEmpty)
    var generator = ExampleBodyGenerator(
      rng: SplitMix64(seed: UInt64(ExampleBodyGenerator.Mutation.allCases.firstIndex(of: mutation)!) + 101)
    )
    var failures: [String] = []
    var bodies = 0
    var plainBodies = 0
    var plainRead = 0
    for _ in 0..<20 {
      for example in examples {
        let request = try JSONSerialization.jsonObject(with: example.request)
        let (body, _) = generator.body(from: request, mutation: mutation)
        bodies += 1
        let model = requestType(of: example.endpoint)
        let record = Self.read(model, body)
        // The generator writes escapes (`\u0065`) now and then: those are not plain.
        let plain = !body.contains(UInt8(ascii: "\\"))
        if plain { plainBodies += 1 }
        guard let record else { continue }
        if plain { plainRead += 1 }
        let reference = LayoutModelsDifferentialTests.decode(model, body, reader: .foundation)
        if reference != .value(record) {
          failures.append(
            "\(example.name): record \(record), Foundation \(reference)\n\(String(decoding: body, as: UTF8.self))"
          )
        }
      }
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) differences, first: \(failures.prefix(2).joined(separator: "\n\n"))")
    if mutation == .none || mutation == .unknownMember {
      // Valid requests without escapes: the record reads each one itself.
      #expect(
        plainBodies > 0 && plainRead == plainBodies,
        "the record read \(plainRead) of \(plainBodies) plain bodies")
    }
  }

  /// A valid `/avoid` body, without its closing brace.
  static let plain =
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboard":{"x":0,"y":508,"width":390,"height":336},"#
    + #""field":{"x":0,"y":700,"width":390,"height":44}"#

  @Test func aRepeatedNameIsNeverReadAsEitherValue() throws {
    #expect(Self.read(AvoidRequest.self, Array((Self.plain + "}").utf8)) != nil)
    for body in [
      // A model's name, a name no model asks for, a name inside an object no model reads.
      Self.plain.replacingOccurrences(of: #""height":844"#, with: #""height":844,"x":5"#) + "}",
      Self.plain + #","extra":1,"extra":2}"#,
      Self.plain + #","extra":{"a":1,"b":{"c":2},"a":3}}"#,
    ] {
      #expect(Self.read(AvoidRequest.self, Array(body.utf8)) == nil, "\(body)")
    }
    // Unknown members inside unknown objects, around a nested one: read, and the model is the same.
    let nested = Self.plain + #","extra":{"a":1,"b":{"c":2,"d":[{"e":3}]},"f":4},"z":true}"#
    let record = Self.read(AvoidRequest.self, Array(nested.utf8))
    #expect(record != nil && record == Self.read(AvoidRequest.self, Array((Self.plain + "}").utf8)))
  }

  @Test func namesOfUpToEighteenPlainBytesAreReadAtAnyPlace() throws {
    let model = try #require(Self.read(AvoidRequest.self, Array((Self.plain + "}").utf8)))
    let inner = String(Self.plain.dropFirst())
    for length in 0...20 {
      let name = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
      // First (many bytes after it), last (fewer than a name's two words after it).
      for body in ["{\"\(name)\":1,\(inner)}", "\(Self.plain),\"\(name)\":1}"] {
        let record = Self.read(AvoidRequest.self, Array(body.utf8))
        if length <= 18 {
          #expect(record == model, "\(body)")
        } else {
          #expect(record == nil, "\(body)")
        }
      }
    }
    // A name with a byte that is not plain at each place of its two words and of the two bytes a
    // longer name may have, and one that ends there without its closing quote (not JSON): never
    // read.
    for place in 0..<18 {
      for odd in ["\\u0061", "é", "\t", "\\"] {
        let name = String(repeating: "b", count: place) + odd
        for member in ["\"\(name)c\":1", "\"\(name):1"] {
          for body in ["{\(member),\(inner)}", "\(Self.plain),\(member)}"] {
            #expect(Self.read(AvoidRequest.self, Array(body.utf8)) == nil, "\(body)")
          }
        }
      }
    }
  }

  @Test func anythingUnplainIsLeftToTheGeneralParser() throws {
    let plain = Self.plain
    #expect(Self.read(AvoidRequest.self, Array((plain + "}").utf8)) != nil)
    for tail in [
      #","mode":"tr\u0061nslate"}"#,  // an escape
      #","note":"é"}"#,  // not ASCII
      #","aVeryLongUnknownMemberName":1}"#,  // a name beyond 18 bytes
      #","nested":[[1]]}"#,  // an array in an array
      "} ",  // fine: whitespace after
      "}x",  // not JSON
      #","x":01}"#,  // not JSON
    ] {
      let body = Array((plain + tail).utf8)
      let record = Self.read(AvoidRequest.self, body)
      let reference = LayoutModelsDifferentialTests.decode(AvoidRequest.self, body, reader: .foundation)
      if tail == "} " {
        #expect(record != nil && reference == .value(record!))
      } else {
        #expect(record == nil, "\(tail): the record read \(record ?? "")")
      }
    }
  }

  /// A web page's `interactiveWidget` (17 bytes, past a name's two words) is read by the record:
  /// the model is Foundation's, a name of the same length that differs is another member, and a
  /// repeated one is never read.
  @Test func aPagesInteractiveWidgetIsReadByTheRecord() throws {
    let page =
      #"{"container":{"x":0,"y":0,"width":390,"height":508},"field":{"x":0,"y":400,"width":390,"height":44},"#
      + #""viewport":{"layout":{"width":390,"height":508},"visual":{"offsetLeft":0,"offsetTop":0,"#
      + #""width":390,"height":508,"scale":1},"interactiveWidget":"resizes-content","restingHeight":844"#
    for (tail, read) in [
      ("}}", true),
      // Same length, another last byte, before and after; 18 bytes; a 16-byte prefix of it.
      (#","interactiveWidgeu":"overlays-content"}}"#, true),
      (#","interactiveWidgets":1,"interactiveWidge":2}}"#, true),
      (#","interactiveWidget":"resizes-visual"}}"#, false),
    ] {
      let body = Array((page + tail).utf8)
      let record = Self.read(AvoidRequest.self, body)
      #expect((record != nil) == read, "\(tail)")
      guard let record else { continue }
      let reference = LayoutModelsDifferentialTests.decode(AvoidRequest.self, body, reader: .foundation)
      #expect(reference == .value(record), "\(tail)")
      #expect(record.contains("resizesContent"), "\(record)")
    }
    // `overlays-content`, longer than a `String` holds inline, is read in place; a value that is
    // none of the three is the general parser's to report.
    let overlays = page.replacingOccurrences(
      of: #""resizes-content","restingHeight":844"#,
      with: #""overlays-content","keyboardRect":{"x":0,"y":172,"width":390,"height":336}"#)
    let overlaysBody = Array((overlays + "}}").utf8)
    let overlaysRecord = try #require(Self.read(AvoidRequest.self, overlaysBody))
    #expect(overlaysRecord.contains("overlaysContent"))
    #expect(
      LayoutModelsDifferentialTests.decode(AvoidRequest.self, overlaysBody, reader: .foundation)
        == .value(overlaysRecord))
    for odd in ["overlays-contenT", "overlays-content ", "resizes-visua", ""] {
      let body = overlays.replacingOccurrences(of: "overlays-content", with: odd) + "}}"
      #expect(Self.read(AvoidRequest.self, Array(body.utf8)) == nil, "\(odd)")
    }
    // The decoy first: the record still finds the page's own member.
    let decoyFirst = page.replacingOccurrences(
      of: #""interactiveWidget""#, with: #""interactiveWidgeu":"overlays-content","interactiveWidget""#)
    let record = try #require(Self.read(AvoidRequest.self, Array((decoyFirst + "}}").utf8)))
    #expect(record.contains("resizesContent"))
  }

  /// A page's optional members are read until as many were found as `viewport` holds besides
  /// `layout` and `visual`: every reader reads them alike in every order, with `null`s and unknown
  /// members among them, and with members of the other mode that must conflict.
  @Test func aPagesOptionalMembersAreReadAlikeInEveryOrder() throws {
    let head =
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"field":{"x":0,"y":600,"width":390,"height":44},"#
      + #""viewport":{"layout":{"width":390,"height":844},"visual":{"offsetLeft":0,"offsetTop":0,"#
      + #""width":390,"height":508,"scale":1}"#
    let members: [[String]] = [
      [
        #""interactiveWidget":"overlays-content""#,
        #""keyboardRect":{"x":0,"y":508,"width":390,"height":336}"#,
      ],
      [#""interactiveWidget":"resizes-content""#, #""restingHeight":900"#, #""threshold":90"#],
      [#""interactiveWidget":null"#, #""threshold":60"#, #""note":1"#],
      [#""restingHeight":null"#, #""keyboardRect":{"x":0,"y":508,"width":390,"height":336}"#],
      [#""interactiveWidget":"overlays-content""#, #""restingHeight":700"#, #""keyboardRect":null"#],
      [
        #""keyboardRect":null"#, #""restingHeight":null"#, #""threshold":null"#, #""interactiveWidget":null"#,
      ],
    ]
    var recordReads = 0
    var valid = 0
    for set in members {
      for order in Self.orders(of: set) {
        let body = Array((head + "," + order.joined(separator: ",") + "}}").utf8)
        let reference = LayoutModelsDifferentialTests.decode(AvoidRequest.self, body, reader: .foundation)
        let fast = LayoutModelsDifferentialTests.decode(AvoidRequest.self, body, reader: .fastObject)
        #expect(fast == reference, "\(order)")
        if case .value = reference { valid += 1 }
        if let record = Self.read(AvoidRequest.self, body) {
          recordReads += 1
          #expect(reference == .value(record), "\(order)")
        }
      }
    }
    // The record reads every valid body (its names are plain): all but the two sets that conflict.
    #expect(valid == 2 + 6 + 6 + 24)
    #expect(recordReads == valid)
  }

  /// Every order of `items`.
  static func orders(of items: [String]) -> [[String]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index in
      var rest = items
      let first = rest.remove(at: index)
      return orders(of: rest).map { [first] + $0 }
    }
  }

  /// Counts an object's members through the `Codable` reader.
  struct MemberCount: Decodable {
    let top: Int
    let nested: Int?

    init(from decoder: any Decoder) throws {
      let container = try KeyedLayoutContainer(decoder)
      top = container.memberCount
      nested = try container.objectIfPresent("c")?.memberCount
    }
  }

  /// `memberCount`, which lets a model skip the optional members a body leaves out, counts alike
  /// in the three readers: `null` members, names no model asks for, long and escaped names, and an
  /// object inside another.
  @Test func everyReaderCountsAnObjectsMembersAlike() throws {
    // Each with whether the record reads it: it gives up on escaped names and on names longer
    // than 18 bytes, which the general parser reads.
    let bodies = [
      (#"{}"#, true), (#"{"layout":{"width":1}}"#, true),
      (#"{"a":null,"b":2,"c":{"d":1,"e":[1,{"f":2}],"g":null}}"#, true),
      (#"{"sixteenBytesLong":1,"threshold":null,"x":"y","c":{}}"#, true),
      (#"{"seventeenBytesLon":1,"eighteenBytesLong!":2,"c":{"eighteenBytesLong?":3}}"#, true),
      (#"{"aMemberNameLongerThanSixteen":1,"c":{"d":1}}"#, false), (#"{"\u0061":1,"b":true}"#, false),
    ]
    for (body, recordReads) in bodies {
      let bytes = Array(body.utf8)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
      let expected = (object.count, (object["c"] as? [String: Any])?.count)
      let parsed = try bytes.withUnsafeBytes {
        try JSONDocument.withParsed($0) { ($0.memberCount, try $0.objectIfPresent("c")?.memberCount) }
      }
      let recorded = try bytes.withUnsafeBytes {
        try JSONRecord.withRead($0) { ($0.memberCount, try $0.objectIfPresent("c")?.memberCount) }
      }
      let decoded = try JSONDecoder().decode(MemberCount.self, from: Data(bytes))
      #expect(parsed == expected, "\(body)")
      #expect((decoded.top, decoded.nested) == expected, "\(body)")
      if recordReads {
        #expect(recorded.map { $0 == expected } == true, "\(body)")
      } else {
        #expect(recorded == nil, "\(body)")
      }
    }
  }

  @Test func aRecordKeptPastItsDocumentStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      nonisolated(unsafe) var kept: JSONRecordObject?
      _ = Array(#"{"a":1}"#.utf8).withUnsafeBytes { JSONRecord.withRead($0) { kept = $0 } }
      _ = Array(#"{"a":2}"#.utf8).withUnsafeBytes { JSONRecord.withRead($0) { _ in } }
      _ = try? kept?.number("a")
    }
  }

  @Test func aParsedObjectKeptPastItsDocumentStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      nonisolated(unsafe) var kept: JSONObject?
      _ = try? Array(#"{"a":1}"#.utf8).withUnsafeBytes { try JSONDocument.withParsed($0) { kept = $0 } }
      _ = try? Array(#"{"a":2}"#.utf8).withUnsafeBytes { try JSONDocument.withParsed($0) { _ in } }
      _ = try? kept?.number("a")
    }
  }

  @Test func aViewStillReadsInsideItsDocumentWhileAnotherIsParsedInside() throws {
    let outer = Array(#"{"a":1}"#.utf8)
    let inner = Array(#"{"a":2}"#.utf8)
    let values = try outer.withUnsafeBytes { outerBytes in
      try JSONDocument.withParsed(outerBytes) { object in
        let nested = try inner.withUnsafeBytes { try JSONDocument.withParsed($0) { try $0.number("a") } }
        return (try object.number("a"), nested)
      }
    }
    #expect(values == (1, 2))
  }
}
