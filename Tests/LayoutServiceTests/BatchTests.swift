import Foundation
import HTTPTesting
import LayoutTesting
import MicroHTTP
import Testing

@testable import LayoutService

/// `POST /avoid/batch`, `POST /caret-follow/batch` and `POST /chat/batch` (contract §9), each rule over HTTP and with
/// each decoder. Every element is checked against what the single route of a server with the
/// same decoder answers for the same request.
@Suite("Batches")
struct BatchTests {
  /// Varied `/avoid` requests: every mode, hidden, docked and floating keyboards, and with
  /// `keyboardHeight`; seeded, so every run sees the same ones.
  static func avoidRequests(_ count: Int, seed: UInt64 = 9) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      let height = Double(random.pick([600, 844, 926]))
      let keyboardHeight = Double(random.pick([0, 216, 291, 336]))
      var members = [
        #""container":{"x":0,"y":0,"width":390,"height":\#(height)}"#,
        #""field":{"x":20,"y":\#(random.pick([100, 400, 520, 700])),"width":350,"height":44}"#,
        #""safeArea":{"top":47,"left":0,"bottom":34,"right":0}"#,
      ]
      switch random.pick([0, 1, 2, 3]) {
      case 0: members.append(#""keyboardHeight":\#(keyboardHeight)"#)
      case 1: members.append(#""keyboard":null"#)
      case 2:
        members.append(
          #""keyboard":{"x":0,"y":\#(height - keyboardHeight),"width":390,"height":\#(keyboardHeight)}"#)
      default:
        members.append(#""keyboard":{"x":40,"y":200,"width":300,"height":250},"undocked":"avoid""#)
      }
      switch random.pick(["translate", "scroll", "resize"]) {
      case "scroll":
        members.append(
          #""mode":"scroll","contentOffset":{"x":0,"y":\#(random.pick([0, 300]))},"contentSize":{"width":390,"height":2000}"#
        )
      case let mode: members.append(#""mode":"\#(mode)""#)
      }
      if random.chance(0.3) { members.append(#""animation":{"duration":0.25,"curve":7,"frameRate":10}"#) }
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  /// Varied `/caret-follow` requests.
  static func caretRequests(_ count: Int, seed: UInt64 = 11) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      #"{"textView":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":\#(random.pick([0, 336])),"#
        + #""caret":{"x":120,"y":\#(random.pick([40, 500, 1500])),"width":2,"height":20},"#
        + #""contentOffset":{"x":0,"y":\#(random.pick([0, 1000]))},"contentSize":{"width":390,"height":3000},"#
        + #""margin":\#(random.pick([0, 8])),"lineHeight":\#(random.pick([0, 24]))}"#
    }
  }

  /// Varied `/chat` requests: every `lift`, ordinary and inverted, the keyboard up or hidden.
  static func chatRequests(_ count: Int, seed: UInt64 = 13) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":\#(random.pick([0, 336])),"#
        + #""list":{"x":0,"y":0,"width":390,"height":760},"composer":{"x":0,"y":760,"width":390,"height":50},"#
        + #""contentOffset":{"x":0,"y":\#(random.pick([-84, 1200, 2240]))},"contentSize":{"width":390,"height":3000},"#
        + #""keyboardInset":\#(random.pick([0, 302])),"lift":"\#(random.pick(["always", "whenAtEnd", "persistent", "never"]))","#
        + #""inverted":\#(random.chance(0.5)),"track":\#(random.chance(0.2))}"#
    }
  }

  /// `/sheet` requests of every behaviour, with and without a field, a keyboard or a web page's.
  static func sheetRequests(_ count: Int, seed: UInt64 = 14) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      let keyboard =
        random.chance(0.3)
        ? #""viewport":{"layout":{"width":390,"height":844},"visual":{"offsetLeft":0,"offsetTop":\#(random.pick([0, 120])),"width":390,"height":\#(random.pick([508, 700, 844])),"scale":1}}"#
        : #""keyboardHeight":\#(random.pick([0, 20, 336]))"#
      let field =
        random.chance(0.5)
        ? #","header":56,"field":{"x":16,"y":\#(random.pick([40, 400, 800])),"width":358,"height":44},"contentOffset":{"x":0,"y":0},"contentSize":{"width":390,"height":900}"#
        : ""
      return #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"bottom":34},"#
        + #""detents":[300,600],"detent":\#(random.pick([0, 1])),"keyboardBehavior":"\#(random.pick(["interactive", "extend", "fillParent"]))","#
        + keyboard + field + #","track":\#(random.chance(0.2))}"#
    }
  }

  /// Requests that break the contract in different ways.
  static let invalidAvoidRequests = [
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboard":{"x":0,"y":508,"width":390,"height":-336},"field":{"x":20,"y":700,"width":350,"height":44}}"#,
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"field":{"x":20,"y":700,"width":350,"height":44}}"#,
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":1e400,"field":{"x":20,"y":700,"width":350,"height":44}}"#,
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":336,"field":{"x":20,"y":700,"width":350,"height":44},"mode":"float"}"#,
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":336,"field":{"x":"20","y":700,"width":350,"height":44}}"#,
    "{}",
  ]

