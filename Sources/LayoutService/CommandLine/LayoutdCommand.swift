/// What one invocation of `layoutd` asks for.
public enum LayoutdCommand: Equatable, Sendable {
  case run(LayoutdOptions)
  case help
  case version
}
