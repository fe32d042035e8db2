/// The `route` label of a metric: one of the service's routes, or `other` for a path that has
/// none, so the label set stays bounded whatever paths clients send.
enum MetricRoute: Int, CaseIterable, Sendable {
  case avoid, caretFollow, healthz, readyz, metrics, openAPI, playground, other

  /// The route of a request, from the path of the route that answered it (`nil`: none).
  init(_ route: String?) {
    switch route {
    case "/avoid": self = .avoid
    case "/caret-follow": self = .caretFollow
    case "/healthz": self = .healthz
    case "/readyz": self = .readyz
    case "/metrics": self = .metrics
    case "/openapi.yaml": self = .openAPI
    case "/": self = .playground
    default: self = .other
    }
  }

  /// The label value.
  var label: String {
    switch self {
    case .avoid: "/avoid"
    case .caretFollow: "/caret-follow"
    case .healthz: "/healthz"
    case .readyz: "/readyz"
    case .metrics: "/metrics"
    case .openAPI: "/openapi.yaml"
    case .playground: "/"
    case .other: "other"
    }
  }
}
