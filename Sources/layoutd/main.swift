import LayoutService
import Posix

ProcessInfo.exit(
  Layoutd.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.environment))
