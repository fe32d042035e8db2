import Foundation
import HTTPTesting
import MicroHTTP
import Testing

@Suite("Problem answers", .tags(.threads))
struct ProblemTests {
  @Test func thrownHTTPErrorIsRenderedAsProblemJSON() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(
      method: "POST", path: "/problem", body: "{}")
    let expected = TestRoutes.problem
    #expect(response.status == expected.status)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    #expect(response.headers["X-Problem"] == "yes")
    let problem = try response.jsonObject()
    #expect(problem["type"] as? String == expected.type)
    #expect(problem["title"] as? String == expected.title)
    #expect(problem["status"] as? Int == expected.status)
    #expect(problem["detail"] as? String == expected.detail)
    #expect(problem["pointer"] as? String == expected.pointer)
    #expect(problem.count == 5)
  }

  @Test func anyOtherThrownErrorAnswers500() throws {
    let server = try HTTPTestServer()
    defer { server.stop() }
    let client = try HTTPTestClient(port: server.port)
    let response = try client.request(method: "POST", path: "/failure", body: "{}")
    #expect(response.status == 500)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    let problem = try response.jsonObject()
    #expect(problem["status"] as? Int == 500)
    #expect(problem["title"] as? String == "Internal Server Error")
    #expect(try client.request(path: "/fixed").status == 200)
  }

  @Test(arguments: [42, 101, 600])
  func statusOutsideTheAnswerableRangeAnswers500(status: Int) throws {
    var router = Router()
    router.add(.get, "/odd") { _, response in response.status = status }
    let server = try HTTPTestServer(router: router)
    defer { server.stop() }
    let response = try HTTPTestClient(port: server.port).request(path: "/odd")
    #expect(response.status == 500)
    #expect(try response.jsonObject()["status"] as? Int == 500)
  }

  @Test func everyControlCharacterSurvivesTheRoundTrip() throws {
    let detail = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\"\\/"
    var bytes: [UInt8] = []
    HTTPError(status: 400, detail: detail).writeProblemJSON(into: &bytes)
    let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    #expect(object?["detail"] as? String == detail)
    #expect(object?["title"] as? String == "Bad Request")
    #expect(!bytes.contains { $0 < 0x20 })
  }

  @Test func renderReplacesTheWholeResponse() {
    var response = HTTPResponse(
      status: 200, contentType: "text/plain", headers: [HTTPHeader("X-Old", "1")],
      body: Array("old".utf8))
    HTTPError(status: 409, detail: "d", headers: [HTTPHeader("X-New", "2")]).render(into: &response)
    #expect(response.status == 409)
    #expect(response.contentType == "application/problem+json")
    #expect(response.headers == [HTTPHeader("X-New", "2")])
    #expect(String(decoding: response.body, as: UTF8.self).hasPrefix(#"{"type":"about:blank","#))
  }

  @Test func unregisteredStatusHasAGenericTitle() {
    #expect(HTTPError(status: 599, detail: "").title == "Unknown")
    #expect(HTTPError(status: 404, detail: "").title == "Not Found")
  }
}
