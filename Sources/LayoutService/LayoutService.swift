import HTTPServer

/// The layoutd HTTP API: which routes exist and what answers them.
///
/// `POST /avoid` and `POST /caret-follow` read a JSON request (SPEC §3–§5), compute the layout
/// with `LayoutCore` and write a JSON answer; `GET /healthz` tells a load balancer the process
/// is up.
public struct LayoutService: Sendable {
  public init() {}

  /// A router with every layoutd route.
  public func router() -> Router {
    var router = Router()
    router.add(.post, "/avoid") { request, response in
      try Self.avoid(request, &response)
    }
    router.add(.post, "/caret-follow") { request, response in
      try Self.caretFollow(request, &response)
    }
    router.add(.get, "/healthz") { _, response in
      response.write(#"{"status":"ok"}"#)
    }
    return router
  }
}
