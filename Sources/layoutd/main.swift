import Glibc
import LayoutService

exit(Layoutd.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: Environment.current))
