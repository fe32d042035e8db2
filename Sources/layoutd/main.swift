import LayoutService
import Posix

CurrentProcess.exit(
  Layoutd.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: CurrentProcess.environment))
