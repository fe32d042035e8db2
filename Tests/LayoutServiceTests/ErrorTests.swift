import Foundation
import HTTPTesting
import LayoutService
import Testing

/// contract §7: every error is `application/problem+json` with the right status and pointer.
@Suite("Errors")
struct ErrorTests {
  static let valid =
    #"{"container":{"x":0,"y":0,"width":390,"height":844},"keyboard":{"x":0,"y":508,"width":390,"height":336},"#
    + #""field":{"x":20,"y":700,"width":350,"height":44}}"#

  /// Checks the problem body and returns its members.
  @discardableResult
  func expectProblem(
    _ response: TestResponse, status: Int, pointer: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    #expect(response.status == status, "\(response.bodyString)", sourceLocation: sourceLocation)
    #expect(
      response.headers["Content-Type"] == "application/problem+json", sourceLocation: sourceLocation)
    let problem = try response.jsonObject()
    #expect(problem["status"] as? Int == status, sourceLocation: sourceLocation)
    #expect((problem["title"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    #expect((problem["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(problem["type"] is String, sourceLocation: sourceLocation)
    if let pointer {
      #expect(problem["pointer"] as? String == pointer, sourceLocation: sourceLocation)
    }
    return problem
  }

  @Test(arguments: RequestDecoder.allCases)
  func emptyBodyIs400(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    try expectProblem(try fixture.post("/avoid", ""), status: 400)
    try expectProblem(try fixture.post("/caret-follow", ""), status: 400)
  }

  @Test(arguments: RequestDecoder.allCases)
  func bodyThatIsNotJSONIs400SayingWhereItBroke(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let problem = try expectProblem(try fixture.post("/avoid", "{\"container\": {\"x\": 0,,}}"), status: 400)
    let detail = try #require(problem["detail"] as? String)
    #expect(detail.contains("line 1, column 23"), "\(detail)")
    for body in ["{", "[1,]", "{\"a\":01}", "{\"a\":NaN}", "{\"a\":1} x", "\u{FEFF}{}", "{'a':1}"] {
      try expectProblem(try fixture.post("/avoid", body), status: 400)
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func invalidUTF8Is400(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    var body = Array(#"{"mode":"#.utf8)
    body += [0x22, 0xC3, 0x28, 0x22, 0x7D]
    let response = fixture.request(
      method: "POST", path: "/avoid", headers: [("Content-Type", "application/json")], body: body)
    try expectProblem(response, status: 400)
  }

  @Test func unknownPathIs404() throws {
    let fixture = try HTTPTestServer.layoutd()
    try expectProblem(try fixture.post("/avoid/", Self.valid), status: 404)
    try expectProblem(fixture.request(path: "/nowhere"), status: 404)
  }

  @Test(arguments: LayoutAPI.computingRoutes)
  func otherMethodsAre405WithAllow(path: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    for method in ["GET", "HEAD", "PUT", "DELETE", "PATCH", "TRACE", "FOO"] {
      let response = fixture.request(method: method, path: path)
      #expect(response.status == 405, "\(method)")
      #expect(response.headers["Allow"] == "OPTIONS, POST", "\(method)")
      if method != "HEAD" {
        try expectProblem(response, status: 405)
      }
    }
  }

  @Test(arguments: LayoutAPI.computingRoutes)
  func optionsIsAnsweredForCORS(path: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = fixture.request(method: "OPTIONS", path: path)
    #expect(response.status == 204)
    #expect(response.headers["Allow"] == "OPTIONS, POST")
  }

  @Test(arguments: RequestDecoder.allCases)
  func bodyOverTheLimitIs413(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder) { $0.maxBodyBytes = 1024 }
    let padding = String(repeating: " ", count: 1024 - Self.valid.utf8.count)
    #expect(try fixture.post("/avoid", Self.valid + padding).status == 200)
    try expectProblem(try fixture.post("/avoid", Self.valid + padding + " "), status: 413)
  }

  @Test(arguments: [
    "application/xml", "text/html", "multipart/form-data; boundary=x", "image/png", "application/jsonx",
  ])
  func nonJSONContentTypeIs415(contentType: String) throws {
    for decoder in RequestDecoder.allCases {
      let fixture = try HTTPTestServer.layoutd(decoder: decoder)
      try expectProblem(
        try fixture.post("/avoid", Self.valid, headers: [("Content-Type", contentType)]), status: 415)
    }
  }

  @Test func aBodyIsReadAsJSONWhateverTheCharsetItIsLabelledWith() throws {
    let fixture = try HTTPTestServer.layoutd()
    // ASCII JSON labelled Latin-1 (what some HTTP libraries label every text body): read, 200.
    for charset in ["ISO-8859-1", "utf-16", "UTF-8"] {
      let response = try fixture.post(
        "/avoid", Self.valid, headers: [("Content-Type", "application/json; charset=\(charset)")])
      #expect(response.status == 200, "\(charset)")
    }
    // A body that is not UTF-8 JSON is not JSON (contract §7: 400), whatever its label says.
    let utf16 = Array(Self.valid.utf16).flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
    let response = try fixture.client().request(
      method: "POST", path: "/avoid", headers: [("Content-Type", "application/json; charset=utf-16le")],
      body: utf16)
    try expectProblem(response, status: 400)
  }

  @Test(arguments: ["gzip", "deflate", "br", "identity, gzip", "gzip, identity", ", br", "identity,,x-gzip"])
  func aBodyWithAContentCodingIs415(coding: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post("/avoid", Self.valid, headers: [("Content-Encoding", coding)])
    try expectProblem(response, status: 415)
    #expect(response.headers["Accept-Encoding"] == "identity")
    #expect(response.bodyString.contains(coding))
  }

  /// Over a connection (its framing pass reads every field) and through the engine alone.
  @Test func aCodingInALaterContentEncodingFieldIs415() throws {
    let fixture = try HTTPTestServer.layoutd()
    let headers = [("Content-Encoding", "identity"), ("Content-Encoding", "gzip")]
    for response in [
      try fixture.client().post("/avoid", Self.valid, headers: headers),
      try fixture.post("/avoid", Self.valid, headers: headers),
    ] {
      try expectProblem(response, status: 415)
      #expect(response.bodyString.contains("gzip"))
    }
  }

  // One list (RFC 9110 §5.6.1): every element `identity`, empty elements ignored.
  @Test(arguments: [
    "identity", "IDENTITY", "", "identity ", "identity, identity", ", identity", " Identity ,identity,",
  ])
  func aBodyWithoutAContentCodingIsRead(coding: String) throws {
    let fixture = try HTTPTestServer.layoutd()
    let response = try fixture.post("/avoid", Self.valid, headers: [("Content-Encoding", coding)])
    #expect(response.status == 200, "\(response.bodyString)")
  }

  @Test(arguments: [
    nil, "application/json", "application/json; charset=utf-8", "Application/JSON",
    "application/vnd.layout+json", "text/plain", "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
  ])
  func contentTypesReadAsJSON(contentType: String?) throws {
    for decoder in RequestDecoder.allCases {
      let fixture = try HTTPTestServer.layoutd(decoder: decoder)
      let headers = contentType.map { [("Content-Type", $0)] } ?? []
      let response = try fixture.post("/avoid", Self.valid, headers: headers)
      #expect(response.status == 200, "\(decoder): \(response.bodyString)")
    }
  }

  @Test(arguments: [
    (#"{"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null}"#, "/container", "missing-member"),
    (
      #"{"container":{"x":0,"y":0,"width":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null}"#,
      "/container/height", "missing-member"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":"1"},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null}"#,
      "/container/height", "wrong-type"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":{"x":0,"y":0,"width":1,"height":-1}}"#,
      "/keyboard/height", "negative"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1e10},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null}"#,
      "/container/height", "out-of-range"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1e400},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null}"#,
      "/container/height", "not-finite"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1}}"#,
      "/keyboard", "no-keyboard"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null,"keyboardHeight":1}"#,
      "/keyboard", "both-keyboard-and-height"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null,"mode":"slide"}"#,
      "/mode", "unknown-value"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null,"undocked":"maybe"}"#,
      "/undocked", "unknown-value"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null,"animation":{"curve":7.5}}"#,
      "/animation/curve", "not-an-integer"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null,"animation":{"curve":16}}"#,
      "/animation/curve", "out-of-range"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null,"mode":"scroll","contentSize":{"width":1,"height":1}}"#,
      "/contentOffset", "missing-member"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null,"safeArea":{"top":-1}}"#,
      "/safeArea/top", "negative"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1,"height":2},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null}"#,
      "/container/height", "duplicate-member"
    ),
    (
      #"{"container":{"x":0,"y":0,"width":1,"height":1},"field":{"x":0,"y":0,"width":1,"height":1},"keyboard":null,"margin":-1}"#,
      "/margin", "negative"
    ),
    (#"[1,2]"#, "", "wrong-type"),
  ])
  func contractViolationsAre422WithPointer(body: String, pointer: String, rule: String) throws {
    for decoder in RequestDecoder.allCases {
      let fixture = try HTTPTestServer.layoutd(decoder: decoder)
      let problem = try expectProblem(try fixture.post("/avoid", body), status: 422, pointer: pointer)
      #expect(problem["type"] as? String == "urn:layoutd:problem:\(rule)", "\(decoder)")
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func aBodyThatIsNotAnObjectIsNamedAsTheBody(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    for (path, body) in [("/avoid", "[1,2]"), ("/caret-follow", "7"), ("/avoid", "\"text\"")] {
      let problem = try expectProblem(try fixture.post(path, body), status: 422, pointer: "")
      #expect(problem["detail"] as? String == "The body must be an object.", "\(path) \(body)")
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func caretFollowViolationsPointIntoItsMembers(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    try expectProblem(
      try fixture.post(
        "/caret-follow",
        #"{"textView":{"x":0,"y":0,"width":1,"height":1},"keyboardHeight":1,"caret":{"x":0,"y":0,"width":1,"height":1},"#
          + #""contentOffset":{"x":0,"y":0},"contentSize":{"width":1,"height":1},"lineHeight":-2}"#),
      status: 422, pointer: "/lineHeight")
    try expectProblem(
      try fixture.post(
        "/caret-follow", #"{"textView":{"x":0,"y":0,"width":1,"height":1},"keyboardHeight":1}"#),
      status: 422, pointer: "/caret")
  }

  /// A valid `/chat` body (contract §12) with `extra` members added.
  static func chat(_ extra: String = "", without member: String? = nil) -> String {
    var members = [
      "container": #"{"x":0,"y":0,"width":390,"height":844}"#, "keyboardHeight": "336",
      "list": #"{"x":0,"y":0,"width":390,"height":760}"#,
      "composer": #"{"x":0,"y":760,"width":390,"height":50}"#,
      "contentOffset": #"{"x":0,"y":2240}"#, "contentSize": #"{"width":390,"height":3000}"#,
    ]
    if let member { members[member] = nil }
    let body = members.sorted { $0.key < $1.key }.map { #""\#($0.key)":\#($0.value)"# }
    return "{" + (body + (extra.isEmpty ? [] : [extra])).joined(separator: ",") + "}"
  }

  @Test(arguments: [
    (chat(without: "list"), "/list", "missing-member"),
    (chat(#""lift":"sometimes""#), "/lift", "unknown-value"),
    (chat(#""inverted":"yes""#), "/inverted", "wrong-type"),
    (chat(#""keyboardInset":-1"#), "/keyboardInset", "negative"),
    (chat(#""endThreshold":-1"#), "/endThreshold", "negative"),
  ])
  func chatViolationsAre422WithPointer(body: String, pointer: String, rule: String) throws {
    for decoder in RequestDecoder.allCases {
      let fixture = try HTTPTestServer.layoutd(decoder: decoder)
      #expect(try fixture.post("/chat", Self.chat()).status == 200)
      let problem = try expectProblem(try fixture.post("/chat", body), status: 422, pointer: pointer)
      #expect(problem["type"] as? String == "urn:layoutd:problem:\(rule)", "\(decoder)")
    }
  }

  @Test(arguments: RequestDecoder.allCases)
  func unknownMembersAreIgnored(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let body = Self.valid.dropLast() + #","future":{"nested":[1,2,{"x":null}]},"keyboardTheme":"dark"}"#
    #expect(try fixture.post("/avoid", String(body)).status == 200)
  }

  @Test(arguments: RequestDecoder.allCases)
  func aBadRequestDoesNotHurtTheNextOnTheSameConnection(decoder: RequestDecoder) throws {
    let fixture = try HTTPTestServer.layoutd(decoder: decoder)
    let client = try fixture.client()
    #expect(try client.post("/avoid", #"{"container":"#).status == 400)
    #expect(try client.post("/avoid", "{}").status == 422)
    let response = try client.post("/avoid", Self.valid)
    #expect(response.status == 200)
    #expect(try response.jsonObject()["fits"] as? Bool == true)
  }
}
