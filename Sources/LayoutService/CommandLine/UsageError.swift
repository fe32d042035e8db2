/// A command-line flag or environment variable that `layoutd` cannot use.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line naming the flag or variable and what is wrong with it.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