  /// The element a batch holds for `request`: the single route's answer, or its problem with
  /// the pointer prefixed by `/index`.
  static func expectedElement(
    _ fixture: HTTPTestServer, _ path: String, _ request: String, index: Int
  ) throws -> Any {
    let single = try fixture.post(path, request)
    if single.status == 200 { return try single.json() }
    #expect(single.status == 422, "\(single.bodyString)")
    var problem = try single.jsonObject()
    problem["pointer"] = "/\(index)" + (problem["pointer"] as? String ?? "")
    return problem
  }

  static func elements(_ response: TestResponse) throws -> [Any] {
    #expect(response.status == 200, "\(response.bodyString.prefix(300))")
    #expect(response.headers["Content-Type"] == "application/json")
    return try #require(try response.json() as? [Any])
  }

  static func expectSame(_ actual: Any, _ expected: Any, _ label: String) {
    let differences = JSONComparison.differences(actual, expected, unpinned: [])
    #expect(differences.isEmpty, "\(label): \(differences)")
  }

  /// Per endpoint of the route table, a maker of `count` varied valid requests.
  static let requestMakers: [String: @Sendable (_ count: Int) -> [String]] = [
    "/avoid": { avoidRequests($0) }, "/caret-follow": { caretRequests($0) }, "/chat": { chatRequests($0) },
    "/sheet": { sheetRequests($0) },
  ]

  @Test func everyEndpointHasRequestsToBatch() {
    #expect(Set(Self.requestMakers.keys) == Set(LayoutAPI.operationPaths))
  }

