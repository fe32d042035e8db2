import MicroHTTP
import Testing

/// `Router.answer(_:)`: the handler path without a socket.
@Suite("Router.answer")
struct RouterAnswerTests {
  func answer(
    _ method: HTTPMethod, _ path: String, body: String = "", headers: [HTTPHeader] = []
  ) -> HTTPResponse {
    var bytes = Array(body.utf8)
    return bytes.withUnsafeMutableBytes { buffer in
      TestServer.routes().answer(
        HTTPRequest(method: method, path: path, headers: headers, body: UnsafeRawBufferPointer(buffer)))
    }
  }

  @Test func routesToTheHandlerWithBodyAndHeaders() {
    let echo = answer(.post, "/echo", body: "hello")
    #expect(echo.status == 200)
    #expect(echo.body == Array("hello".utf8))
    #expect(answer(.get, "/header", headers: [HTTPHeader("X-Test", "seen")]).body == Array("seen".utf8))
  }

  @Test func answersProblemsAsTheServerDoes() {
    let missing = answer(.get, "/missing")
    #expect(missing.status == 404)
    #expect(missing.contentType == HTTPError.problemContentType)
    let wrongMethod = answer(.delete, "/fixed")
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.headers.contains(HTTPHeader("Allow", "GET, HEAD")))
    let problem = answer(.post, "/problem")
    #expect(problem.status == 422)
    #expect(!String(decoding: problem.body, as: UTF8.self).contains("partial output"))
    #expect(answer(.post, "/failure").status == 500)
  }
}
