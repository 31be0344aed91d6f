#if canImport(Glibc)
    import Glibc
#endif
import LoupeHTTP
import LoupeService

/// `loupe healthcheck [--port N]`: exit 0 when the local service answers /healthz with 200.
/// The container's HEALTHCHECK runs it, since the runtime image has no curl.
enum HealthCheckCommand {
    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.parse(arguments: arguments, environment: environment)
        } catch {
            StandardStreams.writeError("loupe: \(error)\n")
            return 2
        }
        guard let status = HealthProbe.status(port: configuration.server.port) else {
            StandardStreams.writeError("loupe: no answer on port \(configuration.server.port)\n")
            return 1
        }
        guard status == 200 else {
            StandardStreams.writeError("loupe: /healthz answered \(status)\n")
            return 1
        }
        return 0
    }
}
