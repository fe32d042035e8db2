/// An HTTP request method: a case-sensitive token such as `GET` or `POST`.
///
/// Any token is representable, so an unknown method such as `FOO` can be routed and answered
/// with `405 Method Not Allowed`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method token as sent on the request line.
  public let rawValue: String

  /// Creates a method from its token.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a method from its token.
  public init(_ token: String) {
    self.rawValue = token
  }

  public var description: String { rawValue }

  /// `GET`.
  public static let get = HTTPMethod("GET")
  /// `HEAD`.
  public static let head = HTTPMethod("HEAD")
  /// `POST`.
  public static let post = HTTPMethod("POST")
  /// `PUT`.
  public static let put = HTTPMethod("PUT")
  /// `DELETE`.
  public static let delete = HTTPMethod("DELETE")
  /// `PATCH`.
  public static let patch = HTTPMethod("PATCH")
  /// `OPTIONS`.
  public static let options = HTTPMethod("OPTIONS")
  /// `TRACE`.
  public static let trace = HTTPMethod("TRACE")
}
