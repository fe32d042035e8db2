import HTTPServer

extension LayoutService {
  /// `GET /metrics`: the Prometheus text exposition format 0.0.4.
  static func metrics(
    _ metrics: ServiceMetrics, _ readiness: Readiness, _ response: inout HTTPResponse
  ) {
    response.contentType = ServiceMetrics.contentType
    response.write(metrics.exposition(ready: readiness.isReady))
  }
}
