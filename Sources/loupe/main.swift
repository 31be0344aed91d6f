#if canImport(Glibc)
    import Glibc
#endif
import LoupePlanner
import LoupeService

// The executable only reads its arguments and starts things; every behaviour lives in the
// libraries, where it is tested.

let arguments = Array(CommandLine.arguments.dropFirst())
let environment = StandardStreams.environment

switch arguments.first {
case nil:
    exit(ServeCommand.run(arguments: [], environment: environment))
case "serve":
    exit(ServeCommand.run(arguments: Array(arguments.dropFirst()), environment: environment))
case let flag? where flag.hasPrefix("--") && flag != "--help" && flag != "--version":
    exit(ServeCommand.run(arguments: arguments, environment: environment))
case "healthcheck":
    exit(HealthCheckCommand.run(arguments: Array(arguments.dropFirst()), environment: environment))
case "plan":
    exit(AnswerCommand.run(arguments: Array(arguments.dropFirst()), endpoint: PlanEndpoint.self))
case "lifecycle":
    exit(AnswerCommand.run(arguments: Array(arguments.dropFirst()), endpoint: LifecycleEndpoint.self))
case "timeline":
    exit(AnswerCommand.run(arguments: Array(arguments.dropFirst()), endpoint: TimelineEndpoint.self))
case "check":
    exit(CheckCommand.run(arguments: Array(arguments.dropFirst())))
case "version", "--version":
    print("\(BuildInfo.name) \(BuildInfo.version) (API \(BuildInfo.apiVersion))")
case "help", "--help", "-h":
    print(Usage.text)
case let other?:
    StandardStreams.writeError("loupe: unknown command '\(other)'\n\n\(Usage.text)\n")
    exit(2)
}