  @Test(arguments: LayoutAPI.operationPaths, RequestDecoder.allCases)
  func eachElementIsTheSingleRoutesAnswerInOrder(_ path: String, decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let makeRequests = try #require(Self.requestMakers[path], "no requests to batch for \(path)")
    let requests = makeRequests(40)
    let elements = try Self.elements(
      try fixture.post(path + "/batch", "[" + requests.joined(separator: ",") + "]"))
    try #require(elements.count == requests.count)
    for (index, request) in requests.enumerated() {
      let expected = try Self.expectedElement(fixture, path, request, index: index)
      Self.expectSame(elements[index], expected, "\(path) item \(index)")
      #expect((elements[index] as? [String: Any])?["status"] == nil, "answers have no status")
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func aProblemIsTheSingleProblemWithItsIndexInThePointer(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    var requests = Self.avoidRequests(12)
    for (offset, invalid) in Self.invalidAvoidRequests.enumerated() {
      requests.insert(invalid, at: 1 + offset * 2)
    }
    let elements = try Self.elements(
      try fixture.post("/avoid/batch", "[" + requests.joined(separator: ",") + "]"))
    try #require(elements.count == requests.count)
    for (index, request) in requests.enumerated() {
      let expected = try Self.expectedElement(fixture, "/avoid", request, index: index)
      Self.expectSame(elements[index], expected, "item \(index)")
    }
    let problems = elements.compactMap { $0 as? [String: Any] }.filter { $0["status"] != nil }
    #expect(problems.count == Self.invalidAvoidRequests.count)
    #expect(problems.allSatisfy { ($0["type"] as? String)?.hasPrefix("urn:layoutd:problem:") == true })
  }

  @Test(arguments: RequestDecoder.allCases)
  func aChatProblemPointsIntoItsItem(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let valid = Self.chatRequests(2, seed: 3)
    let bad = [
      ErrorTests.chat(#""lift":"sometimes""#), ErrorTests.chat(without: "list"),
      ErrorTests.chat(#""inverted":"yes""#),
    ]
    let elements = try Self.elements(
      try fixture.post("/chat/batch", "[" + ([valid[0]] + bad + [valid[1]]).joined(separator: ",") + "]"))
    try #require(elements.count == 5)
    let expected = [
      (1, ("/1/lift", "unknown-value")), (2, ("/2/list", "missing-member")),
      (3, ("/3/inverted", "wrong-type")),
    ]
    for (index, (pointer, rule)) in expected {
      let problem = try #require(elements[index] as? [String: Any])
      #expect(problem["pointer"] as? String == pointer)
      #expect(problem["type"] as? String == "urn:layoutd:problem:\(rule)")
      #expect(problem["status"] as? Int == 422)
    }
    Self.expectSame(elements[0], try fixture.post("/chat", valid[0]).json(), "item 0")
    Self.expectSame(elements[4], try fixture.post("/chat", valid[1]).json(), "item 4")
  }

  @Test(arguments: RequestDecoder.allCases)
  func oneBadItemNeverChangesAnother(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let valid = Self.avoidRequests(20, seed: 77)
    let clean = try Self.elements(try fixture.post("/avoid/batch", "[" + valid.joined(separator: ",") + "]"))
    // The same requests with a bad item, a non-object and a duplicate name between each.
    var mixed: [String] = []
    var positions: [Int] = []
    for (offset, request) in valid.enumerated() {
      mixed.append(Self.invalidAvoidRequests[offset % Self.invalidAvoidRequests.count])
      mixed.append(offset % 2 == 0 ? "null" : #"{"margin":1,"margin":2}"#)
      positions.append(mixed.count)
      mixed.append(request)
    }
    let elements = try Self.elements(
      try fixture.post("/avoid/batch", "[" + mixed.joined(separator: ",") + "]"))
    try #require(elements.count == mixed.count)
    for (offset, position) in positions.enumerated() {
      Self.expectSame(elements[position], clean[offset], "item \(position)")
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func theWorkedExampleIsAnswered(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let examples = try GoldenExamples.load(endpoint: "/avoid/batch")
    try #require(!examples.isEmpty)
    for example in examples {
      let elements = try Self.elements(
        try fixture.post("/avoid/batch", String(decoding: example.request, as: UTF8.self)))
      let differences = JSONComparison.differences(elements, example.answer)
      #expect(differences.isEmpty, "\(example.name): \(differences)")
    }
  }

  @Test(arguments: ["/avoid/batch", "/caret-follow/batch", "/chat/batch"], RequestDecoder.allCases)
  func anEmptyArrayAnswersAnEmptyArray(_ path: String, decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let response = try fixture.post(path, " [ ] ")
    #expect(try Self.elements(response).isEmpty)
    #expect(response.bodyString == "[]")
  }

  @Test(arguments: [#"{"container":{}}"#, "3", "null", #""batch""#, "true"], RequestDecoder.allCases)
  func aBodyThatIsNotAnArrayIsWrongTypeAtTheRoot(_ body: String, decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let problem = try ErrorTests().expectProblem(
      try fixture.post("/avoid/batch", body), status: 422, pointer: "")
    #expect(problem["type"] as? String == "urn:layoutd:problem:wrong-type")
  }

  @Test(arguments: ["[1,", "[{}]]", "{\"a\":}", "[\u{FEFF}]", #"[{"margin":01}]"#], RequestDecoder.allCases)
  func aBodyThatIsNotJSONIs400(_ body: String, decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let problem = try ErrorTests().expectProblem(try fixture.post("/caret-follow/batch", body), status: 400)
    #expect(problem["type"] as? String == "about:blank")
  }

  @Test(arguments: RequestDecoder.allCases)
  func anEmptyBodyIs400(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    _ = try ErrorTests().expectProblem(try fixture.post("/avoid/batch", ""), status: 400)
  }

  @Test func aBodyThatIsNotJSONByContentTypeIs415() throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post("/avoid/batch", "[]", headers: [("Content-Type", "application/xml")])
    _ = try ErrorTests().expectProblem(response, status: 415)
  }

  @Test(arguments: RequestDecoder.allCases)
  func moreThanTenThousandItemsIsTooManyAtTheRoot(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let items = Array(repeating: "{}", count: Batch.maxItems + 1)
    let response = try fixture.post("/avoid/batch", "[" + items.joined(separator: ",") + "]")
    let problem = try ErrorTests().expectProblem(response, status: 422, pointer: "")
    #expect(problem["type"] as? String == "urn:layoutd:problem:too-many")
  }

  @Test(arguments: RequestDecoder.allCases)
  func tenThousandItemsAreAnswered(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let distinct = Self.avoidRequests(10)
    let requests = (0..<Batch.maxItems).map { distinct[$0 % distinct.count] }
    let elements = try Self.elements(
      try fixture.post("/avoid/batch", "[" + requests.joined(separator: ",") + "]"))
    try #require(elements.count == requests.count)
    let singles = try distinct.map { try fixture.post("/avoid", $0).json() }
    for index in stride(from: 0, to: elements.count, by: 997) {
      Self.expectSame(elements[index], singles[index % distinct.count], "item \(index)")
    }
    Self.expectSame(elements[elements.count - 1], singles[(elements.count - 1) % distinct.count], "last")
  }

  @Test(arguments: ["null", "3", #""x""#, "[]", #"[{"keyboardHeight":1}]"#, "true"], RequestDecoder.allCases)
  func anItemThatIsNotAnObjectIsWrongTypeAtItsIndex(_ item: String, decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let valid = Self.avoidRequests(1)[0]
    let elements = try Self.elements(try fixture.post("/avoid/batch", "[\(valid),\(item),\(valid)]"))
    try #require(elements.count == 3)
    let problem = try #require(elements[1] as? [String: Any])
    #expect(problem["type"] as? String == "urn:layoutd:problem:wrong-type")
    #expect(problem["pointer"] as? String == "/1")
    #expect(problem["status"] as? Int == 422)
    #expect((problem["title"] as? String)?.isEmpty == false)
    #expect((problem["detail"] as? String)?.isEmpty == false)
    let single = try fixture.post("/avoid", valid).json()
    Self.expectSame(elements[0], single, "item 0")
    Self.expectSame(elements[2], single, "item 2")
  }

  /// Each item is found wherever its text puts brackets, commas, quotes and whitespace: inside
  /// strings, in items that are not objects, between items.
  @Test(arguments: RequestDecoder.allCases)
  func itemsAreReadWhateverTheirTextHolds(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let valid = Self.avoidRequests(3, seed: 5)
    let noted = String(valid[1].dropLast()) + #","note":"a \"],{ \\","more":[1,{"}":"]"}]}"#
    let items = [
      #""a,]\"[{""#, valid[0], #"[1,[2,{"x":"}"}]]"#, noted, "3.5e2", #"{"mode":"[\"]"}"#,
      "\t\n" + valid[2] + " \r\n", "{}", "-0", valid[0],
    ]
    let elements = try Self.elements(
      try fixture.post("/avoid/batch", "[ " + items.joined(separator: " ,\n") + "\n]"))
    try #require(elements.count == items.count)
    for (index, item) in items.enumerated() {
      if item.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
        let expected = try Self.expectedElement(fixture, "/avoid", item, index: index)
        Self.expectSame(elements[index], expected, "item \(index)")
      } else {
        let problem = try #require(elements[index] as? [String: Any], "\(item)")
        #expect(problem["type"] as? String == "urn:layoutd:problem:wrong-type", "\(item)")
        #expect(problem["pointer"] as? String == "/\(index)", "\(item)")
      }
    }
    Self.expectSame(elements[3], try fixture.post("/avoid", valid[1]).json(), "noted")
  }

  @Test(arguments: RequestDecoder.allCases)
  func duplicateNamesMakeOnlyTheirItemAProblem(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let valid = Self.avoidRequests(1)[0]
    // At the item's top, nested, escaped, and in an object with many members (hashing).
    let many = (0..<20).map { #""m\#($0)":\#($0)"# }.joined(separator: ",") + #","m3":0"#
    let items = [
      (#"{"margin":1,"margin":2}"#, "/margin"),
      (
        #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboard":{"x":0,"y":1,"x":2},"field":{}}"#,
        "/keyboard/x"
      ),
      (#"{"field":{"height":1,"\u0068eight":2}}"#, "/field/height"),
      (#"{"a":{\#(many)}}"#, "/a/m3"),
    ]
    var body: [String] = []
    for (item, _) in items {
      body.append(valid)
      body.append(item)
    }
    body.append(valid)
    let elements = try Self.elements(
      try fixture.post("/avoid/batch", "[" + body.joined(separator: ",") + "]"))
    try #require(elements.count == body.count)
    let single = try fixture.post("/avoid", valid).json()
    for (offset, (item, pointer)) in items.enumerated() {
      let index = offset * 2 + 1
      let problem = try #require(elements[index] as? [String: Any])
      #expect(problem["type"] as? String == "urn:layoutd:problem:duplicate-member", "\(item)")
      #expect(problem["pointer"] as? String == "/\(index)\(pointer)", "\(item)")
      // The same item alone is rejected the same way, at the pointer without the index.
      let alone = try ErrorTests().expectProblem(
        try fixture.post("/avoid", item), status: 422, pointer: pointer)
      #expect(alone["type"] as? String == "urn:layoutd:problem:duplicate-member")
    }
    for index in stride(from: 0, to: body.count, by: 2) {
      Self.expectSame(elements[index], single, "item \(index)")
    }
  }

  @Test func acceptIsNotConsulted() throws {
    let fixture = try HTTPTestServer.layoutd()
    let valid = Self.avoidRequests(1)[0]
    let response = try fixture.post(
      "/avoid/batch", "[\(valid)]",
      headers: [("Content-Type", "application/json"), ("Accept", "image/svg+xml")])
    #expect(try Self.elements(response).count == 1)
  }

  @Test(arguments: ["/avoid/batch", "/caret-follow/batch"])
  func preflightsAnd405(_ path: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let preflight = fixture.request(
      method: "OPTIONS", path: path,
      headers: [("Origin", "https://tool.example"), ("Access-Control-Request-Method", "POST")])
    #expect(preflight.status == 204)
    #expect(preflight.headers["Allow"] == "OPTIONS, POST")
    #expect(preflight.headers["Access-Control-Allow-Methods"]?.contains("POST") == true)
    #expect(preflight.headers["Access-Control-Allow-Origin"] == "*")
    for method in ["GET", "PUT", "DELETE"] {
      let response = fixture.request(method: method, path: path)
      #expect(response.status == 405)
      #expect(response.headers["Allow"] == "OPTIONS, POST")
    }
  }

  @Test func metricsCountItemsByRoute() throws {
    let fixture = try HTTPTestServer.layoutd()
    let avoid = Self.avoidRequests(7)
    let caret = Self.caretRequests(3)
    #expect(try fixture.client().post("/avoid/batch", "[" + avoid.joined(separator: ",") + "]").status == 200)
    #expect(try fixture.client().post("/avoid/batch", "[\(avoid[0]),null]").status == 200)
    #expect(
      try fixture.client().post("/caret-follow/batch", "[" + caret.joined(separator: ",") + "]").status == 200
    )
    #expect(try fixture.client().post("/caret-follow/batch", "{}").status == 422)
    let expected = [
      #"layoutd_batch_items_total{route="/avoid/batch"}"#: 9.0,
      #"layoutd_batch_items_total{route="/caret-follow/batch"}"#: 3.0,
      #"layoutd_http_requests_total{route="/avoid/batch",status="200"}"#: 2.0,
      #"layoutd_http_requests_total{route="/caret-follow/batch",status="422"}"#: 1.0,
    ]
    // Requests are counted when they end, just after the client has its answer.
    var samples: [String: Double] = [:]
    let counted = try waitUntil {
      samples = MetricsTests.samples(try fixture.metricsText())
      return expected.allSatisfy { samples[$0.key] == $0.value }
    }
    #expect(counted, "\(samples.filter { $0.key.contains("batch") })")
  }

  @Test func theAccessLogHasOneLinePerBatchWithItsItemCount() throws {
    let pipe = AccessLogTests.LogPipe()
    let log = AccessLog(format: .json, descriptor: pipe.writeEnd)
    let fixture = try HTTPTestServer.layoutd(accessLog: log)
    let requests = Self.avoidRequests(25)
    #expect(
      try fixture.client().post("/avoid/batch", "[" + requests.joined(separator: ",") + "]").status == 200)
    #expect(try fixture.client().post("/avoid", requests[0]).status == 200)
    #expect(waitUntil { fixture.gauges.liveRequestCount == 0 })
    fixture.server.stop()
    log.writer.close()
    let objects = try pipe.drain().split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.count == 2)
    let batch = try #require(objects.first { $0["path"] as? String == "/avoid/batch" })
    #expect(batch["items"] as? Int == 25)
    let single = try #require(objects.first { $0["path"] as? String == "/avoid" })
    #expect(single["items"] == nil)
  }
}
