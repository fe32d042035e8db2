import HTTPServer

extension LayoutService {
  /// The problem `GET /readyz` answers while draining.
  static let drainingProblem = HTTPError(
    status: 503, type: "urn:layoutd:problem:draining", title: "Draining",
    detail: "This instance is shutting down; send requests to another one.")

  /// `GET /readyz`: 200 `{"status":"ready"}` until the instance drains, then 503.
  static func readyz(_ readiness: Readiness, _ response: inout HTTPResponse) throws(HTTPError) {
    guard readiness.isReady else { throw drainingProblem }
    response.write(#"{"status":"ready"}"#)
  }
}
