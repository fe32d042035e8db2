extension Router {
  /// Answers `request` as the server would, without a connection: routes it (404, 405 with
  /// `Allow`), runs the handler, and renders a thrown problem (an `HTTPError`, or 500 for any
  /// other error or a status outside 200...599).
  ///
  /// Body limits, `Connection` handling and `Configuration.beforeSend` belong to the server
  /// and are not applied.
  public func answer(_ request: borrowing HTTPRequest) -> HTTPResponse {
    var response = HTTPResponse()
    guard let route = routes[request.path] else {
      HTTPError.notFound(path: request.path).render(into: &response)
      return response
    }
    guard let handler = route.handler(for: request.method) else {
      HTTPError.methodNotAllowed(request.method, path: request.path, allow: route.allow)
        .render(into: &response)
      return response
    }
    do {
      try handler(request, &response)
      if !(200...599).contains(response.status) {
        HTTPError.internalServerError.render(into: &response)
      }
    } catch let error as HTTPError {
      error.render(into: &response)
    } catch {
      HTTPError.internalServerError.render(into: &response)
    }
    if request.method == .head { response.body.removeAll() }
    return response
  }
}
