/// Why an `HTTPServer` could not start.
public enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Another socket is already listening on `host:port`.
  case addressInUse(host: String, port: Int)
  /// `host` is not `localhost` or an IPv4/IPv6 literal, or `port` is outside 0...65535.
  case invalidAddress(host: String, port: Int)
  /// libmicrohttpd refused to start; `errno` is the system error seen, or 0.
  case cannotStart(host: String, port: Int, errno: Int32)

  public var description: String {
    switch self {
    case .addressInUse(let host, let port):
      "address already in use: \(Self.endpoint(host, port))"
    case .invalidAddress(let host, let port):
      "invalid listen address \(Self.endpoint(host, port)): use localhost or an IP literal and a port 0...65535"
    case .cannotStart(let host, let port, let errno):
      "cannot listen on \(Self.endpoint(host, port)) (errno \(errno))"
    }
  }

  private static func endpoint(_ host: String, _ port: Int) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
